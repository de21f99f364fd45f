import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDb, type DbHandle } from "@svc/db";
import { Redis } from "ioredis";
import pg from "pg";
import { prepareDatabase } from "../../infra/scripts/database.ts";

/**
 * Where benchmarks run: Postgres and Redis on this machine, each benchmark in a database of its
 * own (dropped and created afresh, then migrated) and a Redis queue prefix of its own.
 */
export const POSTGRES = process.env.BENCH_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432";
export const BENCH_REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379/8";
/**
 * Appended to every bench database's name: several people benchmarking on one Postgres at once
 * would otherwise drop each other's `svc_bench_<name>` mid-run.
 */
const DATABASE_SUFFIX = (process.env.BENCH_DATABASE_SUFFIX ?? "").toLowerCase().replace(/[^a-z0-9]/g, "_");

export interface BenchEnvironment {
  databaseUrl: string;
  redisUrl: string;
  queuePrefix: string;
  /** Key for webhook secrets at rest, shared by the bench (which creates subscriptions) and the apps. */
  webhookSecretKey: string;
  /** Holds the simulator's signing key pair, shared by every sender process of the run. */
  keyDir: string;
  db: DbHandle;
  /** Env every app of this benchmark gets (each app adds its own port). */
  appEnv(extra?: Record<string, string>): Record<string, string>;
  dispose(): Promise<void>;
}

/** The handle's pool with pg's own typings (the handle's subclass overrides `query` untyped). */
export function typedPool(handle: DbHandle): pg.Pool {
  return handle.pool;
}

async function dropDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^svc_bench_[a-z0-9_]+$/.test(name)) throw new Error(`refusing to drop ${name}: not a bench database`);
  const admin = new pg.Client({ connectionString: `${POSTGRES}/postgres` });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

async function recreateDatabase(url: string): Promise<void> {
  await dropDatabase(url);
  await prepareDatabase(url);
}

/** BENCH_KEEP_DATABASES=1 leaves each benchmark's database behind, to query afterwards. */
const KEEP_DATABASES = process.env.BENCH_KEEP_DATABASES === "1";

/** Deletes every Redis key under the prefix (SCAN, never FLUSHDB: the index may be shared). */
async function deletePrefix(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  try {
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 1000);
      cursor = next;
      if (keys.length > 0) await redis.unlink(...keys);
    } while (cursor !== "0");
  } finally {
    redis.disconnect();
  }
}

export async function createBenchEnvironment(name: string, options: { poolSize?: number } = {}): Promise<BenchEnvironment> {
  const databaseUrl = `${POSTGRES}/svc_bench_${name.replace(/[^a-z0-9]/g, "_")}${DATABASE_SUFFIX ? `_${DATABASE_SUFFIX}` : ""}`;
  await recreateDatabase(databaseUrl);
  const queuePrefix = `bench-${name}-${process.pid}-${randomBytes(3).toString("hex")}`;
  const webhookSecretKey = randomBytes(32).toString("hex");
  const keyDir = mkdtempSync(path.join(os.tmpdir(), "svc-bench-sim-"));
  const db = createDb({ url: databaseUrl, poolSize: options.poolSize ?? 10 });
  return {
    databaseUrl,
    redisUrl: BENCH_REDIS_URL,
    queuePrefix,
    webhookSecretKey,
    keyDir,
    db,
    appEnv: (extra = {}) => ({
      NODE_ENV: "production",
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info",
      DATABASE_URL: databaseUrl,
      REDIS_URL: BENCH_REDIS_URL,
      QUEUE_PREFIX: queuePrefix,
      WEBHOOK_SECRET_KEY: webhookSecretKey,
      SIMULATOR_KEY_DIR: keyDir,
      // The request limiter stays on the API's path (it is measured), at a rate no load reaches.
      API_RATE_LIMIT_PER_SECOND: "100000",
      API_RATE_LIMIT_BURST: "1000000",
      ...extra,
    }),
    async dispose() {
      await db.close();
      // Gone at once, so that autovacuum does not work through its rows during the next benchmark.
      if (!KEEP_DATABASES) await dropDatabase(databaseUrl);
      await deletePrefix(BENCH_REDIS_URL, queuePrefix);
      rmSync(keyDir, { recursive: true, force: true });
    },
  };
}
