import type { Db, EmailStatus, EventType, Prisma } from "@svc/db";
import { newId } from "@svc/db";
import { buildDeliveryBody } from "./deliveryBody.ts";
import { nextStatus } from "./types.ts";

type Tx = Prisma.TransactionClient;

export interface NewEmailEvent {
  emailId: string;
  type: EventType;
  eventTimestamp: Date;
  /** The provider's raw event JSON, exactly as received. */
  payloadJson: string;
  /**
   * Identity of the provider event. The same notification again (or the same event re-published
   * under a new SNS MessageId) must produce the same key: it is unique in the database.
   */
  dedupeKey: string;
  /** Extra fields to set on the email when this event moves its status (e.g. errorMessage). */
  emailUpdate?: { errorMessage?: string; failedAt?: Date };
}

export interface RecordedEvent {
  /** False when the event was already stored: nothing was written. */
  created: boolean;
  eventId: string | null;
  /** Webhook deliveries created with the event, to enqueue after the transaction commits. */
  deliveryIds: string[];
}

/**
 * Stores one event and fans it out, in one transaction: the immutable event row, one webhook
 * delivery row (body fixed now) per active subscription of the workspace that lists the type,
 * and the email's forward-only status change. A duplicate (same dedupeKey) changes nothing.
 *
 * Enqueueing the deliveries is the caller's job, after commit: a job must never point at a row
 * that might still roll back.
 */
export async function recordEmailEvent(db: Db, event: NewEmailEvent): Promise<RecordedEvent> {
  return db.$transaction((tx) => recordEmailEventInTx(tx, event));
}

export async function recordEmailEventInTx(tx: Tx, event: NewEmailEvent): Promise<RecordedEvent> {
  const eventId = newId("event");
  const inserted = await tx.$queryRaw<Array<{ id: string }>>`
    INSERT INTO email_events (id, "emailId", type, "eventTimestamp", "payloadJson", "dedupeKey")
    VALUES (${eventId}, ${event.emailId}, ${event.type}::"EventType", ${event.eventTimestamp}, ${event.payloadJson}, ${event.dedupeKey})
    ON CONFLICT ("dedupeKey") DO NOTHING
    RETURNING id`;
  const row = inserted[0];
  if (!row) return { created: false, eventId: null, deliveryIds: [] };

  // Lock the email row so concurrent events for one email apply their status moves in turn.
  const emails = await tx.$queryRaw<Array<{ status: EmailStatus; organizationId: string }>>`
    SELECT status, "organizationId" FROM emails WHERE id = ${event.emailId} FOR UPDATE`;
  const email = emails[0];
  if (!email) throw new Error(`recordEmailEvent: email ${event.emailId} does not exist`);

  const status = nextStatus(email.status, event.type);
  if (status) {
    await tx.email.update({
      where: { id: event.emailId },
      data: { status, ...event.emailUpdate },
    });
  }

  const subscriptions = await tx.webhookSubscription.findMany({
    where: { workspaceId: email.organizationId, isActive: true, events: { has: event.type } },
    select: { id: true },
  });
  const now = new Date();
  const deliveries = subscriptions.map((subscription) => {
    const id = newId("delivery");
    return {
      id,
      subscriptionId: subscription.id,
      eventId: row.id,
      eventType: event.type,
      createdAt: now,
      nextAttemptAt: now,
      body: buildDeliveryBody({
        deliveryId: id,
        createdAt: now,
        emailId: event.emailId,
        eventId: row.id,
        eventType: event.type,
        eventTimestamp: event.eventTimestamp,
      }),
    };
  });
  if (deliveries.length > 0) await tx.webhookDelivery.createMany({ data: deliveries });
  return { created: true, eventId: row.id, deliveryIds: deliveries.map((d) => d.id) };
}
