import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { manualSuppressionSchema, SUPPRESSION_LIST_MAX_LIMIT, TOPIC_LIST_MAX_LIMIT, topicSchema } from "@svc/core";
import { SuppressionReason } from "@svc/db";
import { z } from "zod";
import { JSON_BODY_ERRORS, registerOperation } from "../operation.ts";
import { suppressionSchema, topicSuppressionSchema } from "../schemas.ts";

const TAG = "Suppressions";

const addRequest = manualSuppressionSchema.meta({
  id: "AddSuppressionRequest",
  description:
    "`address`: one email address (at most 254 characters). `reason`: only `manual`. `expiresAt`: a future date-time, or null for never.",
  example: { address: "someone@example.org", expiresAt: "2030-01-01T00:00:00Z" },
});

const listQuery = z.object({
  address: z.string().max(254).optional().meta({ description: "Matches part of an address (case-insensitive)." }),
  reason: z.enum(Object.values(SuppressionReason) as [SuppressionReason, ...SuppressionReason[]]).optional(),
  limit: z.coerce.number().int().min(1).max(SUPPRESSION_LIST_MAX_LIMIT).optional().meta({ description: "Default 100." }),
  after: z.string().max(254).optional().meta({ description: "The last address of the previous page." }),
});

const addressParam = z.object({
  address: z.string().meta({ description: "The suppressed address (percent-encoded).", example: "bounce@example.com" }),
});

const topicListQuery = z.object({
  topic: topicSchema.optional().meta({ description: "Entries of this topic only." }),
  address: z.string().max(254).optional().meta({ description: "Matches part of an address (case-insensitive)." }),
  limit: z.coerce.number().int().min(1).max(TOPIC_LIST_MAX_LIMIT).optional().meta({ description: "Default 100." }),
  afterTopic: topicSchema.optional().meta({ description: "The topic of the previous page's last entry (with afterAddress)." }),
  afterAddress: z.string().max(254).optional().meta({ description: "The address of the previous page's last entry (with afterTopic)." }),
});

const topicAddressParams = z.object({
  topic: topicSchema.meta({ example: "newsletter" }),
  address: z.string().meta({ description: "The unsubscribed address (percent-encoded).", example: "reader@example.com" }),
});

export function registerSuppressionOperations(registry: OpenAPIRegistry): void {
  registerOperation(registry, {
    method: "get",
    path: "/suppressions/topics",
    operationId: "listTopicSuppressions",
    tag: TAG,
    summary: "List topic suppressions",
    description:
      "Recipients who unsubscribed from a topic with an email's one-click link (`unsubscribe.topic` of POST /emails), in (topic, address) order. Emails of that topic to that address end `failed` with a `rejected` event whose reason is `unsubscribed`; other topics and emails without a topic still go.",
    permission: "suppressions:read",
    request: { query: topicListQuery },
    responses: { 200: { description: "Entries in (topic, address) order.", schema: z.array(topicSuppressionSchema) } },
    errors: ["validation_failed"],
  });

  registerOperation(registry, {
    method: "delete",
    path: "/suppressions/topics/{topic}/{address}",
    operationId: "removeTopicSuppression",
    tag: TAG,
    summary: "Remove a topic suppression",
    description: "The address gets the topic's emails again. Only the recipient's own link adds an entry.",
    permission: "suppressions:manage",
    request: { params: topicAddressParams },
    responses: { 200: { description: "The removed entry.", schema: topicSuppressionSchema } },
    errors: ["not_found"],
  });

  registerOperation(registry, {
    method: "get",
    path: "/suppressions",
    operationId: "listSuppressions",
    tag: TAG,
    summary: "List suppressions",
    description:
      "The workspace's suppression list in address order, expired entries included (marked inactive). No other query parameters are accepted.",
    permission: "suppressions:read",
    request: { query: listQuery },
    responses: { 200: { description: "Entries in address order.", schema: z.array(suppressionSchema) } },
    errors: ["validation_failed"],
  });

  registerOperation(registry, {
    method: "post",
    path: "/suppressions",
    operationId: "addSuppression",
    tag: TAG,
    summary: "Suppress an address",
    permission: "suppressions:manage",
    request: { body: { required: true, content: { "application/json": { schema: addRequest } } } },
    responses: {
      201: { description: "The new entry.", schema: suppressionSchema },
      200: { description: "The address was already listed: the existing entry, unchanged.", schema: suppressionSchema },
    },
    errors: JSON_BODY_ERRORS,
  });

  registerOperation(registry, {
    method: "delete",
    path: "/suppressions/{address}",
    operationId: "removeSuppression",
    tag: TAG,
    summary: "Remove a suppression",
    description:
      "Removing an entry added by a complaint needs `?confirm=complaint`: mailing someone who reported spam harms the sending reputation.",
    permission: "suppressions:manage",
    request: {
      params: addressParam,
      query: z.object({ confirm: z.literal("complaint").optional().meta({ description: "Required to remove a `complaint` entry." }) }),
    },
    responses: { 200: { description: "The removed entry.", schema: suppressionSchema } },
    errors: ["not_found", "confirmation_required", "validation_failed"],
  });
}
