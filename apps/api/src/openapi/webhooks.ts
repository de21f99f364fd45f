import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { buildDeliveryBody } from "@svc/core";
import { computeSignature, MAX_AGE_SECONDS, MAX_FUTURE_SECONDS, USER_AGENT } from "@svc/webhooks";
import { z } from "zod";
import { eventTypeSchema } from "./schemas.ts";

/** The body the dispatcher POSTs (built by buildDeliveryBody), described for receivers. */
export const webhookBodySchema = z
  .strictObject({
    id: z.string().meta({ description: "The delivery id (`wd_…`), also in X-Service-Delivery-Id; the same on every retry." }),
    type: z.literal("email.event"),
    createdAt: z.string().meta({ format: "date-time", description: "When the delivery was created." }),
    data: z.strictObject({
      emailId: z.string().meta({ description: "The email (`email_…`), as POST /emails returned it." }),
      tags: z.array(z.strictObject({ name: z.string(), value: z.string() })).meta({ description: "The email's tags, to route the event without looking the email up." }),
      event: z.strictObject({
        eventId: z.string().meta({ description: "The stored event (`evt_…`), listed under the email's `events`." }),
        type: eventTypeSchema,
        eventTimestamp: z.string().meta({ format: "date-time", description: "When it happened." }),
      }),
    }),
    test: z.literal(true).optional().meta({ description: "Only on a test event sent from the dashboard or CLI: its ids name nothing stored." }),
    replayOf: z
      .string()
      .optional()
      .meta({ description: "Only on a replay of a delivery that had succeeded: the original delivery's id. This one has an id of its own, so a receiver that deduplicates on ids processes it." }),
  })
  .meta({ id: "WebhookEvent", description: "The JSON body of every webhook request. Every retry sends exactly the same bytes." });

/** A worked example: a real body and the signature the dispatcher would send with it. */
const EXAMPLE_SECRET = "whsec_Z3JlYXQtdGVzdC12ZWN0b3Itc2VjcmV0LTMyLWJ5dGVzLWxvbmc";
const EXAMPLE_TIMESTAMP = 1767225600;
const EXAMPLE_BODY = buildDeliveryBody({
  deliveryId: "wd_8Hq2VbN0rTz5LmC1xKp7sQ4e",
  createdAt: new Date("2026-01-01T00:00:00.000Z"),
  emailId: "email_lfBfngBzFIsCSPmu3l4q5b13",
  tags: [{ name: "campaign", value: "welcome" }],
  eventId: "evt_E8pEl2nPq0d2Zb7Tt3xV9kYw",
  eventType: "bounced",
  eventTimestamp: new Date("2025-12-31T23:59:58.120Z"),
});
const EXAMPLE_SIGNATURE = computeSignature(EXAMPLE_SECRET, EXAMPLE_TIMESTAMP, EXAMPLE_BODY);

const SIGNATURE_SCHEME = [
  "Each request is signed with the subscription's signing secret (`whsec_…`, shown once when the subscription is created):",
  "",
  "    X-Service-Signature = lowercase hex HMAC-SHA256(secret, `<X-Service-Timestamp>.<raw body>`)",
  "",
  `Receivers must: require both headers; refuse a timestamp more than ${MAX_AGE_SECONDS} seconds old or more than ${MAX_FUTURE_SECONDS} seconds ahead; compute the HMAC over the raw body bytes as received (never a re-serialised object) and compare in constant time. \`verifyWebhook\` in the SDK does all of this.`,
  "",
  `Example: secret \`${EXAMPLE_SECRET}\`, timestamp \`${EXAMPLE_TIMESTAMP}\` and the example body give the signature \`${EXAMPLE_SIGNATURE}\`.`,
  "",
  "Answer any 2xx within 10 seconds to end the delivery. Anything else (another status, a redirect, a timeout) is retried 1, 2, 4, 8… minutes later for 24 hours, with the same body and delivery id and a fresh timestamp and signature. Deduplicate on X-Service-Delivery-Id.",
].join("\n");

export function registerWebhooks(registry: OpenAPIRegistry): void {
  registry.registerWebhook({
    method: "post",
    path: "emailEvent",
    operationId: "emailEventWebhook",
    tags: ["Webhooks"],
    summary: "An email event (sent to your subscription URL)",
    description: SIGNATURE_SCHEME,
    security: [],
    request: {
      headers: z.object({
        "User-Agent": z.literal(USER_AGENT),
        "X-Service-Timestamp": z.string().regex(/^\d+$/).meta({ description: "Unix seconds of this attempt.", example: String(EXAMPLE_TIMESTAMP) }),
        "X-Service-Signature": z
          .string()
          .regex(/^[0-9a-f]{64}$/)
          .meta({ description: "Lowercase hex HMAC-SHA256 of `<timestamp>.<raw body>` keyed with the signing secret.", example: EXAMPLE_SIGNATURE }),
        "X-Service-Event-Type": eventTypeSchema.meta({ description: "The event's type, for routing without parsing the body." }),
        "X-Service-Delivery-Id": z.string().meta({ description: "The delivery id; constant across retries.", example: "wd_8Hq2VbN0rTz5LmC1xKp7sQ4e" }),
      }),
      body: {
        required: true,
        content: {
          "application/json": {
            schema: webhookBodySchema,
            examples: {
              bounced: { summary: "A bounce", value: JSON.parse(EXAMPLE_BODY) },
              test: {
                summary: "A test event from the dashboard",
                value: { ...JSON.parse(EXAMPLE_BODY), data: { ...JSON.parse(EXAMPLE_BODY).data, event: { ...JSON.parse(EXAMPLE_BODY).data.event, type: "delivered" } }, test: true },
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
