import { AwsError } from "../server.ts";

/**
 * Input checks shared by the SES modules, with the error shapes SES answers: a malformed request
 * is `BadRequestException` (400), an unknown resource `NotFoundException` (404).
 */

const RESOURCE_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** Configuration set and event destination names: letters, digits, `_` and `-`, up to 64. */
export function requireName(value: unknown, field: string): string {
  if (typeof value !== "string" || !RESOURCE_NAME.test(value)) {
    throw new AwsError("BadRequestException", `${field} must be 1-64 letters, digits, underscores or hyphens.`);
  }
  return value;
}

export function optionalObject<T>(value: unknown, field: string): T | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "object" || Array.isArray(value)) throw new AwsError("BadRequestException", `${field} must be an object.`);
  return value as T;
}

export function optionalBoolean(value: unknown, field: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "boolean") throw new AwsError("BadRequestException", `${field} must be a boolean.`);
  return value;
}

export function optionalString(value: unknown, field: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw new AwsError("BadRequestException", `${field} must be a string.`);
  return value;
}

export function stringList<T extends string>(value: unknown, field: string, allowed: readonly T[]): T[] {
  if (!Array.isArray(value) || value.some((item) => typeof item !== "string" || !allowed.includes(item as T))) {
    throw new AwsError("BadRequestException", `${field} must be a list of: ${allowed.join(", ")}.`);
  }
  return [...new Set(value as T[])];
}

export function notFound(what: string): AwsError {
  return new AwsError("NotFoundException", `${what} does not exist.`, 404);
}
