import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import {
  BATCH_LIMITS,
  EVENTS_PAGE_SIZE,
  MAX_EVENTS_PAGE_SIZE,
  MAX_IDEMPOTENCY_KEY_LENGTH,
  MAX_LIST_LIMIT,
  rescheduleSchema,
  SCHEDULE_LIMITS,
  SEND_LIMITS,
  sendEmailSchema,
} from "@svc/core";
import { z } from "zod";
import { JSON_BODY_ERRORS, registerOperation } from "../operation.ts";
import {
  batchEntrySchema,
  emailEventPageSchema,
  emailSchema,
  emailStatusSchema,
  emailWithEventsSchema,
  queuedEmailSchema,
  scheduleAnswerSchema,
} from "../schemas.ts";

const TAG = "Emails";

/** The validator of POST /emails, with what its refinements check said in words. */
const sendEmailRequest = sendEmailSchema.meta({
  id: "SendEmailRequest",
  description: [
    `- \`from\`: an address or \`Name <address>\` (address at most ${SEND_LIMITS.maxAddressLength} characters, name at most ${SEND_LIMITS.maxDisplayNameLength}), on a domain verified for the workspace.`,
    `- \`to\`: 1 to ${SEND_LIMITS.maxRecipients} addresses (a single address as a string is accepted too).`,
    `- \`subject\`: 1 to ${SEND_LIMITS.maxSubjectLength} characters, no line breaks.`,
    "- At least one of `html` and `text`.",
    `- \`scheduledAt\`: optional, an ISO 8601 date-time with a time zone, at most ${SCHEDULE_LIMITS.maxAheadDays} days ahead; the email is \`scheduled\` until then.`,
    `- No other fields; no NUL characters anywhere. The whole body is at most ${SEND_LIMITS.maxBodyBytes / (1024 * 1024)} MB.`,
  ].join("\n"),
  example: { from: "Acme <hello@acme.com>", to: ["someone@example.org"], subject: "Welcome", text: "Hi", html: "<p>Hi</p>" },
});

const idempotencyKeyHeader = z.object({
  "Idempotency-Key": z
    .string()
    .min(1)
    .max(MAX_IDEMPOTENCY_KEY_LENGTH)
    .regex(/^[\x20-\x7e]+$/)
    .optional()
    .meta({
      description:
        "Makes a retried send safe: the same key and body from the same API key within 24 hours returns the original answer (with `Idempotent-Replayed: true`) and creates nothing. The same key with another body is 409 `conflict`.",
      example: "order-8812-welcome",
    }),
});

/** A batch is a list of POST /emails bodies, each validated by the same schema. */
const batchRequest = z
  .array(sendEmailRequest)
  .min(1)
  .max(BATCH_LIMITS.maxEmails)
  .meta({
    id: "SendEmailBatchRequest",
    description: `1 to ${BATCH_LIMITS.maxEmails} emails, each a POST /emails body; the whole body at most ${BATCH_LIMITS.maxBodyBytes / (1024 * 1024)} MB.`,
  });

const rescheduleRequest = rescheduleSchema.meta({
  id: "RescheduleRequest",
  description: `\`scheduledAt\`: an ISO 8601 date-time with a time zone, at most ${SCHEDULE_LIMITS.maxAheadDays} days ahead.`,
  example: { scheduledAt: "2026-12-01T15:00:00+01:00" },
});

const emailIdParam = z.object({ id: z.string().meta({ description: "The email's id.", example: "email_lfBfngBzFIsCSPmu3l4q5b13" }) });

const replayedHeader = z.object({
  "Idempotent-Replayed": z
    .literal("true")
    .optional()
    .meta({ description: "Present when this is the stored answer of an earlier request with the same Idempotency-Key." }),
});

const isoTime = (description: string) =>
  z
    .union([z.iso.datetime({ offset: true }), z.iso.date()])
    .optional()
    .meta({ description: `${description} An ISO 8601 date-time with a zone, or a date (midnight UTC).` });

const listQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_LIST_LIMIT)
    .optional()
    .meta({ description: "At most this many emails. Without it, every email of the workspace is returned (streamed)." }),
  after: z.string().optional().meta({ description: "The id of the last email of the previous page: continue after it." }),
  status: emailStatusSchema.optional(),
  to: z.email().max(SEND_LIMITS.maxAddressLength).optional().meta({ description: "Emails with this recipient (case-insensitive)." }),
  tag: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,256}:[A-Za-z0-9_-]{1,256}$/)
    .optional()
    .meta({ description: "`name:value`: emails carrying this tag.", example: "campaign:welcome" }),
  createdAfter: isoTime("Emails created at or after this time."),
  createdBefore: isoTime("Emails created before this time (later than createdAfter)."),
});

export function registerEmailOperations(registry: OpenAPIRegistry): void {
  registerOperation(registry, {
    method: "post",
    path: "/emails",
    operationId: "sendEmail",
    tag: TAG,
    summary: "Queue an email",
    description: "Stores the email and queues it; the handoff to the provider happens in the background and is reported by events.",
    permission: "emails:send",
    request: {
      headers: idempotencyKeyHeader,
      body: { required: true, content: { "application/json": { schema: sendEmailRequest } } },
    },
    responses: {
      202: {
        description: "Queued (or, with a repeated Idempotency-Key, the original answer replayed).",
        schema: queuedEmailSchema,
        headers: replayedHeader,
      },
    },
    errors: [
      ...JSON_BODY_ERRORS,
      "domain_not_verified",
      "domain_not_allowed",
      "conflict",
      "daily_limit_reached",
      "attachment_quota_exceeded",
    ],
  });

  registerOperation(registry, {
    method: "post",
    path: "/emails/batch",
    operationId: "sendEmailBatch",
    tag: TAG,
    summary: "Queue a batch of emails",
    description:
      "Up to 100 emails in one request and one statement, answered in order with one entry each. `strict` (the default): one invalid email (422), one from a domain the key is not bound to (403 `domain_not_allowed`) or one from an unverified domain (403) refuses the whole batch, every refused index listed in `errors`, and nothing is created. `permissive`: the others are created and the refused ones answered with their error. The daily limit counts every email created (all fit, or 429 and nothing is created); an Idempotency-Key covers the whole batch.",
    permission: "emails:send",
    request: {
      query: z.object({ mode: z.enum(["strict", "permissive"]).optional().meta({ description: "Default `strict`." }) }),
      headers: idempotencyKeyHeader,
      body: { required: true, content: { "application/json": { schema: batchRequest } } },
    },
    responses: {
      202: { description: "One entry per email, in request order.", schema: z.array(batchEntrySchema), headers: replayedHeader },
    },
    errors: [...JSON_BODY_ERRORS, "domain_not_verified", "domain_not_allowed", "conflict", "daily_limit_reached"],
  });

  registerOperation(registry, {
    method: "post",
    path: "/emails/{id}/cancel",
    operationId: "cancelEmail",
    tag: TAG,
    summary: "Cancel a scheduled email",
    description:
      "A `scheduled` email becomes `canceled` and is never sent. Any other status is 409 `conflict` naming it (of a cancel and the email falling due, exactly one wins).",
    permission: "emails:send",
    request: { params: emailIdParam },
    responses: { 200: { description: "Canceled.", schema: scheduleAnswerSchema } },
    errors: ["not_found", "conflict"],
  });

  registerOperation(registry, {
    method: "patch",
    path: "/emails/{id}",
    operationId: "rescheduleEmail",
    tag: TAG,
    summary: "Reschedule a scheduled email",
    description: "Moves a `scheduled` email to a new time. Any other status is 409 `conflict` naming it.",
    permission: "emails:send",
    request: { params: emailIdParam, body: { required: true, content: { "application/json": { schema: rescheduleRequest } } } },
    responses: { 200: { description: "Rescheduled.", schema: scheduleAnswerSchema } },
    errors: [...JSON_BODY_ERRORS, "not_found", "conflict"],
  });

  registerOperation(registry, {
    method: "get",
    path: "/emails",
    operationId: "listEmails",
    tag: TAG,
    summary: "List emails",
    description:
      "The workspace's emails, newest first, narrowed by every filter given. Page with `limit` and `after` (the last id of the previous page); a page shorter than `limit` is the last. Unknown parameters are refused (422).",
    permission: "emails:read",
    request: { query: listQuery },
    responses: { 200: { description: "Emails, newest first.", schema: z.array(emailSchema) } },
    errors: ["validation_failed"],
  });

  registerOperation(registry, {
    method: "get",
    path: "/emails/{id}",
    operationId: "getEmail",
    tag: TAG,
    summary: "Retrieve an email",
    permission: "emails:read",
    request: { params: emailIdParam },
    responses: {
      200: {
        description: `The email and the first ${EVENTS_PAGE_SIZE} of its events, oldest first; \`eventsNextCursor\` leads to the rest (GET /emails/{id}/events).`,
        schema: emailWithEventsSchema,
      },
    },
    errors: ["not_found"],
  });

  registerOperation(registry, {
    method: "get",
    path: "/emails/{id}/events",
    operationId: "listEmailEvents",
    tag: TAG,
    summary: "List an email's events",
    description:
      "The email's events, oldest first, a page at a time: `after` is the `nextCursor` of the previous page (or the email's `eventsNextCursor`). Unknown parameters are refused (422).",
    permission: "emails:read",
    request: {
      params: emailIdParam,
      query: z.strictObject({
        after: z.string().optional().meta({
          description: "Start after this event (its id): the previous page's `nextCursor`.",
          example: "evt_E8pEl2nPq0d2Zb7Tt3xV9kYw",
        }),
        limit: z.coerce
          .number()
          .int()
          .min(1)
          .max(MAX_EVENTS_PAGE_SIZE)
          .optional()
          .meta({ description: `Events per page, 1 to ${MAX_EVENTS_PAGE_SIZE}; ${EVENTS_PAGE_SIZE} when absent.` }),
      }),
    },
    responses: { 200: { description: "A page of events, oldest first.", schema: emailEventPageSchema } },
    errors: ["not_found", "validation_failed"],
  });
}
