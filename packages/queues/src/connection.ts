import { Redis, type RedisOptions } from "ioredis";

/**
 * Producers (the API, the ingester) must fail fast when Redis is down so that a request can
 * answer at once; the row is already in Postgres and a sweeper enqueues it later.
 *
 * Auto-pipelining: the commands of all requests issued in one turn of the event loop leave in
 * one socket write (a producer never blocks, so nothing can wait behind a slow command): the
 * write, not Redis, is most of what a command costs the caller.
 */
export function createProducerConnection(url: string, options: RedisOptions = {}): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2000,
    lazyConnect: false,
    enableAutoPipelining: true,
    ...options,
  });
  redis.on("error", () => {}); // reported through failed commands; keep the process alive
  return redis;
}

/** Workers block on Redis and must retry forever (BullMQ requires maxRetriesPerRequest: null). */
export function createWorkerConnection(url: string, options: RedisOptions = {}): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: null, ...options });
  redis.on("error", () => {});
  return redis;
}

/**
 * Closes connections for a shutdown: each is asked to quit (commands sent before it still get
 * their answers), and one that cannot (never connected, already gone) is dropped.
 */
export async function closeConnections(...connections: Redis[]): Promise<void> {
  await Promise.all(connections.map((redis) => redis.quit().catch(() => redis.disconnect())));
}
