import type { DbHandle } from "@svc/db";
import { recordEmailEventInTx } from "../events/record.ts";
import { inTransaction } from "../sql.ts";
import { selectWorkspaceEmailIds } from "../stores/emails.ts";
import { insertTopicSuppression } from "../stores/topicSuppressions.ts";
import type { UnsubscribeClaims } from "./token.ts";

export interface UnsubscribeOutcome {
  /** False when the recipient had unsubscribed from the topic already (a repeated POST). */
  suppressed: boolean;
  /** The `unsubscribed` event's webhook deliveries, to enqueue once committed (none for a repeat). */
  deliveryIds: string[];
}

/**
 * One verified unsubscribe (a token this install signed): the recipient leaves the topic in the
 * token's workspace (the workspace comes from the signed token only, never from the request),
 * and its email gets an `unsubscribed` event with its webhooks. One transaction. A repeat adds no
 * second entry and no second event (the event's dedupe key is the email's). An email that
 * retention has removed since gets no event; the suppression still holds.
 */
export async function unsubscribeFromTopic(db: DbHandle, claims: UnsubscribeClaims, now = new Date()): Promise<UnsubscribeOutcome> {
  return inTransaction(db, async (tx) => {
    const suppressed = await insertTopicSuppression(tx, {
      workspaceId: claims.workspaceId,
      address: claims.address,
      topic: claims.topic,
      emailId: claims.emailId,
    });
    const [emailId] = await selectWorkspaceEmailIds(tx, claims.workspaceId, [claims.emailId]);
    if (emailId === undefined) return { suppressed, deliveryIds: [] };
    const recorded = await recordEmailEventInTx(tx, {
      emailId,
      type: "unsubscribed",
      eventTimestamp: now,
      payloadJson: JSON.stringify({ source: "svc", topic: claims.topic, recipient: claims.address }),
      dedupeKey: `unsubscribed:${emailId}`,
    });
    return { suppressed, deliveryIds: recorded.deliveryIds };
  });
}
