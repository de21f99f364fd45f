import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import {
  createWebhookSubscriptionSchema,
  DELIVERY_STATUSES,
  replayWebhookDeliveriesSchema,
  testWebhookEventSchema,
  updateWebhookSubscriptionSchema,
} from "@svc/core";
import { z } from "zod";
import { JSON_BODY_ERRORS, registerOperation } from "../operation.ts";
import { eventTypeSchema } from "../schemas.ts";

const TAG = "Webhook subscriptions";

const timestamp = (description: string) => z.string().meta({ format: "date-time", description });
const nullableTimestamp = (description: string) => z.union([timestamp(description), z.null()]);

const subscriptionFields = {
  id: z.string().meta({ description: "Prefixed with `wh_`.", example: "wh_2b7Tt3xV9kYwE8pEl2nPq0dZ" }),
  workspaceId: z.string().meta({ description: "Prefixed with `org_`." }),
  url: z.string().meta({ example: "https://example.com/hooks/svc" }),
  events: z.array(eventTypeSchema),
  isActive: z.boolean(),
  createdAt: timestamp("When it was created."),
  failingSince: nullableTimestamp("Since when every automatic attempt failed; null while the endpoint answers."),
  disabledAt: nullableTimestamp("When the service disabled it itself (failing for days, or a 410 Gone answer)."),
  disabledReason: z.union([z.string(), z.null()]),
  maxDeliveriesPerSecond: z
    .union([z.number().int(), z.null()])
    .meta({ description: "At most this many automatic attempts per second; null: no limit." }),
};

export const webhookSubscriptionSchema = z
  .strictObject(subscriptionFields)
  .meta({ id: "WebhookSubscription", description: "A webhook subscription. The signing secret is never shown again after creation." });

const createdSubscriptionSchema = z
  .strictObject({
    ...subscriptionFields,
    secret: z.string().meta({
      description:
        "The signing secret, shown only in this answer: the HMAC key of `X-Service-Signature` as is, and of the Standard Webhooks `webhook-signature` (its libraries take it as is).",
      example: "whsec_ZJ0wQh2k7m3Xc1bq9PpR5uY8tVn4sLd6aEfGiHjKlMo",
    }),
  })
  .meta({ id: "CreatedWebhookSubscription" });

const attemptSchema = z
  .strictObject({
    id: z.string(),
    number: z.number().int(),
    manual: z.boolean().meta({ description: "Made by hand (a retry from the dashboard, CLI or API), outside the automatic schedule." }),
    startedAt: timestamp("When the POST started."),
    durationMs: z.number().int(),
    statusCode: z.union([z.number().int(), z.null()]),
    responseExcerpt: z.union([z.string(), z.null()]).meta({ description: "The first 2 KB of the answer." }),
    error: z.union([z.string(), z.null()]),
  })
  .meta({ id: "WebhookAttempt" });

const deliveryFields = {
  id: z.string().meta({ description: "Prefixed with `wd_`: the `X-Service-Delivery-Id` and `webhook-id` of its requests." }),
  subscriptionId: z.string(),
  eventId: z
    .union([z.string(), z.null()])
    .meta({ description: "Null for a test event and for a replay's copy (its body names the event)." }),
  eventType: eventTypeSchema,
  test: z.boolean(),
  replayOf: z.union([z.string(), z.null()]).meta({ description: "A replay's copy of a succeeded delivery: the original delivery's id." }),
  status: z.enum(DELIVERY_STATUSES),
  attemptCount: z.number().int(),
  firstAttemptAt: nullableTimestamp("The first attempt."),
  nextAttemptAt: nullableTimestamp("The next automatic attempt; null once finished."),
  lastStatusCode: z.union([z.number().int(), z.null()]),
  lastError: z.union([z.string(), z.null()]),
  createdAt: timestamp("When the delivery was created."),
  completedAt: nullableTimestamp("When it succeeded or failed for good."),
  attempts: z.array(attemptSchema).optional().meta({ description: "Its attempts, oldest first." }),
};

export const webhookDeliverySchema = z.strictObject(deliveryFields).meta({ id: "WebhookDelivery" });
const deliveryDetailSchema = z
  .strictObject({ ...deliveryFields, body: z.string().meta({ description: "The exact bytes POSTed on every attempt." }) })
  .meta({ id: "WebhookDeliveryDetail" });

const replaySchema = z
  .strictObject({
    id: z.string().meta({ description: "Prefixed with `wr_`." }),
    subscriptionId: z.string(),
    kind: z.enum(["delivery", "email", "failed_since", "range"]),
    deliveryId: z.union([z.string(), z.null()]),
    emailId: z.union([z.string(), z.null()]),
    since: nullableTimestamp("The selection's start."),
    until: nullableTimestamp("The selection's end (range)."),
    perSecond: z.number().int(),
    rearmed: z
      .number()
      .int()
      .meta({ description: "Failed deliveries made pending again under their own id (a fresh 24-hour retry window)." }),
    copied: z
      .number()
      .int()
      .meta({ description: "Succeeded deliveries sent again as new deliveries with a new id, the original's in `replayOf`." }),
    createdAt: timestamp("When the replay was asked for."),
    pacedUntil: timestamp("When its last delivery is due for its first attempt."),
    progress: z
      .strictObject({ pending: z.number().int(), succeeded: z.number().int(), failed: z.number().int() })
      .meta({ description: "Its deliveries by status now." }),
  })
  .meta({ id: "WebhookReplay", description: "Past deliveries of one subscription sent again, paced, with its progress." });

const subscriptionParam = z.object({ id: z.string().meta({ description: "The subscription (`wh_…`)." }) });
const deliveryParams = z.object({
  id: z.string().meta({ description: "The subscription (`wh_…`)." }),
  deliveryId: z.string().meta({ description: "The delivery (`wd_…`)." }),
});

export function registerWebhookSubscriptionOperations(registry: OpenAPIRegistry): void {
  registerOperation(registry, {
    method: "get",
    path: "/webhooks",
    operationId: "listWebhookSubscriptions",
    tag: TAG,
    summary: "List webhook subscriptions",
    description: "The workspace's subscriptions, newest first.",
    permission: "webhooks:manage",
    responses: { 200: { description: "Subscriptions, newest first.", schema: z.array(webhookSubscriptionSchema) } },
  });

  registerOperation(registry, {
    method: "post",
    path: "/webhooks",
    operationId: "createWebhookSubscription",
    tag: TAG,
    summary: "Create a webhook subscription",
    description: "The answer holds the signing secret; it is never shown again. A workspace has at most 20 subscriptions (`conflict`).",
    permission: "webhooks:manage",
    request: {
      body: {
        required: true,
        content: {
          "application/json": {
            schema: createWebhookSubscriptionSchema.meta({
              id: "CreateWebhookSubscriptionRequest",
              example: { url: "https://example.com/hooks/svc", events: ["delivered", "bounced"] },
            }),
          },
        },
      },
    },
    responses: { 201: { description: "The new subscription, with its signing secret.", schema: createdSubscriptionSchema } },
    errors: [...JSON_BODY_ERRORS, "conflict", "not_found"],
  });

  registerOperation(registry, {
    method: "get",
    path: "/webhooks/{id}",
    operationId: "getWebhookSubscription",
    tag: TAG,
    summary: "Get a webhook subscription",
    permission: "webhooks:manage",
    request: { params: subscriptionParam },
    responses: { 200: { description: "The subscription.", schema: webhookSubscriptionSchema } },
    errors: ["not_found"],
  });

  registerOperation(registry, {
    method: "patch",
    path: "/webhooks/{id}",
    operationId: "updateWebhookSubscription",
    tag: TAG,
    summary: "Update a webhook subscription",
    description:
      "Changes the URL, event types, rate limit or active switch; fields left out stay. The secret never changes. `isActive: false` fails the pending deliveries.",
    permission: "webhooks:manage",
    request: {
      params: subscriptionParam,
      body: {
        required: true,
        content: {
          "application/json": {
            schema: updateWebhookSubscriptionSchema.meta({
              id: "UpdateWebhookSubscriptionRequest",
              example: { events: ["delivered"], isActive: true },
            }),
          },
        },
      },
    },
    responses: { 200: { description: "The subscription as it now is.", schema: webhookSubscriptionSchema } },
    errors: [...JSON_BODY_ERRORS, "not_found"],
  });

  registerOperation(registry, {
    method: "delete",
    path: "/webhooks/{id}",
    operationId: "deleteWebhookSubscription",
    tag: TAG,
    summary: "Delete a webhook subscription",
    description: "Deletes it with its deliveries and attempts; pending deliveries stop.",
    permission: "webhooks:manage",
    request: { params: subscriptionParam },
    responses: { 200: { description: "Deleted.", schema: z.strictObject({ id: z.string(), deleted: z.literal(true) }) } },
    errors: ["not_found"],
  });

  registerOperation(registry, {
    method: "post",
    path: "/webhooks/{id}/test",
    operationId: "sendTestWebhookEvent",
    tag: TAG,
    summary: "Send a test event",
    description:
      'A real delivery, signed and retried like any other, whose body has `"test": true` and ids that name nothing stored. At most 100 per workspace and UTC day (`rate_limited`). The body is optional.',
    permission: "webhooks:manage",
    request: {
      params: subscriptionParam,
      body: {
        required: false,
        content: { "application/json": { schema: testWebhookEventSchema.meta({ id: "TestWebhookEventRequest" }) } },
      },
    },
    responses: { 202: { description: "The test delivery, queued.", schema: deliveryDetailSchema } },
    errors: [...JSON_BODY_ERRORS, "not_found", "conflict"],
  });

  registerOperation(registry, {
    method: "get",
    path: "/webhooks/{id}/deliveries",
    operationId: "listWebhookDeliveries",
    tag: TAG,
    summary: "List a subscription's deliveries",
    description: "The most recent deliveries, newest first, each with its attempts.",
    permission: "webhooks:manage",
    request: {
      params: subscriptionParam,
      query: z.object({
        status: z.enum(DELIVERY_STATUSES).optional(),
        limit: z.coerce.number().int().min(1).max(200).optional().meta({ description: "Default 50." }),
      }),
    },
    responses: { 200: { description: "Deliveries, newest first.", schema: z.array(webhookDeliverySchema) } },
    errors: ["not_found", "validation_failed"],
  });

  registerOperation(registry, {
    method: "post",
    path: "/webhooks/{id}/replays",
    operationId: "replayWebhookDeliveries",
    tag: TAG,
    summary: "Replay deliveries",
    description: [
      "Sends again one delivery, every delivery of one email, every failed delivery since a time (recovery after an outage), or every delivery in a time range (after a receiver bug), paced at `perSecond` so that the receiver is not flooded and live deliveries are not delayed.",
      "",
      "A failed delivery keeps its id (receivers never processed it) and gets a fresh 24-hour retry window. A succeeded one is sent as a new delivery with a new id and the original's in the body's `replayOf`, since the receiver may have recorded the original id. Pending deliveries are left to their schedule. At most 20,000 deliveries per replay.",
      "",
      "A replay is active until its last delivery is due: while one is, another of the same subscription is refused (409 `replay_in_progress`; WEBHOOK_REPLAYS_ACTIVE_PER_SUBSCRIPTION, 1). A workspace replays at most WEBHOOK_REPLAYED_DELIVERIES_PER_DAY deliveries (100,000) per UTC day over all its subscriptions: a replay that does not fit is refused whole (429 `replay_quota_exceeded`, Retry-After until the day ends). Asking for replays has its own limit per workspace (API_REPLAYS_PER_MINUTE, 10), checked before anything else: past it, 429 `replay_rate_limited` with Retry-After.",
    ].join("\n"),
    permission: "webhooks:manage",
    request: {
      params: subscriptionParam,
      body: { required: true, content: { "application/json": { schema: replayWebhookDeliveriesSchema } } },
    },
    responses: { 202: { description: "The replay, its deliveries scheduled.", schema: replaySchema } },
    errors: [...JSON_BODY_ERRORS, "not_found", "conflict", "replay_in_progress", "replay_quota_exceeded", "replay_rate_limited"],
  });

  registerOperation(registry, {
    method: "get",
    path: "/webhooks/{id}/replays",
    operationId: "listWebhookReplays",
    tag: TAG,
    summary: "List replays",
    description: "The subscription's 50 most recent replays, newest first, with their progress.",
    permission: "webhooks:manage",
    request: { params: subscriptionParam },
    responses: { 200: { description: "Replays, newest first.", schema: z.array(replaySchema) } },
    errors: ["not_found"],
  });

  registerOperation(registry, {
    method: "get",
    path: "/webhooks/{id}/replays/{replayId}",
    operationId: "getWebhookReplay",
    tag: TAG,
    summary: "Get a replay's progress",
    permission: "webhooks:manage",
    request: {
      params: z.object({
        id: z.string().meta({ description: "The subscription (`wh_…`)." }),
        replayId: z.string().meta({ description: "The replay (`wr_…`)." }),
      }),
    },
    responses: { 200: { description: "The replay.", schema: replaySchema } },
    errors: ["not_found"],
  });

  registerOperation(registry, {
    method: "get",
    path: "/webhooks/{id}/deliveries/{deliveryId}",
    operationId: "getWebhookDelivery",
    tag: TAG,
    summary: "Get a delivery",
    description: "One delivery with its attempts and the exact body it sends.",
    permission: "webhooks:manage",
    request: { params: deliveryParams },
    responses: { 200: { description: "The delivery.", schema: deliveryDetailSchema } },
    errors: ["not_found"],
  });
}
