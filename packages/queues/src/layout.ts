import { crc32 } from "node:zlib";

/**
 * Where the queues live in Redis. The send and webhook queues are each split into shards, one
 * BullMQ queue per shard under a hash tag of its own (`{<QUEUE_PREFIX>:<shard>}`), so that on a
 * Redis Cluster each shard's keys share one slot (BullMQ's scripts touch several keys of a queue)
 * while different shards land on different primaries. A job's shard is a stable hash of its id
 * (the email id, the delivery id): every producer and sweeper finds an existing job by its id
 * alone, so an id never has two live jobs, and each workspace's jobs spread evenly over the
 * shards (its fairness counters and the rate limits are install-wide keys, not per shard).
 *
 * One shard on a single Redis keeps the unsharded layout (`<QUEUE_PREFIX>:send-email:…`).
 */
export interface QueueLayout {
  /** QUEUE_PREFIX: the namespace of the install's other keys (rate limits, gate, slots). */
  prefix: string;
  /** The BullMQ prefix of each shard, by shard number. */
  shardPrefixes: readonly string[];
  /** The shards this process's workers take jobs from. */
  consumed: readonly number[];
}

export interface QueueLayoutEnv {
  QUEUE_PREFIX: string;
  QUEUE_SHARDS?: number;
  QUEUE_SHARDS_CONSUMED?: readonly number[];
  REDIS_CLUSTER_NODES?: readonly string[];
}

/** The layout the settings describe; throws with the setting to fix when they contradict. */
export function queueLayout(env: QueueLayoutEnv): QueueLayout {
  const prefix = env.QUEUE_PREFIX;
  const shards = env.QUEUE_SHARDS ?? 1;
  const cluster = (env.REDIS_CLUSTER_NODES?.length ?? 0) > 0;
  const tagged = prefix.includes("{");
  if (tagged && shards > 1) {
    throw new Error(
      `QUEUE_PREFIX "${prefix}" holds a hash tag, which would put every shard in one cluster slot: with QUEUE_SHARDS > 1 use a prefix without braces`,
    );
  }
  const shardPrefixes =
    tagged || (shards === 1 && !cluster) ? [prefix] : Array.from({ length: shards }, (_, shard) => `{${prefix}:${shard}}`);
  const consumed = env.QUEUE_SHARDS_CONSUMED?.length
    ? [...new Set(env.QUEUE_SHARDS_CONSUMED)].sort((a, b) => a - b)
    : shardPrefixes.map((_, i) => i);
  const unknown = consumed.filter((shard) => shard >= shardPrefixes.length);
  if (unknown.length > 0) throw new Error(`QUEUE_SHARDS_CONSUMED names shard ${unknown.join(", ")}, but QUEUE_SHARDS is ${shards}`);
  return { prefix, shardPrefixes, consumed };
}

/** An unsharded layout under one prefix (tests and tools on a single Redis). */
export function singleQueueLayout(prefix: string): QueueLayout {
  return { prefix, shardPrefixes: [prefix], consumed: [0] };
}

/** The shard of a job id: the same on every process for as long as the shard count stays. */
export function shardOf(layout: QueueLayout, jobId: string): number {
  const shards = layout.shardPrefixes.length;
  return shards === 1 ? 0 : crc32(jobId) % shards;
}
