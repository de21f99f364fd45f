/**
 * What one Postgres round trip and one Redis command cost the calling process here, in CPU
 * microseconds: the unit in which the apps' per-item costs are best counted.
 *
 *   node_modules/.bin/tsx bench/tools/roundTrip.ts
 */
import { Redis } from "ioredis";
import pg from "pg";
import { BENCH_REDIS_URL } from "../lib/environment.ts";

const N = 10_000;
/** Statements or commands in flight at once: 1 shows the cost of a wake-up per round trip. */
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 10);

async function measure(label: string, once: (i: number) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 500; i++) await once(i);
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      for (let i = 0; i < N / IN_FLIGHT; i++) await once(i);
    }),
  );
  const used = process.cpuUsage(cpu);
  const ms = performance.now() - started;
  process.stdout.write(
    `${label}: ${((used.user + used.system) / N).toFixed(1)} µs of client CPU each (user ${(used.user / N).toFixed(1)}, system ${(used.system / N).toFixed(1)}); ${Math.round((N / ms) * 1000)}/s with ${IN_FLIGHT} in flight\n`,
  );
}

const pool = new pg.Pool({
  connectionString: `${process.env.BENCH_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432"}/postgres`,
  max: IN_FLIGHT,
});
await measure("pg SELECT $1 (one round trip)", (i) => pool.query("SELECT $1::int", [i]));
await pool.end();
const redis = new Redis(BENCH_REDIS_URL);
await measure("redis GET (one command)", () => redis.get("bench:nothing"));
redis.disconnect();
