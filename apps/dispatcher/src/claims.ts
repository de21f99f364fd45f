import { type DeliveryClaims, sqlPool } from "@svc/core";
import { type ClaimedDelivery, claimWebhookDeliveries, releaseWebhookDeliveryClaims } from "@svc/core/batched";
import type { DbHandle } from "@svc/db";
import { Batcher } from "@svc/runtime";

export interface DeliveryClaimerOptions {
  /** How long a claimed attempt may take before another worker may take the delivery over. */
  leaseMs: number;
  /** Claims in one statement: the worker's concurrency. */
  maxBatch: number;
  /** Statements of each kind in flight at once (each holds a pooled connection). */
  maxConcurrent: number;
  /** How long a claim may wait for others to share its statement (see Batcher). */
  lingerMs?: number;
}

/**
 * Claims (and gives back) automatic attempts of deliveries. Concurrent jobs' claims leave in one
 * statement (`claimWebhookDeliveries`), and so do their releases.
 */
export class DeliveryClaimer implements DeliveryClaims {
  private readonly claims: Batcher<string, ClaimedDelivery | null>;
  private readonly releases: Batcher<ClaimedDelivery, void>;

  constructor(
    private readonly db: DbHandle,
    private readonly options: DeliveryClaimerOptions,
  ) {
    this.claims = new Batcher({
      run: (ids) => this.claimMany(ids),
      maxSize: options.maxBatch,
      maxConcurrent: options.maxConcurrent,
      lingerMs: options.lingerMs ?? 0,
    });
    this.releases = new Batcher({
      run: (claims) => this.releaseMany(claims),
      maxSize: options.maxBatch,
      maxConcurrent: options.maxConcurrent,
    });
  }

  claim(deliveryId: string): Promise<ClaimedDelivery | null> {
    return this.claims.submit(deliveryId);
  }

  /** Makes a claimed delivery due again, so the job deferred for lack of a slot can claim it. */
  release(delivery: ClaimedDelivery): Promise<void> {
    return this.releases.submit(delivery);
  }

  private claimMany(ids: string[]): Promise<Array<ClaimedDelivery | null>> {
    const now = Date.now();
    return claimWebhookDeliveries(sqlPool(this.db), ids, new Date(now), new Date(now + this.options.leaseMs));
  }

  private async releaseMany(claims: ClaimedDelivery[]): Promise<undefined[]> {
    // Our clock, as the claim's: the deferred job finds the delivery due by the same measure.
    await releaseWebhookDeliveryClaims(sqlPool(this.db), claims, new Date());
    return claims.map(() => undefined);
  }
}
