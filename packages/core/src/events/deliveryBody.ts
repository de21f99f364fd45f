/**
 * The webhook body, fixed when the delivery row is created and POSTed byte-identical on every
 * attempt. Key order is part of the contract: build it only here.
 */
export function buildDeliveryBody(input: {
  deliveryId: string;
  createdAt: Date;
  emailId: string;
  eventId: string;
  eventType: string;
  eventTimestamp: Date;
}): string {
  return JSON.stringify({
    id: input.deliveryId,
    type: "email.event",
    createdAt: input.createdAt.toISOString(),
    data: {
      emailId: input.emailId,
      event: {
        eventId: input.eventId,
        type: input.eventType,
        eventTimestamp: input.eventTimestamp.toISOString(),
      },
    },
  });
}
