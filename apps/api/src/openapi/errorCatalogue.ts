import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { ERROR_STATUS, type ErrorCode } from "@svc/core";
import { z } from "zod";

/** The code the error handler answers for a bug (a 500 is never an expected answer). */
export const INTERNAL_ERROR = { code: "internal", status: 500 } as const;

export type DocumentedErrorCode = ErrorCode | typeof INTERNAL_ERROR.code;

/**
 * What each machine code means to a caller. Typed by ERROR_STATUS, so a new code does not
 * compile until it is described here and therefore in the document.
 */
const MEANINGS: Record<DocumentedErrorCode, string> = {
  bad_request: "The request could not be read: malformed JSON, a malformed percent-escape or a NUL in the path or query.",
  region_not_configured:
    "A workspace's primary or failover region names an SES region this install does not send from (SES_REGIONS); nothing was changed.",
  unauthorized: "The Authorization header is missing, malformed, or names an unknown or revoked key.",
  forbidden: "The key's scope preset lacks the permission this operation needs (the message names it).",
  domain_not_verified: "The domain of `from` is not a verified domain of the key's workspace.",
  domain_not_allowed:
    "The key is bound to sending domains and the domain of `from` is not one of them (exact names: a subdomain is another domain); nothing was stored.",
  source_not_allowed:
    "The key is bound to source networks (CIDRs) and the request came from an address outside them; nothing was done, and the refusal is logged with the key's id and the address.",
  not_found:
    "No such resource in the key's workspace (another workspace's resource is indistinguishable from a missing one), or no such route.",
  conflict:
    "The request conflicts with the resource's state: on a send, an Idempotency-Key already used with a different request body; on cancel or reschedule, an email that is no longer scheduled; a webhook subscription that is disabled (test event, replay) or at its workspace's limit; on a template, an alias the workspace already uses.",
  confirmation_required: "Removing a complaint suppression needs `?confirm=complaint`.",
  replay_in_progress:
    "The webhook subscription already has as many replays pacing their deliveries in as allowed (WEBHOOK_REPLAYS_ACTIVE_PER_SUBSCRIPTION, 1); the message says when the running one ends.",
  payload_too_large: "The request body is larger than the operation allows (see its request body).",
  unsupported_media_type:
    "The request body is not JSON (Content-Type must be application/json), or uses an unsupported charset or content encoding.",
  validation_failed: "A field, query parameter or header is invalid; the message names every one that is wrong.",
  attachment_quota_exceeded:
    "The workspace's attachment bytes held for unsent (queued or scheduled) emails would exceed its plan's quota; the message names the quota and what is held. Sends without files, and sends once held emails are handed off, are not affected.",
  daily_limit_reached: "The workspace's plan allows no more sends today (UTC); the message names the limit.",
  rate_limited: "Too many requests; wait for the time in Retry-After.",
  replay_quota_exceeded:
    "The replay would take the workspace past its replayed deliveries for today (UTC, WEBHOOK_REPLAYED_DELIVERIES_PER_DAY); the message says how many are left, Retry-After when the day ends.",
  erasure_rate_limited:
    "The workspace asked for more erasures in the last minute than allowed (API_ERASURES_PER_MINUTE, 10); wait for the time in Retry-After. Nothing was started.",
  render_rate_limited:
    "The workspace's template renders are over their own limit: the render endpoint's rate per workspace, or the workspace's share of render time (its renders ran long); nothing was rendered: wait for the time in Retry-After.",
  replay_rate_limited:
    "The workspace asked for more replays than its own limit (API_REPLAYS_PER_MINUTE per workspace, apart from the key's request rate); nothing was replayed: wait for the time in Retry-After.",
  unavailable:
    "A dependency (PostgreSQL, or the object store that holds attachment bytes when FILE_STORE=s3) did not answer in time; nothing was stored: retry later.",
  server_busy:
    "The service holds as many request bodies as its memory budget allows (or the workspace holds its share of it); nothing was done: retry after Retry-After seconds.",
  internal: "A bug on our side. Never an expected answer; details are in the server's log, not in the answer.",
};

export const ERROR_CODES = [...(Object.keys(ERROR_STATUS) as ErrorCode[]), INTERNAL_ERROR.code] as const;

export function statusOfCode(code: DocumentedErrorCode): number {
  return code === INTERNAL_ERROR.code ? INTERNAL_ERROR.status : ERROR_STATUS[code];
}

/** The catalogue as a Markdown table, for the Error schema's description. */
function catalogueTable(): string {
  const rows = ERROR_CODES.map((code) => `| \`${code}\` | ${statusOfCode(code)} | ${MEANINGS[code]} |`);
  return ["| code | status | meaning |", "|---|---|---|", ...rows].join("\n");
}

/** Every error answer of every app has this shape. */
export const errorSchema = z
  .object({
    error: z.string().meta({ description: "A human-readable message; may change between versions: match on `code`." }),
    code: z.enum(ERROR_CODES).meta({ description: "A stable machine code (see the catalogue)." }),
    errors: z
      .array(z.object({ index: z.int().min(0), error: z.string(), code: z.enum(ERROR_CODES) }))
      .optional()
      .meta({ description: "On a refused batch: every refused email by its index in the request, with its own error." }),
    quotaBytes: z
      .int()
      .min(0)
      .optional()
      .meta({ description: "On `attachment_quota_exceeded`: the plan's quota of attachment bytes held for unsent emails." }),
    heldBytes: z
      .int()
      .min(0)
      .optional()
      .meta({ description: "On `attachment_quota_exceeded`: the attachment bytes the workspace's unsent emails hold now." }),
  })
  .meta({
    description: `The body of every error answer. Codes and their statuses:\n\n${catalogueTable()}`,
    example: { error: "Invalid or missing API key.", code: "unauthorized" },
  });

/** The Error schema as a JSON Schema component (registered by hand: it is referenced, not inlined). */
export function errorComponent(): Parameters<OpenAPIRegistry["registerComponent"]>[2] {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(errorSchema, { target: "draft-2020-12" });
  // zod's JSON Schema type allows boolean sub-schemas, which OpenAPI's typings do not spell.
  return schema as Parameters<OpenAPIRegistry["registerComponent"]>[2];
}

const ERROR_REF = { $ref: "#/components/schemas/Error" };

/** One documented response per status, whose `code` may only be one of the codes given. */
export function errorResponses(codes: readonly DocumentedErrorCode[]) {
  const byStatus = new Map<number, DocumentedErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = statusOfCode(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, { description: string; content: { "application/json": { schema: object; example: object } } }> = {};
  for (const [status, statusCodes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const first = statusCodes[0]!;
    responses[String(status)] = {
      description: statusCodes.map((code) => `\`${code}\`: ${MEANINGS[code]}`).join("\n\n"),
      content: {
        "application/json": {
          schema: { allOf: [ERROR_REF, { type: "object", properties: { code: { enum: statusCodes } } }] },
          example: { error: MEANINGS[first], code: first },
        },
      },
    };
  }
  return responses;
}
