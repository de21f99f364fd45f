import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { MAX_IDEMPOTENCY_KEY_LENGTH, MAX_LIST_LIMIT, SEND_LIMITS, sendEmailSchema } from "@svc/core";
import { z } from "zod";
import { JSON_BODY_ERRORS, registerOperation } from "../operation.ts";
import { emailSchema, emailWithEventsSchema, queuedEmailSchema } from "../schemas.ts";

const TAG = "Emails";

/** The validator of POST /emails, with what its refinements check said in words. */
const sendEmailRequest = sendEmailSchema.meta({
  id: "SendEmailRequest",
  description: [
    `- \`from\`: an address or \`Name <address>\` (address at most ${SEND_LIMITS.maxAddressLength} characters, name at most ${SEND_LIMITS.maxDisplayNameLength}), on a domain verified for the workspace.`,
    `- \`to\`: 1 to ${SEND_LIMITS.maxRecipients} addresses (a single address as a string is accepted too).`,
    `- \`subject\`: 1 to ${SEND_LIMITS.maxSubjectLength} characters, no line breaks.`,
    "- At least one of `html` and `text`.",
    "- No other fields; no NUL characters anywhere. The whole body is at most 1 MB.",
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

const listQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_LIST_LIMIT)
    .optional()
    .meta({ description: "At most this many emails. Without it, every email of the workspace is returned (streamed)." }),
  after: z.string().optional().meta({ description: "The id of the last email of the previous page: continue after it." }),
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
        headers: z.object({
          "Idempotent-Replayed": z
            .literal("true")
            .optional()
            .meta({ description: "Present when this is the stored answer of an earlier request with the same Idempotency-Key." }),
        }),
      },
    },
    errors: [...JSON_BODY_ERRORS, "domain_not_verified", "conflict", "daily_limit_reached"],
  });

  registerOperation(registry, {
    method: "get",
    path: "/emails",
    operationId: "listEmails",
    tag: TAG,
    summary: "List emails",
    description:
      "The workspace's emails, newest first. Page with `limit` and `after` (the last id of the previous page); a page shorter than `limit` is the last.",
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
    request: { params: z.object({ id: z.string().meta({ description: "The email's id.", example: "email_lfBfngBzFIsCSPmu3l4q5b13" }) }) },
    responses: { 200: { description: "The email and its events, oldest first.", schema: emailWithEventsSchema } },
    errors: ["not_found"],
  });
}
