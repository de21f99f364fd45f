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
] as const satisfies readonly EventType[];
