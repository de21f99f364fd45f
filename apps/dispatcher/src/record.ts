import { type ClaimedAttemptRecords, sqlPool } from "@svc/core";
import { type ClaimedAttemptRow, recordClaimedWebhookAttempts } from "@svc/core/batched";
import type { DbHandle } from "@svc/db";
import { Batcher } from "@svc/runtime";

export interface AttemptRecorderOptions {
  /** Records in one statement: the worker's concurrency. */
  maxBatch: number;
  /** Statements in flight at once (each holds a pooled connection). */
  maxConcurrent: number;
  /** How long a record may wait for others to share its statement (see Batcher). */
  lingerMs?: number;
}

/**
 * Records claimed (automatic) attempts: concurrent jobs' attempts leave in one autocommit
 * statement (`recordClaimedWebhookAttempts`). What to record, and what to do when the row changed
 * since the claim, is decided by the attempt in core (`createWebhookAttempt`).
 */
export class AttemptRecorder implements ClaimedAttemptRecords {
  private readonly claimed: Batcher<ClaimedAttemptRow, boolean>;

  constructor(db: DbHandle, options: AttemptRecorderOptions) {
    this.claimed = new Batcher({
      run: (rows) => recordClaimedWebhookAttempts(sqlPool(db), rows),
      maxSize: options.maxBatch,
      maxConcurrent: options.maxConcurrent,
      lingerMs: options.lingerMs ?? 0,
    });
  }

  recordClaimed(row: ClaimedAttemptRow): Promise<boolean> {
    return this.claimed.submit(row);
  }
}
