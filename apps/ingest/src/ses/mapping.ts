import type { EventType } from "@svc/db";

/**
 * SES event types (event publishing's `eventType`, or the legacy identity notifications'
 * `notificationType`) that we store, with the name of the event's own object in the JSON.
 * Anything not listed (Subscription, AmazonSnsSubscriptionSucceeded, …) is acknowledged and ignored.
 */
const SES_EVENT_TYPES: Readonly<Record<string, { type: EventType; object: string }>> = {
  Send: { type: "sent", object: "send" },
  Delivery: { type: "delivered", object: "delivery" },
  Open: { type: "opened", object: "open" },
  Click: { type: "clicked", object: "click" },
  Bounce: { type: "bounced", object: "bounce" },
  Complaint: { type: "complained", object: "complaint" },
  Reject: { type: "rejected", object: "reject" },
  "Rendering Failure": { type: "rendering_failed", object: "failure" },
  DeliveryDelay: { type: "delivery_delayed", object: "deliveryDelay" },
};

export function mapSesEventType(sesType: string): { type: EventType; object: string } | null {
  return Object.hasOwn(SES_EVENT_TYPES, sesType) ? SES_EVENT_TYPES[sesType]! : null;
}
