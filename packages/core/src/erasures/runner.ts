import { setTimeout as sleep } from "node:timers/promises";
import type { DbHandle } from "@svc/db";
import type { Logger } from "@svc/logger";
import { recordAudit } from "../audit/record.ts";
import type { FileStore } from "../files/store.ts";
import { inTransaction, sqlPool } from "../sql.ts";
import { claimNextErasure, completeErasure, recordErasureFailure, saveErasureProgress } from "../stores/erasures.ts";
import { ErasedAddresses } from "./matching.ts";
import { addToReceipt, type ErasureReceipt, receiptOf, receiptTotal } from "./receipt.ts";
import { type BatchResult, ERASURE_STEPS, type StepContext } from "./steps.ts";
import type { ErasureTokens } from "./tokens.ts";

export interface ErasureRunnerOptions {
  files: FileStore;
  tokens: ErasureTokens;
  /** Rows examined or deleted per statement (1,000: each batch a short transaction). */
  batchSize?: number;
  /** A claim not renewed for this long is taken over (its runner stopped); every batch renews it. */
  leaseMs?: number;
  /** Failed runs of one erasure before it ends `failed`. */
  maxAttempts?: number;
  /** Checked between batches: once aborted, the run stops there, as a crash would, keeping its claim. */
  signal?: AbortSignal;
  /** Run this erasure only (when it waits), not the oldest waiting one. */
  only?: string;
  /**
   * The share of the time an erasure works (0–1): after each batch it rests in proportion to the
   * batch's duration, so that a million-row erasure leaves the database to the sends beside it.
   */
  workShare?: number;
}

export const ERASURE_DEFAULTS = { batchSize: 1_000, leaseMs: 60_000, maxAttempts: 5, workShare: 0.25 } as const;

/** Rests after a batch that took `workedMs` so that work is `share` of the time; an abort ends the rest. */
async function restAfter(workedMs: number, share: number, signal: AbortSignal | undefined): Promise<void> {
  const restMs = share >= 1 ? 0 : (workedMs * (1 - share)) / Math.max(share, 0.01);
  if (restMs < 1 || signal?.aborted) return;
  await sleep(restMs, undefined, signal ? { signal } : {}).catch(() => {});
}

/** A claim lost to another runner: the batch rolls back and this run ends. */
class ClaimLost extends Error {}

export type ErasureRunOutcome = { id: string; status: "completed" | "stopped" | "failed" | "retry" | "claim_lost" };

/**
 * Runs the next waiting erasure (if any) to its end or until `signal` aborts: each step a batch at
 * a time, each batch one transaction that also writes the step, the walk's position and the
 * receipt's counts, under this runner's claim. Answers what became of it, or null when none waits.
 */
export async function runNextErasure(db: DbHandle, log: Logger, options: ErasureRunnerOptions): Promise<ErasureRunOutcome | null> {
  const leaseMs = options.leaseMs ?? ERASURE_DEFAULTS.leaseMs;
  let claim = new Date();
  const erasure = await claimNextErasure(sqlPool(db), leaseMs, claim, options.only ?? null);
  if (!erasure) return null;
  const addresses = new ErasedAddresses(erasure.addresses, options.tokens);
  const context: StepContext = {
    erasure,
    addresses,
    anyAddress: addresses.pattern(),
    objectStore: options.files.kind === "s3" ? options.files : null,
    batchSize: options.batchSize ?? ERASURE_DEFAULTS.batchSize,
  };
  let receipt: ErasureReceipt = receiptOf(erasure.receipt);
  const erasureLog = log.child({ erasureId: erasure.id, workspaceId: erasure.workspaceId });
  try {
    let stepIndex = Math.max(
      0,
      ERASURE_STEPS.findIndex((step) => step.name === erasure.step),
    );
    let cursor: unknown = erasure.cursor ?? null;
    while (stepIndex < ERASURE_STEPS.length) {
      if (options.signal?.aborted) return { id: erasure.id, status: "stopped" };
      const step = ERASURE_STEPS[stepIndex]!;
      const inBatch = (work: (client: Parameters<Parameters<typeof inTransaction>[1]>[0]) => Promise<BatchResult>) =>
        inTransaction(db, async (client) => {
          const result = await work(client);
          const next = result.finished ? (ERASURE_STEPS[stepIndex + 1]?.name ?? "done") : step.name;
          const renewed = new Date(Math.max(Date.now(), claim.getTime() + 1));
          const saved = await saveErasureProgress(client, erasure.id, claim, renewed, {
            step: next,
            cursor: result.finished ? null : result.cursor,
            receipt: addToReceipt(receipt, result.delta),
          });
          if (!saved) throw new ClaimLost();
          claim = renewed;
          return result;
        });
      const batchStarted = performance.now();
      const result = await step.runBatch(context, cursor, inBatch);
      receipt = addToReceipt(receipt, result.delta);
      await restAfter(performance.now() - batchStarted, options.workShare ?? ERASURE_DEFAULTS.workShare, options.signal);
      if (result.finished) {
        stepIndex += 1;
        cursor = null;
      } else cursor = result.cursor;
    }
    if (!(await completeErasure(sqlPool(db), erasure.id, claim, receipt))) throw new ClaimLost();
    await recordAudit(sqlPool(db), {
      workspaceId: erasure.workspaceId,
      actor: erasure.requestedBy as never,
      source: "erasure runner",
      action: "erasure.completed",
      target: { type: "erasure", id: erasure.id },
      changes: { addresses: erasure.addressCount, emailIds: erasure.emailIdCount, rows: receiptTotal(receipt) },
    });
    erasureLog.info({ total: receiptTotal(receipt) }, "erasure completed");
    return { id: erasure.id, status: "completed" };
  } catch (error) {
    if (error instanceof ClaimLost) {
      erasureLog.warn("erasure claim taken over by another runner; this run stops");
      return { id: erasure.id, status: "claim_lost" };
    }
    // The message only: an error from the database may quote a value (an address) it refused.
    const message = error instanceof Error ? error.name : "error";
    const status = await recordErasureFailure(
      sqlPool(db),
      erasure.id,
      claim,
      `The run stopped on an error (${message}); it is tried again.`,
      options.maxAttempts ?? ERASURE_DEFAULTS.maxAttempts,
    );
    erasureLog.error({ errName: message, status }, "erasure run failed");
    return { id: erasure.id, status: status === "failed" ? "failed" : "retry" };
  }
}

/**
 * The api's erasure loop: runs waiting erasures one after another, every `intervalMs` and at once
 * when woken (a request was just made). `stop` aborts between batches and waits for the run: the
 * claim then lapses after its lease and any runner goes on from the last batch.
 */
export class ErasureRunner {
  private readonly abort = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private busy = false;
  private wanted = false;

  constructor(
    private readonly db: DbHandle,
    private readonly log: Logger,
    private readonly options: Omit<ErasureRunnerOptions, "signal"> & { intervalMs: number },
  ) {}

  start(): void {
    this.schedule(Math.min(this.options.intervalMs, 1_000));
  }

  /** Runs now (or right after the run in progress). */
  wake(): void {
    if (this.abort.signal.aborted) return;
    if (this.busy) {
      this.wanted = true;
      return;
    }
    clearTimeout(this.timer);
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.abort.abort();
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.abort.signal.aborted) return;
    this.timer = setTimeout(() => {
      this.running = this.drain().finally(() => {
        const again = this.wanted;
        this.wanted = false;
        this.schedule(again ? 0 : this.options.intervalMs);
      });
    }, delayMs);
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    this.busy = true;
    try {
      for (;;) {
        if (this.abort.signal.aborted) return;
        const outcome = await runNextErasure(this.db, this.log, { ...this.options, signal: this.abort.signal });
        // A failed run is tried again at the next interval, not at once.
        if (outcome?.status !== "completed") return;
      }
    } catch (error) {
      this.log.warn({ err: error }, "erasure runner failed; trying again at the next interval");
    } finally {
      this.busy = false;
    }
  }
}
