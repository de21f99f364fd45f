import type { OpenAPIRegistry, ResponseConfig, RouteConfig } from "@asteasolutions/zod-to-openapi";
import { SCOPE_NAMES, scopeAllows, type Permission } from "@svc/core";
import type { z } from "zod";
import { errorResponses, type DocumentedErrorCode } from "./errorCatalogue.ts";

export const SECURITY_SCHEME = "apiKey";

/** Errors any authenticated operation may answer, whatever it does. */
const AUTHENTICATED_ERRORS: readonly DocumentedErrorCode[] = ["bad_request", "unauthorized", "forbidden", "unavailable"];
/** Errors of an operation that reads a JSON request body. */
export const JSON_BODY_ERRORS: readonly DocumentedErrorCode[] = ["bad_request", "payload_too_large", "unsupported_media_type", "validation_failed"];

interface SuccessResponse {
  description: string;
  /** A JSON body; omit for none. */
  schema?: z.ZodType;
  /** Another media type than JSON (the schema then describes that body). */
  contentType?: string;
  headers?: ResponseConfig["headers"];
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
 * may carry, and the key and scope it needs. Every route of the API is described through this,
 * so that the rules (which errors an authenticated call can get, how a scope is written) are
 * stated once.
 */
export function registerOperation(registry: OpenAPIRegistry, spec: OperationSpec): void {
  const responses: RouteConfig["responses"] = {};
  for (const [status, response] of Object.entries(spec.responses)) {
    responses[status] = {
      description: response.description,
      ...(response.headers ? { headers: response.headers } : {}),
      ...(response.schema ? { content: { [response.contentType ?? "application/json"]: { schema: response.schema } } } : {}),
    };
  }
  const errors = [...(spec.permission ? AUTHENTICATED_ERRORS : []), ...(spec.errors ?? [])];
  Object.assign(responses, errorResponses(errors));

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
