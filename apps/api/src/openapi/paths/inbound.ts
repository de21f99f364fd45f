import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { INBOUND_PAGE_LIMIT } from "@svc/core";
import { z } from "zod";
import { registerOperation } from "../operation.ts";

const TAG = "Inbound";

const verdict = z.object({
  result: z.string().meta({ description: "`pass`, `fail`, `neutral`, `none`, `softfail`, `temperror`, `permerror`…" }),
  domain: z.string().nullable().optional(),
  policy: z.string().nullable().optional().meta({ description: "DMARC: the From domain's published policy." }),
});

const attachmentMeta = z.object({ filename: z.string().nullable(), contentType: z.string(), size: z.number().int() });

export const inboundSummarySchema = z
  .object({
    id: z.string().meta({ example: "inb_3kT9…" }),
    source: z.enum(["mx", "ses"]).meta({ description: "`mx`: the built-in receiver; `ses`: SES receiving." }),
    mailFrom: z.string().meta({ description: "The envelope sender (empty for a bounce)." }),
    recipients: z.array(z.string()).meta({ description: "The envelope recipients of this workspace." }),
    from: z.string().nullable(),
    to: z.array(z.string()),
    cc: z.array(z.string()),
    subject: z.string().nullable(),
    messageId: z.string().nullable(),
    inReplyTo: z.string().nullable(),
    replyToEmailId: z
      .string()
      .nullable()
      .meta({ description: "The sent email this message replies to (its In-Reply-To or References name our Message-ID)." }),
    attachments: z.array(attachmentMeta).meta({ description: "Fetch each at `/inbound/{id}/attachments/{n}`, n its position from 0." }),
    size: z.number().int().meta({ description: "Bytes of the raw message." }),
    verdicts: z.object({ spf: verdict, dkim: verdict, dmarc: verdict, arc: verdict, spam: verdict.optional(), virus: verdict.optional() }),
    parseError: z
      .string()
      .nullable()
      .meta({ description: "Set when the MIME could not be parsed: the raw message is kept, the parsed fields are empty." }),
    receivedAt: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "InboundSummary" });

export const inboundSchema = inboundSummarySchema
  .extend({
    text: z.string().nullable(),
    html: z.string().nullable(),
    headers: z.array(z.tuple([z.string(), z.string()])).meta({ description: "[name, value] in message order." }),
  })
  .meta({ id: "Inbound" });

const idParam = z.object({ id: z.string().meta({ example: "inb_3kT9…" }) });

export function registerInboundOperations(registry: OpenAPIRegistry): void {
  registerOperation(registry, {
    method: "get",
    path: "/inbound",
    operationId: "listInbound",
    tag: TAG,
    summary: "List received messages",
    description: "Messages received for the workspace's receiving domains, newest first.",
    permission: "emails:read",
    request: {
      query: z.object({
        limit: z.coerce
          .number()
          .int()
          .min(1)
          .max(INBOUND_PAGE_LIMIT.max)
          .optional()
          .meta({ description: `Default ${INBOUND_PAGE_LIMIT.default}.` }),
        after: z.string().max(64).optional().meta({ description: "`nextCursor` of the previous page." }),
      }),
    },
    responses: {
      200: { description: "A page.", schema: z.object({ data: z.array(inboundSummarySchema), nextCursor: z.string().nullable() }) },
    },
    errors: ["validation_failed", "not_found"],
  });

  registerOperation(registry, {
    method: "get",
    path: "/inbound/{id}",
    operationId: "getInbound",
    tag: TAG,
    summary: "Get a received message",
    description: "Its parts, headers and verdicts. Another workspace's message is `not_found`.",
    permission: "emails:read",
    request: { params: idParam },
    responses: { 200: { description: "The message.", schema: inboundSchema } },
    errors: ["not_found"],
  });

  registerOperation(registry, {
    method: "get",
    path: "/inbound/{id}/raw",
    operationId: "getInboundRaw",
    tag: TAG,
    summary: "Get a received message's raw bytes",
    permission: "emails:read",
    request: { params: idParam },
    responses: { 200: { description: "The message exactly as received.", contentType: "message/rfc822", schema: z.string() } },
    errors: ["not_found"],
  });

  registerOperation(registry, {
    method: "get",
    path: "/inbound/{id}/attachments/{n}",
    operationId: "getInboundAttachment",
    tag: TAG,
    summary: "Get an attachment of a received message",
    description: "The bytes, with the attachment's content type and a Content-Disposition naming its file.",
    permission: "emails:read",
    request: { params: idParam.extend({ n: z.string().meta({ description: "Position in `attachments`, from 0.", example: "0" }) }) },
    responses: { 200: { description: "The attachment's bytes.", contentType: "application/octet-stream", schema: z.string() } },
    errors: ["not_found", "validation_failed"],
  });
}
