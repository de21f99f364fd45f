import { type Processor, Worker, type WorkerOptions } from "bullmq";
import { type JobPayload, QUEUES, type QueueKey } from "./catalog.ts";
import type { QueueLayout } from "./layout.ts";

/**
 * The workers of one process on a queue: one BullMQ worker per shard it consumes (layout.ts).
 * The process's concurrency is divided among them (rounded up): jobs spread evenly over the
 * shards by their id, so each shard's worker gets its share of the work and of the slots.
 */
export function createShardWorkers<K extends QueueKey>(
  key: K,
  layout: QueueLayout,
  processor: Processor<JobPayload<K>>,
  options: Omit<WorkerOptions, "prefix" | "concurrency"> & { concurrency: number },
): Array<Worker<JobPayload<K>>> {
  const concurrency = Math.max(1, Math.ceil(options.concurrency / layout.consumed.length));
  return layout.consumed.map(
    (shard) => new Worker<JobPayload<K>>(QUEUES[key].name, processor, { ...options, prefix: layout.shardPrefixes[shard]!, concurrency }),
  );
}
