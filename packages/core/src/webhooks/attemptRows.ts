import type { DbHandle } from "@svc/db";
import { inTransaction, sqlPool } from "../sql.ts";
import {
  failWebhookDeliveryOfDisabledSubscription,
  lockWebhookDeliverySchedule,
  recordWebhookAttempt,
  selectWebhookDeliveryDispatchState,
  selectWebhookDeliveryToSend,
} from "../stores/webhookDeliveries.ts";
import type { DeliveryRows } from "./attempt.ts";
import { disableGoneSubscription } from "./autoDisable.ts";

/**
 * The delivery rows an attempt reads and writes one at a time (the off-hot paths: a delivery
 * that could not be claimed, a manual attempt, a record whose claim changed), in Postgres.
 */
export function postgresDeliveryRows(db: DbHandle): DeliveryRows {
  return {
    dispatchState: (deliveryId) => selectWebhookDeliveryDispatchState(sqlPool(db), deliveryId),
    toSend: (deliveryId) => selectWebhookDeliveryToSend(sqlPool(db), deliveryId),
    failOfDisabledSubscription: (deliveryId) => failWebhookDeliveryOfDisabledSubscription(sqlPool(db), deliveryId),
    disableGone: async (subscriptionId) => {
      await disableGoneSubscription(db.prisma, subscriptionId);
    },
    // One transaction with the delivery row locked: the decision is made from the row as it is.
    recordLocked: (attempt, decide) =>
      inTransaction(db, async (client) => {
        const state = await lockWebhookDeliverySchedule(client, attempt.deliveryId);
        if (!state) return { kind: "gone" };
        const decision = decide(state);
        await recordWebhookAttempt(client, attempt, decision);
        return decision ? { kind: "recorded", decision } : { kind: "claim-lost", status: state.status };
      }),
  };
}
