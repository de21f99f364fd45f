import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { createPartitionsAhead, monthsAheadAtMigration } from "../../packages/core/src/retention/partitions.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Creates the database named in `url` if it is missing (connecting to `postgres` to do so). */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`Unsupported database name in DATABASE_URL: ${name}`);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!rowCount) {
      await client.query(`CREATE DATABASE "${name}"`).catch((error: { code?: string }) => {
        if (error.code !== "42P04") throw error; // created concurrently: fine
      });
    }
  } finally {
    await client.end();
  }
}

/** Applies pending migrations with Prisma's offline (JS) schema engine. */
export function migrate(url: string): void {
  execFileSync(path.join(root, "node_modules/.bin/prisma"), ["migrate", "deploy"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/**
 * The monthly partitions of the time-partitioned tables, this month's and the next
 * `monthsAheadAtMigration()` (the partition keeper's job, run here too so that a migrated install
 * has them before retention first runs: the migration runner cannot hold the procedural code it
 * takes, and creating months while the DEFAULT partition still holds an upgraded install's rows is
 * best done in the upgrade's window).
 */
export async function createPartitions(url: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await createPartitionsAhead(pool, new Date(), monthsAheadAtMigration());
  } finally {
    await pool.end();
  }
}

export async function prepareDatabase(url: string): Promise<void> {
  await ensureDatabase(url);
  migrate(url);
  await createPartitions(url);
}
