import { Cluster, Redis, type RedisOptions } from "ioredis";

/**
 * Where Redis is: a URL (one Redis), or the settings (REDIS_URL and REDIS_CLUSTER_NODES), which
 * name a Redis Cluster when REDIS_CLUSTER_NODES lists its seed nodes.
 */
export type RedisTarget = string | { REDIS_URL: string; REDIS_CLUSTER_NODES?: readonly string[] };

/** Settings of the cluster client as a whole; the rest applies to each node's connection. */
const CLUSTER_LEVEL = ["enableOfflineQueue", "enableAutoPipelining", "lazyConnect"] as const;

/**
 * How often a cluster client re-reads which node serves which slot. ioredis corrects its map on a
 * MOVED reply only when a pipeline's errors are all alike: with auto-pipelining, a slot that moved
 * in a failover shares its pipelines with commands that succeed, so without a periodic read its
 * commands would be sent to the wrong node, and refused, for as long as the process runs.
 */
const CLUSTER_SLOTS_REFRESH_MS = 5_000;

/**
 * One Redis, or an ioredis `Cluster` typed as one: the apps use the commands both have, and
 * BullMQ takes either. The cluster's nodes use REDIS_URL's user, password and TLS (`rediss://`).
 */
function open(target: RedisTarget, options: RedisOptions): Redis {
  const url = typeof target === "string" ? target : target.REDIS_URL;
  const nodes = typeof target === "string" ? [] : (target.REDIS_CLUSTER_NODES ?? []);
  if (nodes.length === 0) return new Redis(url, options);
  const clusterLevel: Record<string, unknown> = {};
  const nodeOptions: Record<string, unknown> = { ...options };
  for (const name of CLUSTER_LEVEL) {
    if (name in nodeOptions) clusterLevel[name] = nodeOptions[name];
    delete nodeOptions[name];
  }
  const parsed = new URL(url);
  const cluster = new Cluster(
    nodes.map((node) => {
      const at = node.lastIndexOf(":");
      return { host: node.slice(0, at), port: Number(node.slice(at + 1)) };
    }),
    {
      slotsRefreshInterval: CLUSTER_SLOTS_REFRESH_MS,
      ...clusterLevel,
      redisOptions: {
        ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
        ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
        ...(parsed.protocol === "rediss:" ? { tls: {} } : {}),
        ...nodeOptions,
      },
    },
  );
  return cluster as unknown as Redis;
}

/**
 * Producers (the API, the ingester) must fail fast when Redis is down so that a request can
 * answer at once; the row is already in Postgres and a sweeper enqueues it later.
 *
 * Auto-pipelining: the commands of all requests issued in one turn of the event loop leave in
 * one socket write (a producer never blocks, so nothing can wait behind a slow command): the
 * write, not Redis, is most of what a command costs the caller.
 */
export function createProducerConnection(target: RedisTarget, options: RedisOptions = {}): Redis {
  const redis = open(target, {
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
export function createWorkerConnection(target: RedisTarget, options: RedisOptions = {}): Redis {
  const redis = open(target, { maxRetriesPerRequest: null, ...options });
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
