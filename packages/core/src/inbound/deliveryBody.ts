/**
 * The body of a `received` webhook delivery: metadata only (the content is fetched over REST,
 * `GET /inbound/{id}` and its raw and attachment routes), fixed when the delivery row is made.
 */
export function buildInboundDeliveryBody(input: {
  deliveryId: string;
  createdAt: Date;
  inbound: {
    id: string;
    from: string | null;
    to: string[];
    rcptTo: string[];
    subject: string | null;
    messageId: string | null;
    replyToEmailId: string | null;
    attachmentCount: number;
    size: number;
    verdicts: unknown;
    parseError: boolean;
    receivedAt: Date;
  };
}): string {
  const { inbound } = input;
  return JSON.stringify({
    id: input.deliveryId,
    type: "email.received",
    createdAt: input.createdAt.toISOString(),
    data: {
      inboundId: inbound.id,
      event: { type: "received", eventTimestamp: inbound.receivedAt.toISOString() },
      from: inbound.from,
      to: inbound.to,
      recipients: inbound.rcptTo,
      subject: inbound.subject,
      messageId: inbound.messageId,
      replyToEmailId: inbound.replyToEmailId,
      attachmentCount: inbound.attachmentCount,
      size: inbound.size,
      verdicts: inbound.verdicts,
      parseError: inbound.parseError,
    },
  });
}
