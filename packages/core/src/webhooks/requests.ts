import { z } from "zod";
import { AppError } from "../errors.ts";
import { EVENT_TYPES } from "../events/types.ts";
import { MAX_REPLAY_PER_SECOND, type ReplayRequest } from "./replay.ts";
import { MAX_DELIVERIES_PER_SECOND, type UpdateWebhookSubscriptionInput } from "./subscriptions.ts";

/*
 * The request bodies of webhook management over REST, as zod schemas: the API validates with
 * them and its OpenAPI document is generated from them, so the two cannot disagree. The rules
 * beyond shape (a public https URL, the subscription limit) are the services' own.
 */

const objectError = {
  error: (issue: { code: string; keys?: string[] }) =>
    issue.code === "unrecognized_keys" ? `unknown field(s): ${(issue.keys ?? []).join(", ")}` : "the body must be a JSON object",
};

const url = z.string({ error: "must be a string" }).min(1, { error: "is required" }).max(2048, { error: "at most 2048 characters" });
const events = z
  .array(z.enum(EVENT_TYPES, { error: `each one of ${EVENT_TYPES.join(", ")}` }), { error: "must be an array of event types" })
  .min(1, { error: "at least one event type" })
  .max(EVENT_TYPES.length * 2, { error: "too many entries" });
const maxDeliveriesPerSecond = z
  .union([z.number().int().min(1).max(MAX_DELIVERIES_PER_SECOND), z.null()], {
    error: `a whole number from 1 to ${MAX_DELIVERIES_PER_SECOND}, or null`,
  })
  .optional();

export const createWebhookSubscriptionSchema = z.strictObject(
  {
    url: url.meta({ description: "An https URL on a public address." }),
    events: events.meta({ description: "The event types delivered to it." }),
    maxDeliveriesPerSecond: maxDeliveriesPerSecond.meta({
      description: "At most this many automatic attempts per second, across every dispatcher; null or absent: no limit.",
    }),
  },
  objectError,
);

export const updateWebhookSubscriptionSchema = z.strictObject(
  {
    url: url.optional(),
    events: events.optional(),
    isActive: z
      .boolean({ error: "must be true or false" })
      .optional()
      .meta({ description: "false stops new deliveries and fails pending ones; true starts afresh." }),
    maxDeliveriesPerSecond,
  },
  objectError,
);

export const testWebhookEventSchema = z.strictObject(
  {
    eventType: z
      .enum(EVENT_TYPES, { error: `one of ${EVENT_TYPES.join(", ")}` })
      .optional()
      .meta({ description: "Defaults to the subscription's first event type." }),
  },
  objectError,
);

const perSecond = z
  .number({ error: "must be a number" })
  .int({ error: "a whole number" })
  .min(1, { error: "at least 1" })
  .max(MAX_REPLAY_PER_SECOND, { error: `at most ${MAX_REPLAY_PER_SECOND}` })
  .optional()
  .meta({ description: "Deliveries per second the replay is paced at; the server's default (WEBHOOK_REPLAY_PER_SECOND, 10) when absent." });
const dateTime = (description: string) =>
  z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time such as 2030-01-01T00:00:00Z" }).meta({ description });
const shortId = z.string({ error: "must be a string" }).min(1).max(64, { error: "at most 64 characters" });

export const replayWebhookDeliveriesSchema = z
  .discriminatedUnion(
    "kind",
    [
      z.strictObject(
        { kind: z.literal("delivery"), deliveryId: shortId.meta({ description: "The delivery (`wd_…`) to send again." }), perSecond },
        objectError,
      ),
      z.strictObject(
        {
          kind: z.literal("email"),
          emailId: shortId.meta({ description: "Every delivery of this email's events to the subscription." }),
          perSecond,
        },
        objectError,
      ),
      z.strictObject(
        {
          kind: z.literal("failed_since"),
          since: dateTime("Every failed delivery created since then: recovery after an outage."),
          perSecond,
        },
        objectError,
      ),
      z.strictObject(
        {
          kind: z.literal("range"),
          since: dateTime("Start of the range (inclusive)."),
          until: dateTime("End of the range (exclusive)."),
          perSecond,
        },
        objectError,
      ),
    ],
    { error: 'kind: one of "delivery", "email", "failed_since", "range"' },
  )
  .meta({
    id: "ReplayWebhookDeliveriesRequest",
    description: "Which finished deliveries of the subscription to send again (pending ones are still being attempted and are left alone).",
    example: { kind: "failed_since", since: "2026-01-01T00:00:00Z", perSecond: 20 },
  });

export function parseReplayRequest(body: unknown): ReplayRequest {
  const input = parse(replayWebhookDeliveriesSchema, body);
  switch (input.kind) {
    case "delivery":
      return { kind: "delivery", deliveryId: input.deliveryId, perSecond: input.perSecond };
    case "email":
      return { kind: "email", emailId: input.emailId, perSecond: input.perSecond };
    case "failed_since":
      return { kind: "failed_since", since: new Date(input.since), perSecond: input.perSecond };
    case "range":
      return { kind: "range", since: new Date(input.since), until: new Date(input.until), perSecond: input.perSecond };
  }
}

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) =>
    issue.path.length > 0 ? `${issue.path.join(".")}: ${issue.message}` : issue.message,
  );
  throw new AppError("validation_failed", `Invalid request: ${[...new Set(problems)].join("; ")}.`);
}

export function parseCreateWebhookSubscription(body: unknown): z.infer<typeof createWebhookSubscriptionSchema> {
  return parse(createWebhookSubscriptionSchema, body);
}

export function parseUpdateWebhookSubscription(body: unknown): UpdateWebhookSubscriptionInput {
  const input = parse(updateWebhookSubscriptionSchema, body);
  if (Object.keys(input).length === 0)
    throw new AppError("validation_failed", "Invalid request: give at least one of url, events, isActive, maxDeliveriesPerSecond.");
  return input;
}

export function parseTestWebhookEvent(body: unknown): z.infer<typeof testWebhookEventSchema> {
  return parse(testWebhookEventSchema, body);
}
