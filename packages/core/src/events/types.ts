import type { EventType } from "@svc/db";

export const EVENT_TYPES = [
  "sent",
  "delivered",
  "opened",
  "clicked",
  "bounced",
  "complained",
  "rejected",
  "rendering_failed",
  "delivery_delayed",
  // Ours, not a provider's: the email ended `failed` without a provider's verdict (see
  // emails/failure.ts).
  "failed",
  // Ours: a message arrived for a receiving domain. Its deliveries are about an inbound record
  // (inbound/deliveryBody.ts), not an email.
  "received",
  // Ours: the recipient unsubscribed from the email's topic with its one-click link.
  "unsubscribed",
] as const satisfies readonly EventType[];
