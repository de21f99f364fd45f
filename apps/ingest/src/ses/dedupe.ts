import { createHash } from "node:crypto";
import type { EventType } from "@svc/db";

type Json = Record<string, unknown>;

/**
 * The identity of one SES event, independent of the SNS envelope: SNS may deliver a message
 * twice (same MessageId) and SES may publish one event through two routes (event publishing
 * and identity notifications, each with its own MessageId). Both must collapse to one record.
 *
 * Send, Reject and Rendering Failure happen once per message. The others are told apart by the
 * details that differ between two genuine events of one message: their own timestamp,
 * the feedback id (bounce, complaint), the recipients, and for opens/clicks the reader.
 */
export function sesDedupeKey(type: EventType, providerMessageId: string, object: Json): string {
  const parts = identityParts(type, object);
  const digest = createHash("sha256").update(JSON.stringify(parts)).digest("base64url").slice(0, 32);
  return `ses:${type}:${providerMessageId}:${digest}`;
}

function identityParts(type: EventType, object: Json): unknown[] {
  const timestamp = normaliseTimestamp(object.timestamp);
  switch (type) {
    case "sent":
    case "rejected":
    case "rendering_failed":
    // Ours, never an SES event (the mapping has no SES type for it); listed so the switch stays exhaustive.
    case "failed":
    case "received":
    case "unsubscribed":
      return [];
    case "delivered":
      return [timestamp, sortedStrings(object.recipients)];
    case "bounced":
      return [timestamp, object.feedbackId ?? null, recipientAddresses(object.bouncedRecipients)];
    case "complained":
      return [timestamp, object.feedbackId ?? null, recipientAddresses(object.complainedRecipients)];
    case "delivery_delayed":
      return [timestamp, recipientAddresses(object.delayedRecipients)];
    case "opened":
      return [timestamp, object.ipAddress ?? null, object.userAgent ?? null];
    case "clicked":
      return [timestamp, object.link ?? null, object.ipAddress ?? null, object.userAgent ?? null];
  }
}

/** The same instant written two ways (with or without milliseconds) is the same instant. */
function normaliseTimestamp(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : new Date(time).toISOString();
}

function sortedStrings(value: unknown): string[] {
  return Array.isArray(value)
    ? value
        .filter((v): v is string => typeof v === "string")
        .map((v) => v.toLowerCase())
        .sort()
    : [];
}

function recipientAddresses(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return sortedStrings(value.map((entry) => (entry && typeof entry === "object" ? (entry as Json).emailAddress : undefined)));
}
