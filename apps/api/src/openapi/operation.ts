import type { OpenAPIRegistry, RouteConfig } from "@asteasolutions/zod-to-openapi";
import { type Permission, SCOPE_NAMES, scopeAllows } from "@svc/core";
import { z } from "zod";
import { type DocumentedErrorCode, errorResponses } from "./errorCatalogue.ts";

export const SECURITY_SCHEME = "apiKey";

/** Errors any authenticated operation may answer, whatever it does. */
const AUTHENTICATED_ERRORS: readonly DocumentedErrorCode[] = [
  "bad_request",
  "unauthorized",
  "forbidden",
  "source_not_allowed",
  "rate_limited",
  "unavailable",
];
/** Errors of an operation that reads a JSON request body. */
export const JSON_BODY_ERRORS: readonly DocumentedErrorCode[] = [
  "bad_request",
  "payload_too_large",
  "unsupported_media_type",
  "validation_failed",
  "server_busy",
];

type HeadersObject = Record<string, { description?: string; required?: boolean; schema: object }>;

const SECONDS = { type: "string", pattern: "^\\d+$" };

/**
 * What every answer to a request with a valid key carries while the key's rate limit is on
 * (none when the limit is off or Redis cannot be reached: the limiter then lets requests through;
 * none on a 401, nor on a 403 `source_not_allowed`, which are answered before the request is
 * counted). A request counted against two limits (the render endpoint's, per workspace, too)
 * shows the one closest to exhaustion.
 */
const RATE_LIMIT_HEADERS: HeadersObject = {
  "RateLimit-Limit": {
    description:
      "The burst of the limit closest to exhaustion (the key's, unless another counts this request): how many requests it allows at once.",
    schema: SECONDS,
  },
  "RateLimit-Remaining": { description: "Requests that limit still allows right now.", schema: SECONDS },
  "RateLimit-Reset": { description: "Seconds until that limit's allowance is full again.", schema: SECONDS },
};

const RETRY_AFTER: HeadersObject = {
  "Retry-After": {
    description:
      "On `rate_limited`, `render_rate_limited`, `replay_rate_limited` and `erasure_rate_limited`: seconds to wait before the next request is allowed; on `server_busy`: seconds to wait before sending the body again.",
    schema: SECONDS,
  },
};

/** zod-described headers as OpenAPI header objects, so they can sit beside the plain ones above. */
function headersFromZod(headers: z.ZodObject | undefined): HeadersObject {
  if (!headers) return {};
  return Object.fromEntries(
    Object.entries(headers.shape).map(([name, schema]) => {
      const { $schema: _dialect, ...json } = z.toJSONSchema(schema as z.ZodType, { io: "input", target: "draft-2020-12" });
      return [
        name,
        {
          required: !(schema as z.ZodType).safeParse(undefined).success,
          ...(json.description ? { description: json.description } : {}),
          schema: json,
        },
      ];
    }),
  );
}

interface SuccessResponse {
  description: string;
  /** A JSON body; omit for none. */
  schema?: z.ZodType;
  /** Another media type than JSON (the schema then describes that body). */
  contentType?: string;
  /** Further media types the same body may come as (a format chosen by a parameter). */
  alsoContentTypes?: readonly string[];
  headers?: z.ZodObject;
}

export interface OperationSpec {
  method: RouteConfig["method"];
  /** OpenAPI form: `/emails/{id}`. */
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  /** The permission the key's scope preset must grant, or null for an operation without a key. */
  permission: Permission | null;
  request?: RouteConfig["request"];
  responses: Record<number, SuccessResponse>;
  /** Error codes particular to this operation (those of every authenticated operation are added). */
  errors?: readonly DocumentedErrorCode[];
}

const scopesGranting = (permission: Permission) => SCOPE_NAMES.filter((scope) => scopeAllows(scope, permission));

/**
 * Registers one operation: its success answers, an answer per error status listing the codes it
 * may carry, the key and scope it needs, and (for keyed operations) the rate-limit headers. Every route of the API is described through this,
 * so that the rules (which errors an authenticated call can get, how a scope is written) are
 * stated once.
 */
export function registerOperation(registry: OpenAPIRegistry, spec: OperationSpec): void {
  const responses: RouteConfig["responses"] = {};
  const keyed = spec.permission ? RATE_LIMIT_HEADERS : {};
  for (const [status, response] of Object.entries(spec.responses)) {
    const headers = { ...keyed, ...headersFromZod(response.headers) };
    responses[status] = {
      description: response.description,
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      ...(response.schema
        ? {
            content: Object.fromEntries(
              [response.contentType ?? "application/json", ...(response.alsoContentTypes ?? [])].map((type) => [
                type,
                { schema: response.schema },
              ]),
            ),
          }
        : {}),
    };
  }
  const errors = [...(spec.permission ? AUTHENTICATED_ERRORS : []), ...(spec.errors ?? [])];
  for (const [status, response] of Object.entries(errorResponses(errors))) {
    const headers = { ...keyed, ...((status === "429" || status === "503") && spec.permission ? RETRY_AFTER : {}) };
    responses[status] = Object.keys(headers).length > 0 ? { ...response, headers } : response;
  }

  const scopes = spec.permission ? scopesGranting(spec.permission) : [];
  const access = spec.permission
    ? `Requires an API key whose scope preset grants \`${spec.permission}\`: ${scopes.map((scope) => `\`${scope}\``).join(", ")}.`
    : "No API key needed.";
  registry.registerPath({
    method: spec.method,
    path: spec.path,
    operationId: spec.operationId,
    tags: [spec.tag],
    summary: spec.summary,
    description: spec.description ? `${spec.description}\n\n${access}` : access,
    // OpenAPI 3.1 lets a non-OAuth scheme list the roles an operation needs: the permission.
    security: spec.permission ? [{ [SECURITY_SCHEME]: [spec.permission] }] : [],
    ...(spec.permission ? { "x-permission": spec.permission, "x-scopes": scopes } : {}),
    ...(spec.request ? { request: spec.request } : {}),
    responses,
  });
}
