import { sqlPool } from "@svc/core";
import type { DbHandle, DeliveryStatus, EventType } from "@svc/db";
import { Batcher } from "@svc/runtime";
import { stopForDisabledSubscription } from "./deliveryRows.ts";

/** What a claimed delivery's attempt needs: the request, and the inputs of the retry policy. */
export interface ClaimedDelivery {
  id: string;
  body: string;
  eventType: EventType;
  subscriptionId: string;
  url: string;
  secretEncrypted: string;
  firstAttemptAt: Date | null;
  /** Attempts recorded when the claim was made: the record checks that none came in between. */
  attemptCount: number;
  /** Automatic (not manual) attempts recorded so far. */
  automaticAttempts: number;
  /** The claim: nextAttemptAt as the claim set it. Whoever finds it changed lost the claim. */
  leaseUntil: Date;
}

export type ClaimResult =
  | { kind: "claimed"; delivery: ClaimedDelivery }
  /** Deleted (with its subscription). */
  | { kind: "gone" }
  /** Its subscription is disabled: a pending delivery has been stopped for good. */
  | { kind: "subscription-disabled" }
  | { kind: "finished"; status: DeliveryStatus }
  /** Pending but not due (an early, stalled or duplicate job, or another worker's claim). */
  | { kind: "not-due"; dueAt: Date | null };

export interface ClaimStoreOptions {
  /** How long a claimed attempt may take before another worker may take the delivery over. */
  leaseMs: number;
  /** Claims in one statement: the worker's concurrency. */
  maxBatch: number;
  /** Statements of each kind in flight at once (each holds a pooled connection). */
  maxConcurrent: number;
}

/**
 * Load and claim in one statement: pushes nextAttemptAt out by the lease, only if the delivery is
 * pending, due and its subscription active, and returns what the attempt needs. Concurrent jobs'
 * claims leave in one statement (Batcher): on this machine each Postgres round trip costs the
 * caller about 77 µs of CPU, and 50 jobs used to make 100 of them to get here (BENCHMARKS.md).
 */
const CLAIM = `
UPDATE webhook_deliveries d SET "nextAttemptAt" = $3
  FROM webhook_subscriptions s
 WHERE d.id = ANY($1::text[]) AND s.id = d."subscriptionId" AND s."isActive"
   AND d.status = 'pending' AND (d."nextAttemptAt" IS NULL OR d."nextAttemptAt" <= $2)
RETURNING d.id, d.body, d."eventType", d."subscriptionId", s.url, s."secretEncrypted",
          d."firstAttemptAt", d."attemptCount", d."nextAttemptAt" AS "leaseUntil",
          (SELECT count(*)::int FROM webhook_attempts a WHERE a."deliveryId" = d.id AND NOT a.manual) AS "automaticAttempts"`;

/** Gives claims back (no slot was free): due again at once, untouched if the claim was lost. */
const RELEASE = `
UPDATE webhook_deliveries d SET "nextAttemptAt" = $3
  FROM unnest($1::text[], $2::timestamptz[]) AS r(id, "leaseUntil")
 WHERE d.id = r.id AND d.status = 'pending' AND d."nextAttemptAt" = r."leaseUntil"`;

/** The rare path: why a delivery could not be claimed. */
const EXPLAIN = `
SELECT d.status, d."nextAttemptAt", s."isActive"
  FROM webhook_deliveries d
  JOIN webhook_subscriptions s ON s.id = d."subscriptionId"
 WHERE d.id = $1`;

/** Claims (and gives back) automatic attempts of deliveries, batching concurrent callers. */
export class ClaimStore {
  private readonly claims: Batcher<string, ClaimedDelivery | null>;
  private readonly releases: Batcher<ClaimedDelivery, void>;

  constructor(
    private readonly db: DbHandle,
    private readonly options: ClaimStoreOptions,
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

  private async claimMany(ids: string[]): Promise<Array<ClaimedDelivery | null>> {
    const now = Date.now();
    const { rows } = await sqlPool(this.db).query<ClaimedDelivery>({
      name: "dispatcher-claim",
      text: CLAIM,
      values: [ids, new Date(now), new Date(now + this.options.leaseMs)],
    });
    const byId = new Map(rows.map((row) => [row.id, row]));
    // The same delivery twice in one batch (a duplicate job): one row came back, one job claims.
    return ids.map((id) => {
      const row = byId.get(id) ?? null;
      byId.delete(id);
      return row;
    });
  }

  private async releaseMany(claims: ClaimedDelivery[]): Promise<void[]> {
    await sqlPool(this.db).query({
      name: "dispatcher-release-claim",
      text: RELEASE,
      // Our clock, as the claim's: the deferred job finds the delivery due by the same measure.
      values: [claims.map((c) => c.id), claims.map((c) => c.leaseUntil), new Date()],
    });
    return claims.map(() => undefined);
  }

  private async explain(deliveryId: string): Promise<ClaimResult> {
    const { rows } = await sqlPool(this.db).query<{ status: DeliveryStatus; nextAttemptAt: Date | null; isActive: boolean }>(EXPLAIN, [deliveryId]);
    const row = rows[0];
    if (!row) return { kind: "gone" };
    if (!row.isActive) {
      await stopForDisabledSubscription(this.db, deliveryId);
      return { kind: "subscription-disabled" };
    }
    if (row.status !== "pending") return { kind: "finished", status: row.status };
    return { kind: "not-due", dueAt: row.nextAttemptAt };
  }
}
