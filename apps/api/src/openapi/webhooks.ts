import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { buildDeliveryBody, EVENT_CATALOGUE, subscribableEventTypes } from "@svc/core";
import {
  computeSignature,
  computeStandardSignature,
  MAX_AGE_SECONDS,
  MAX_FUTURE_SECONDS,
  standardWebhooksKey,
  USER_AGENT,
} from "@svc/webhooks";
import { z } from "zod";
import { eventTypeSchema } from "./schemas.ts";

/**
 * Fields an event type adds to `data.event` beyond the common ones. `failed` carries why the email
 * ended unsent; it applies once `failed` is one of EVENT_TYPES.
 */
const EVENT_FIELDS: Partial<Record<keyof typeof EVENT_CATALOGUE, z.ZodRawShape>> = {
  failed: {
    reason: z
      .strictObject({
        code: z.string().meta({ description: "A machine code for why the email ended unsent." }),
        text: z.string().meta({ description: "The same, for people." }),
      })
      .meta({ description: "Why the email will not be sent." }),
  },
};

/** The body the dispatcher POSTs (built by buildDeliveryBody), described for receivers. */
export const webhookBodySchema = z
  .strictObject({
    id: z.string().meta({ description: "The delivery id (`wd_…`), also in X-Service-Delivery-Id; the same on every retry." }),
    type: z.literal("email.event"),
    createdAt: z.string().meta({ format: "date-time", description: "When the delivery was created." }),
    data: z.strictObject({
      emailId: z.string().meta({ description: "The email (`email_…`), as POST /emails returned it." }),
      tags: z
        .array(z.strictObject({ name: z.string(), value: z.string() }))
        .meta({ description: "The email's tags, to route the event without looking the email up." }),
      event: z.strictObject({
        eventId: z.string().meta({ description: "The stored event (`evt_…`), listed under the email's `events`." }),
        type: eventTypeSchema,
        eventTimestamp: z.string().meta({ format: "date-time", description: "When it happened." }),
      }),
    }),
    test: z
      .literal(true)
      .optional()
      .meta({ description: "Only on a test event sent from the dashboard or CLI: its ids name nothing stored." }),
    replayOf: z.string().optional().meta({
      description:
        "Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it.",
    }),
  })
  .meta({ id: "WebhookEvent", description: "The JSON body of every webhook request. Every retry sends exactly the same bytes." });

/** A worked example: a real body and the signature the dispatcher would send with it. */
const EXAMPLE_DELIVERY_ID_FOR_BODY = "wd_8Hq2VbN0rTz5LmC1xKp7sQ4e";
const EXAMPLE_SECRET = "whsec_Z3JlYXQtdGVzdC12ZWN0b3Itc2VjcmV0LTMyLWJ5dGVzLWxvbmc";
const EXAMPLE_TIMESTAMP = 1767225600;
const EXAMPLE_BODY = buildDeliveryBody({
  deliveryId: EXAMPLE_DELIVERY_ID_FOR_BODY,
  createdAt: new Date("2026-01-01T00:00:00.000Z"),
  emailId: "email_lfBfngBzFIsCSPmu3l4q5b13",
  tags: [{ name: "campaign", value: "welcome" }],
  eventId: "evt_E8pEl2nPq0d2Zb7Tt3xV9kYw",
  eventType: "bounced",
  eventTimestamp: new Date("2025-12-31T23:59:58.120Z"),
});
const EXAMPLE_SIGNATURE = computeSignature(EXAMPLE_SECRET, EXAMPLE_TIMESTAMP, EXAMPLE_BODY);
const EXAMPLE_DELIVERY_ID = EXAMPLE_DELIVERY_ID_FOR_BODY;
const EXAMPLE_STANDARD_SIGNATURE = `v1,${computeStandardSignature(standardWebhooksKey(EXAMPLE_SECRET), EXAMPLE_DELIVERY_ID, EXAMPLE_TIMESTAMP, EXAMPLE_BODY)}`;

const SIGNATURE_SCHEME = [
  "Each request is signed with the subscription's signing secret (`whsec_…`, shown once when the subscription is created):",
  "",
  "    X-Service-Signature = lowercase hex HMAC-SHA256(secret, `<X-Service-Timestamp>.<raw body>`)",
  "",
  `Receivers must: require both headers; refuse a timestamp more than ${MAX_AGE_SECONDS} seconds old or more than ${MAX_FUTURE_SECONDS} seconds ahead; compute the HMAC over the raw body bytes as received (never a re-serialised object) and compare in constant time. \`verifyWebhook\` in the SDK does all of this.`,
  "",
  `Example: secret \`${EXAMPLE_SECRET}\`, timestamp \`${EXAMPLE_TIMESTAMP}\` and the example body give the signature \`${EXAMPLE_SIGNATURE}\`.`,
  "",
  "Every request also carries the Standard Webhooks headers, so any Standard Webhooks library verifies it with the same secret as shown: `webhook-id` (the delivery id), `webhook-timestamp` (the same Unix seconds) and `webhook-signature` = `v1,` + base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>`, keyed with the base64-decoded part of the secret after `whsec_`.",
  "",
  `With the example above and delivery id \`${EXAMPLE_DELIVERY_ID}\`: \`${EXAMPLE_STANDARD_SIGNATURE}\`.`,
  "",
  "A `429` or `503` answer with `Retry-After` delays the next attempt at least that long (within the 24 hours); a `410 Gone` answer disables the subscription after that one attempt (its owners are told).",
  "",
  "Answer any 2xx within 10 seconds to end the delivery. Anything else (another status, a redirect, a timeout) is retried 1, 2, 4, 8… minutes later for 24 hours, with the same body and delivery id and a fresh timestamp and signature. Deduplicate on X-Service-Delivery-Id.",
].join("\n");

/** The request headers of every webhook, both schemes. */
const webhookHeaders = (eventType: z.ZodType) =>
  z.object({
    "User-Agent": z.literal(USER_AGENT),
    "X-Service-Timestamp": z
      .string()
      .regex(/^\d+$/)
      .meta({ description: "Unix seconds of this attempt.", example: String(EXAMPLE_TIMESTAMP) }),
    "X-Service-Signature": z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .meta({
        description: "Lowercase hex HMAC-SHA256 of `<timestamp>.<raw body>` keyed with the signing secret.",
        example: EXAMPLE_SIGNATURE,
      }),
    "X-Service-Event-Type": eventType.meta({ description: "The event's type, for routing without parsing the body." }),
    "X-Service-Delivery-Id": z.string().meta({ description: "The delivery id; constant across retries.", example: EXAMPLE_DELIVERY_ID }),
    "webhook-id": z
      .string()
      .meta({ description: "Standard Webhooks: the delivery id, as X-Service-Delivery-Id.", example: EXAMPLE_DELIVERY_ID }),
    "webhook-timestamp": z
      .string()
      .regex(/^\d+$/)
      .meta({
        description: "Standard Webhooks: Unix seconds of this attempt, as X-Service-Timestamp.",
        example: String(EXAMPLE_TIMESTAMP),
      }),
    "webhook-signature": z
      .string()
      .regex(/^v1,[A-Za-z0-9+/]{43}=$/)
      .meta({
        description:
          "Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the decoded secret.",
        example: EXAMPLE_STANDARD_SIGNATURE,
      }),
  });

/** The body of a `received` delivery (buildInboundDeliveryBody): metadata of a message that arrived. */
const receivedBodySchema = z
  .strictObject({
    id: webhookBodySchema.shape.id,
    type: z.literal("email.received"),
    createdAt: webhookBodySchema.shape.createdAt,
    data: z.strictObject({
      inboundId: z.string().meta({ description: "The received message (`inb_…`): GET /inbound/{id}, its raw bytes and attachments." }),
      event: z.strictObject({
        type: z.literal("received"),
        eventTimestamp: z.string().meta({ format: "date-time", description: "When it arrived." }),
      }),
      from: z.string().nullable(),
      to: z.array(z.string()),
      recipients: z.array(z.string()).meta({ description: "The envelope recipients (RCPT TO) of this workspace." }),
      subject: z.string().nullable(),
      messageId: z.string().nullable(),
      replyToEmailId: z
        .string()
        .nullable()
        .meta({ description: "The sent email it replies to (In-Reply-To/References), when it names one of ours." }),
      attachmentCount: z.int().min(0),
      size: z.int().min(0).meta({ description: "Bytes of the raw message." }),
      verdicts: z.unknown().meta({ description: "SPF, DKIM, DMARC and ARC results (mailauth)." }),
      parseError: z.boolean().meta({ description: "True when the MIME could not be parsed: the raw message is kept as it came." }),
    }),
  })
  .meta({ id: "WebhookEvent_received", description: `The body of a \`received\` event: ${EVENT_CATALOGUE.received.when}` });

/** The body of one event type's webhook: the common shape, `data.event.type` that type, and the fields it adds. */
function eventBodySchema(type: keyof typeof EVENT_CATALOGUE): z.ZodType {
  if (type === "received") return receivedBodySchema;
  const common = webhookBodySchema.shape;
  const data = common.data.shape;
  return z
    .strictObject({
      ...common,
      data: z.strictObject({
        ...data,
        event: z.strictObject({ ...data.event.shape, type: z.literal(type), ...(EVENT_FIELDS[type] ?? {}) }),
      }),
    })
    .meta({ id: `WebhookEvent_${type}`, description: `The body of a \`${type}\` event: ${EVENT_CATALOGUE[type].when}` });
}

/**
 * The event catalogue: one webhook per event type a subscription can list (EVENT_TYPES), named
 * `email.<type>`, with its payload. `emailEvent` is the same request described once for all types.
 */
function registerEventCatalogue(registry: OpenAPIRegistry): void {
  for (const { type, when } of subscribableEventTypes()) {
    registry.registerWebhook({
      method: "post",
      path: `email.${type}`,
      operationId: `${type.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase())}EventWebhook`,
      tags: ["Event catalogue"],
      summary: `\`${type}\`: ${when}`,
      description: `Sent to subscriptions listing \`${type}\`. Signed, retried and answered as described under \`emailEvent\`.`,
      security: [],
      request: {
        headers: webhookHeaders(z.literal(type)),
        body: { required: true, content: { "application/json": { schema: eventBodySchema(type) } } },
      },
      responses: {
        200: { description: "Any 2xx ends the delivery." },
        default: { description: "Anything else (or no answer within 10 seconds) is retried; 410 disables the subscription." },
      },
    });
  }
}

export function registerWebhooks(registry: OpenAPIRegistry): void {
  registerEventCatalogue(registry);
  registry.registerWebhook({
    method: "post",
    path: "emailEvent",
    operationId: "emailEventWebhook",
    tags: ["Webhooks"],
    summary: "An email event (sent to your subscription URL)",
    description: SIGNATURE_SCHEME,
    security: [],
    request: {
      headers: webhookHeaders(eventTypeSchema),
      body: {
        required: true,
        content: {
          "application/json": {
            schema: webhookBodySchema,
            examples: {
              bounced: { summary: "A bounce", value: JSON.parse(EXAMPLE_BODY) },
              test: {
                summary: "A test event from the dashboard",
                value: {
                  ...JSON.parse(EXAMPLE_BODY),
                  data: { ...JSON.parse(EXAMPLE_BODY).data, event: { ...JSON.parse(EXAMPLE_BODY).data.event, type: "delivered" } },
                  test: true,
                },
              },
            },
          },
        },
      },
    },
    responses: {
      200: { description: "Any 2xx ends the delivery." },
      default: { description: "Anything else (or no answer within 10 seconds) is retried." },
    },
  });
}
