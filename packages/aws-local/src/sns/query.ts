import { AwsError } from "../server.ts";

/**
 * Reading the query protocol's flattened parameters: a map arrives as
 * `Attributes.entry.1.key=…&Attributes.entry.1.value=…`.
 */
export function queryMap(params: URLSearchParams, name: string): Record<string, string> {
  const map: Record<string, string> = {};
  for (let index = 1; ; index += 1) {
    const key = params.get(`${name}.entry.${index}.key`);
    if (key === null) return map;
    map[key] = params.get(`${name}.entry.${index}.value`) ?? "";
  }
}

export function requireParam(params: URLSearchParams, name: string): string {
  const value = params.get(name);
  if (value === null || value === "") throw new AwsError("InvalidParameter", `Invalid parameter: ${name} is required.`);
  return value;
}

export function notFound(message: string): AwsError {
  return new AwsError("NotFound", message, 404);
}
