import { EVENT_TYPES } from "./types.ts";

export type EventTypeName = (typeof EVENT_TYPES)[number];

/**
 * What each event type a subscription can list means, for the OpenAPI `webhooks` section and
 * docs/webhook-events.md (both generated from this and EVENT_TYPES). Typed by EVENT_TYPES: a
 * type added there does not compile until it is described here. `failed` is described ahead of
 * being subscribable, so its entry is ready when it joins EVENT_TYPES.
 */
export const EVENT_CATALOGUE: Record<EventTypeName | "failed", { when: string }> = {
  sent: { when: "The provider accepted the message for delivery (handoff complete)." },
  delivered: { when: "The receiving mail server accepted the message." },
  opened: { when: "A tracking pixel fired (an estimate only; needs open tracking on)." },
  clicked: { when: "A tracked link was followed (needs click tracking on)." },
  bounced: { when: "The receiving mail server rejected the message." },
  complained: { when: "The recipient marked the message as spam." },
  rejected: { when: "The provider rejected the message before delivery, or the service did not send it (a suppressed recipient)." },
  rendering_failed: { when: "Template rendering failed." },
  delivery_delayed: { when: "The provider could not deliver yet and will retry." },
  failed: { when: "The email ended without a handoff, or past its retries: it will not be sent." },
  unsubscribed: {
    when: "The recipient used the email's one-click unsubscribe link: later emails of that topic to that address are not sent (payload: topic, recipient).",
  },
  received: {
    when: "A message arrived for one of the workspace's receiving domains (metadata here; its content over REST, GET /inbound/{id}).",
  },
};

/** The event types a subscription can list, each with its description, in EVENT_TYPES order. */
export function subscribableEventTypes(): Array<{ type: EventTypeName; when: string }> {
  return EVENT_TYPES.map((type) => ({ type, when: EVENT_CATALOGUE[type].when }));
}
