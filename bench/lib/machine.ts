import { readFileSync } from "node:fs";
import os from "node:os";
import { Redis } from "ioredis";
import pg from "pg";
import { BENCH_REDIS_URL } from "./environment.ts";

export interface MachineInfo {
  nproc: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  postgres: string;
  redis: string;
  postgresSettings: Record<string, string>;
  kernel: string;
}

/** What the figures were measured on: cores, CPU, RAM and the versions of everything involved. */
export async function machineInfo(): Promise<MachineInfo> {
  const cpuinfo = readFileSync("/proc/cpuinfo", "utf8");
  const client = new pg.Client({
    connectionString: `${process.env.BENCH_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432"}/postgres`,
  });
  await client.connect();
  let postgres = "";
  const postgresSettings: Record<string, string> = {};
  try {
    postgres = (await client.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]?.v ?? "";
    const settings = await client.query<{ name: string; setting: string; unit: string | null }>(
      `SELECT name, setting, unit FROM pg_settings
       WHERE name IN ('synchronous_commit', 'fsync', 'shared_buffers', 'max_connections', 'work_mem')`,
    );
    for (const row of settings.rows) postgresSettings[row.name] = `${row.setting}${row.unit ? ` (${row.unit})` : ""}`;
  } finally {
    await client.end();
  }
  const redis = new Redis(BENCH_REDIS_URL, { maxRetriesPerRequest: 2 });
  let redisVersion = "";
  try {
    redisVersion = /redis_version:(\S+)/.exec(await redis.info("server"))?.[1] ?? "";
  } finally {
    redis.disconnect();
  }
  return {
    nproc: os.availableParallelism(),
    cpuModel: /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1] ?? "unknown",
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    postgres,
    redis: redisVersion,
    postgresSettings,
    kernel: os.release(),
  };
}
