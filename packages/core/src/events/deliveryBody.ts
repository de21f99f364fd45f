/**
 * The webhook body, fixed when the delivery row is created and POSTed byte-identical on every
 * attempt. Key order is part of the contract: build it only here.
 */
export function buildDeliveryBody(input: {
  deliveryId: string;
  createdAt: Date;
  emailId: string;
  /**
   * The email's tags, so that a receiver can route the event without looking the email up. A
   * string is a slot: it is written as a JSON string for the caller to replace, quotes included,
   * with the JSON array (the event store fills it from the email row).
   */
  tags: ReadonlyArray<{ name: string; value: string }> | string;
  eventId: string;
  eventType: string;
  eventTimestamp: Date;
  /** Why an email ended unsent: on our `failed` events only, so a receiver needs no look-up. */
  reason?: { code: string; text: string };
}): string {
  return JSON.stringify({
    id: input.deliveryId,
    type: "email.event",
    createdAt: input.createdAt.toISOString(),
    data: {
      emailId: input.emailId,
      tags: input.tags,
      event: {
        eventId: input.eventId,
        type: input.eventType,
        eventTimestamp: input.eventTimestamp.toISOString(),
        ...(input.reason ? { reason: input.reason } : {}),
      },
    },
  });
}
