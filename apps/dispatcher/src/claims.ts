import { isDeliveryFinished, sqlPool } from "@svc/core";
import {
  claimWebhookDeliveries,
  failWebhookDeliveryOfDisabledSubscription,
  releaseWebhookDeliveryClaims,
  selectWebhookDeliveryDispatchState,
  type ClaimedDelivery,
} from "@svc/core/stores";
import type { DbHandle, DeliveryStatus } from "@svc/db";
import { Batcher } from "@svc/runtime";

export type ClaimResult =
  | { kind: "claimed"; delivery: ClaimedDelivery }
  /** Deleted (with its subscription). */
  | { kind: "gone" }
  /** Its subscription is disabled: a pending delivery has been stopped for good. */
  | { kind: "subscription-disabled" }
  | { kind: "finished"; status: DeliveryStatus }
  /** Pending but not due (an early, stalled or duplicate job, or another worker's claim). */
  | { kind: "not-due"; dueAt: Date | null };

export interface DeliveryClaimerOptions {
  /** How long a claimed attempt may take before another worker may take the delivery over. */
  leaseMs: number;
  /** Claims in one statement: the worker's concurrency. */
  maxBatch: number;
  /** Statements of each kind in flight at once (each holds a pooled connection). */
  maxConcurrent: number;
}

/**
 * Claims (and gives back) automatic attempts of deliveries. Concurrent jobs' claims leave in one
 * statement (`claimWebhookDeliveries`), and so do their releases.
 */
export class DeliveryClaimer {
  private readonly claims: Batcher<string, ClaimedDelivery | null>;
  private readonly releases: Batcher<ClaimedDelivery, void>;

  constructor(
    private readonly db: DbHandle,
    private readonly options: DeliveryClaimerOptions,
  ) {
    this.claims = new Batcher({ run: (ids) => this.claimMany(ids), maxSize: options.maxBatch, maxConcurrent: options.maxConcurrent });
    this.releases = new Batcher({ run: (claims) => this.releaseMany(claims), maxSize: options.maxBatch, maxConcurrent: options.maxConcurrent });
  }

  async claim(deliveryId: string): Promise<ClaimResult> {
    const delivery = await this.claims.submit(deliveryId);
    return delivery ? { kind: "claimed", delivery } : this.explain(deliveryId);
  }

  /** Makes a claimed delivery due again, so the job deferred for lack of a slot can claim it. */
  release(delivery: ClaimedDelivery): Promise<void> {
    return this.releases.submit(delivery);
  }

  private claimMany(ids: string[]): Promise<Array<ClaimedDelivery | null>> {
    const now = Date.now();
    return claimWebhookDeliveries(sqlPool(this.db), ids, new Date(now), new Date(now + this.options.leaseMs));
  }

  private async releaseMany(claims: ClaimedDelivery[]): Promise<void[]> {
    // Our clock, as the claim's: the deferred job finds the delivery due by the same measure.
    await releaseWebhookDeliveryClaims(sqlPool(this.db), claims, new Date());
    return claims.map(() => undefined);
  }

  /** The rare path: why a delivery could not be claimed. */
  private async explain(deliveryId: string): Promise<ClaimResult> {
    const state = await selectWebhookDeliveryDispatchState(sqlPool(this.db), deliveryId);
    if (!state) return { kind: "gone" };
    if (!state.isActive) {
      await failWebhookDeliveryOfDisabledSubscription(sqlPool(this.db), deliveryId);
      return { kind: "subscription-disabled" };
    }
    if (isDeliveryFinished(state.status)) return { kind: "finished", status: state.status };
    return { kind: "not-due", dueAt: state.nextAttemptAt };
  }
}
