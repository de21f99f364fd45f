import type { Logger } from "@svc/logger";

/** While Redis keeps failing, one warning per this interval, not one per worker error. */
const OUTAGE_LOG_INTERVAL_MS = 30_000;

/**
 * What a worker reports while its Redis is away or a Redis Cluster fails over: ioredis and the
 * cluster's own words for a connection that dropped, a node that is gone or slots that moved.
 * BullMQ retries these by itself; they say nothing about the service's own work.
 */
const REDIS_UNAVAILABLE = [
  /Too many Cluster redirections/i,
  /ClusterAllFailedError|Failed to refresh slots cache/i,
  /\bMOVED \d+|\bASK \d+|CLUSTERDOWN|TRYAGAIN|LOADING/,
  /Connection is closed|Stream isn't writeable|connect ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH/i,
];

export function isRedisUnavailable(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return REDIS_UNAVAILABLE.some((pattern) => pattern.test(message));
}

/**
 * An `error` listener for BullMQ workers. Redis being unavailable (an outage, an expected cluster
 * failover) is a warning without a stack, at most once per interval per listener, with how many
 * errors it stands for; it is said again when the worker's next error comes from elsewhere. Any
 * other error stays an error with its stack: it is a bug or a broken install.
 */
export function workerErrorListener(log: Logger, what: string, clock: () => number = Date.now): (error: Error) => void {
  let lastWarning = Number.NEGATIVE_INFINITY;
  let unreported = 0;
  return (error) => {
    if (!isRedisUnavailable(error)) {
      log.error({ err: error }, `${what} error`);
      return;
    }
    unreported += 1;
    if (clock() - lastWarning < OUTAGE_LOG_INTERVAL_MS) return;
    log.warn({ reason: error.message, errors: unreported }, `${what}: Redis is unavailable or failing over; the worker retries by itself`);
    lastWarning = clock();
    unreported = 0;
  };
}
