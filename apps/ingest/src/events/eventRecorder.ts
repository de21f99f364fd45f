import { sqlPool } from "@svc/core";
import { type EmailEventToRecord, type RecordOutcome, recordEmailEvents } from "@svc/core/batched";
import type { DbHandle } from "@svc/db";
import type { Logger } from "@svc/logger";
import { newDeliveryJobs, type Producer } from "@svc/queues";
import { Batcher } from "@svc/runtime";

/** Records one event; resolves once it is committed (its deliveries enqueued, or left to the sweeper). */
export type RecordEvent = (event: EmailEventToRecord) => Promise<RecordOutcome>;

export interface EventRecorderDeps {
  db: DbHandle;
  deliveries: Producer<"webhookDelivery">;
  log: Logger;
}

export interface EventRecorderOptions {
  /** The most events in one statement. */
  maxBatch: number;
  /** Statements in flight at once (each holds one pooled connection). */
  maxConcurrent: number;
  /** How long an event may wait for others to share its statement and commit (see Batcher). */
  lingerMs?: number;
}

/**
 * Group commits: a round trip and a commit (WAL flush) per notification would be most of the
 * ingester's and Postgres's CPU, so concurrent notifications share one statement and one commit.
 * A batch leaves on the next turn of the event loop with whatever has arrived, so nothing waits
 * on purpose, and while statements are in flight the next batch gathers. Each request is still
 * answered only after its own event has committed (SNS retries anything not answered 2xx). A
 * failing batch is retried item by item by the Batcher, so one bad event fails only its own
 * request.
 */
export function createEventRecorder(deps: EventRecorderDeps, options: EventRecorderOptions): RecordEvent {
  const pool = sqlPool(deps.db);
  const batcher = new Batcher<EmailEventToRecord, { outcome: RecordOutcome; enqueued: Promise<void> }>({
    maxSize: options.maxBatch,
    maxConcurrent: options.maxConcurrent,
    lingerMs: options.lingerMs ?? 0,
    run: async (events) => {
      const outcomes = await recordEmailEvents(pool, events);
      // Committed: the batch's slot is free for the next statement while Redis takes the jobs.
      const enqueued = enqueueDeliveries(
        deps,
        outcomes.flatMap((outcome) => (outcome.outcome === "created" ? outcome.deliveryIds : [])),
      );
      return outcomes.map((outcome) => ({ outcome, enqueued }));
    },
  });
  return async (event) => {
    const { outcome, enqueued } = await batcher.submit(event);
    await enqueued;
    return outcome;
  };
}

/**
 * The delivery rows are committed; a job is only the nudge, one enqueue for the whole batch.
 * If Redis is down the dispatcher's sweeper finds the pending rows later, so failing here must
 * not fail the requests (SNS would retry, hit the dedupe, and enqueue nothing anyway).
 */
async function enqueueDeliveries(deps: EventRecorderDeps, deliveryIds: string[]): Promise<void> {
  if (deliveryIds.length === 0) return;
  try {
    await deps.deliveries.enqueueMany(newDeliveryJobs(deliveryIds));
  } catch (error) {
    deps.log.warn({ err: error, deliveryIds }, "could not enqueue webhook deliveries; the sweeper will pick them up");
  }
}
