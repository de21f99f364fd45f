/**
 * Text that cannot reach PostgreSQL: `text` columns refuse U+0000 (NUL), so a request carrying
 * one would fail at the database with a 500. Every app refuses it at the boundary instead.
 */
export const NUL_MESSAGE = "must not contain the NUL character (U+0000)";

export function hasNul(value: string): boolean {
  return value.includes("\u0000");
}

/**
 * The first field of a parsed body (form or JSON) holding a string with NUL, named as a caller
 * wrote it (`to[2]`, `name`); null when there is none. Keys are checked too.
 */
export function nulField(value: unknown, path = ""): string | null {
  if (typeof value === "string") return hasNul(value) ? path || "body" : null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = nulField(value[index], `${path}[${index}]`);
      if (found) return found;
    }
    return null;
  }
  if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const name = path ? `${path}.${key}` : key;
      if (hasNul(key)) return name.replace(/\u0000/g, "\\u0000");
      const found = nulField(item, name);
      if (found) return found;
    }
  }
  return null;
}

/** What is wrong with a request's target, in the apps' `{error, code}` shape. */
export interface RequestTargetProblem {
  code: "bad_request";
  message: string;
}

/**
 * Checks the request line before any router decodes it: a path with a malformed percent-escape
 * (`/emails/%ff%fe`, `/emails/%`) would make the router's decodeURIComponent throw a URIError,
 * and a NUL in the decoded path or in a query value cannot be stored or compared in Postgres.
 * Both are the client's mistake: 400. Null when the target is fine.
 */
export function requestTargetProblem(req: { url?: string | undefined; query?: unknown }): RequestTargetProblem | null {
  const url = req.url ?? "/";
  const queryStart = url.indexOf("?");
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return { code: "bad_request", message: "The request path has a malformed percent-escape." };
  }
  if (hasNul(decoded)) return { code: "bad_request", message: `The request path ${NUL_MESSAGE}.` };
  const field = nulField(req.query ?? {});
  if (field) return { code: "bad_request", message: `Query parameter ${field} ${NUL_MESSAGE}.` };
  return null;
}
