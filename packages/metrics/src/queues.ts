import { Counter, Gauge } from "prom-client";
import { PREFIX, registry } from "./registry.ts";

/** What the queue gauges read: a BullMQ queue and a connection of its Redis. */
export interface QueueSource {
  name: string;
  toKey(id: string): string;
  getJobCounts(...types: string[]): Promise<Record<string, number>>;
}

/** The few Redis commands the oldest-job age needs (ioredis). */
export interface QueueRedis {
  lindex(key: string, index: number): Promise<string | null>;
  zrange(key: string, start: number, stop: number): Promise<string[]>;
  hmget(key: string, ...fields: string[]): Promise<Array<string | null>>;
}

const STATES = ["wait", "delayed", "active", "prioritized", "paused"] as const;
/** BullMQ's name for the waiting list is `wait`; dashboards say `waiting`. */
const STATE_LABEL: Record<(typeof STATES)[number], string> = {
  wait: "waiting",
  delayed: "delayed",
  active: "active",
  prioritized: "prioritized",
  paused: "paused",
};

/** A watched queue: its shards (one BullMQ queue each, see @svc/queues layout.ts), all of one name. */
const sources = new Map<string, { shards: readonly QueueSource[]; redis: QueueRedis }>();

/**
 * Read on each scrape, only from the processes that watch a queue (each worker its own queue):
 * one pipelined count and two small reads per shard, nothing per job; a sharded queue reports
 * the sum of its shards. Several workers of one queue report the same values: take `max by (queue)`.
 */
new Gauge({
  name: `${PREFIX}queue_jobs`,
  help: "Jobs in a queue by state (waiting, delayed, active, prioritized, paused), read from Redis at scrape time.",
  labelNames: ["queue", "state"] as const,
  registers: [registry],
  async collect() {
    this.reset();
    await Promise.all(
      [...sources.values()].map(async ({ shards }) => {
        const counts = await Promise.all(shards.map((queue) => queue.getJobCounts(...STATES))).catch(() => null);
        if (!counts) return;
        for (const state of STATES) {
          const total = counts.reduce((sum, count) => sum + (count[state] ?? 0), 0);
          this.set({ queue: shards[0]!.name, state: STATE_LABEL[state] }, total);
        }
      }),
    );
  },
});

new Gauge({
  name: `${PREFIX}queue_oldest_waiting_age_seconds`,
  help: "How long the job next in line has waited since it was due (the oldest plain job, or the best-priority one), 0 when none waits.",
  labelNames: ["queue"] as const,
  registers: [registry],
  async collect() {
    this.reset();
    await Promise.all(
      [...sources.values()].map(async ({ shards, redis }) => {
        const ages = await Promise.all(shards.map((queue) => oldestWaitingAgeSeconds({ queue, redis }))).catch(() => null);
        if (ages !== null) this.set({ queue: shards[0]!.name }, Math.max(0, ...ages));
      }),
    );
  },
});

/**
 * The jobs next in line: plain jobs are pushed on the left of the wait list and taken from the
 * right (the last element is the oldest); jobs with a priority wait in a sorted set, best first.
 * A job became due at its creation plus its delay (a delayed or retried job only starts waiting
 * then). Under priorities a busy workspace's jobs may wait longer than the head: by design.
 */
async function oldestWaitingAgeSeconds({ queue, redis }: { queue: QueueSource; redis: QueueRedis }): Promise<number> {
  const [plain, prioritized] = await Promise.all([redis.lindex(queue.toKey("wait"), -1), redis.zrange(queue.toKey("prioritized"), 0, 0)]);
  const ages = await Promise.all(
    [plain, prioritized[0]].filter((id): id is string => Boolean(id)).map((id) => ageSinceDue(queue, redis, id)),
  );
  return Math.max(0, ...ages);
}

async function ageSinceDue(queue: QueueSource, redis: QueueRedis, id: string): Promise<number> {
  const [timestamp, delay] = await redis.hmget(queue.toKey(id), "timestamp", "delay");
  if (!timestamp) return 0;
  const dueAt = Number(timestamp) + (Number(delay) || 0);
  return Math.max(0, (Date.now() - dueAt) / 1000);
}

/**
 * Reports a queue's depth and oldest age (over all its shards) on this process's /metrics; the
 * returned call stops it.
 */
export function watchQueueDepth(shards: readonly QueueSource[], redis: QueueRedis): () => void {
  const key = shards.map((queue) => queue.toKey("")).join(" ");
  const source = { shards, redis };
  sources.set(key, source);
  return () => {
    if (sources.get(key) === source) sources.delete(key);
  };
}

const completed = new Counter({
  name: `${PREFIX}queue_jobs_completed_total`,
  help: "Jobs this process finished.",
  labelNames: ["queue"] as const,
  registers: [registry],
});

const failed = new Counter({
  name: `${PREFIX}queue_jobs_failed_total`,
  help: "Jobs this process failed (a retried job counts each failed run).",
  labelNames: ["queue"] as const,
  registers: [registry],
});

/** What a BullMQ worker offers for counting. */
export interface WorkerEvents {
  name: string;
  on(event: "completed" | "failed", listener: (...args: unknown[]) => void): unknown;
}

/** Counts a worker's completed and failed jobs. */
export function countWorkerJobs(worker: WorkerEvents): void {
  completed.inc({ queue: worker.name }, 0);
  failed.inc({ queue: worker.name }, 0);
  worker.on("completed", () => completed.inc({ queue: worker.name }));
  worker.on("failed", () => failed.inc({ queue: worker.name }));
}
