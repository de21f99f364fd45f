import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { Redis } from "ioredis";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const script = path.join(root, "infra/scripts/redis-cluster.sh");
const run = promisify(execFile);

/**
 * The first of the six loopback ports the test cluster takes (7100–7105 unless set): a range no
 * other service of the machine uses. Only one file at a time runs a cluster (Jest runs files
 * one after another).
 */
export const REDIS_CLUSTER_FIRST_PORT = Number(process.env.TEST_REDIS_CLUSTER_PORT ?? 7100);

export interface RedisClusterNode {
  port: number;
  role: "master" | "slave";
  /** The slot ranges a primary serves, [first, last] each. */
  slots: Array<[number, number]>;
}

export interface TestRedisCluster {
  /** REDIS_CLUSTER_NODES for the apps: the three ports the primaries start on. */
  seeds: string;
  ports: number[];
  /** Who is primary now and what it serves, as node `port` sees it. */
  nodes(askPort?: number): Promise<RedisClusterNode[]>;
  /** SIGKILL of one node's redis-server, as a crash would. */
  kill(port: number): void;
  stop(): Promise<void>;
}

/** Starts six Debian redis-servers as one cluster (infra/scripts/redis-cluster.sh). */
export async function startRedisCluster(firstPort = REDIS_CLUSTER_FIRST_PORT): Promise<TestRedisCluster> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "svc-redis-cluster-"));
  await run("bash", [script, "start", dir, String(firstPort)], { timeout: 60_000 });
  const ports = Array.from({ length: 6 }, (_, i) => firstPort + i);
  return {
    seeds: ports
      .slice(0, 3)
      .map((port) => `127.0.0.1:${port}`)
      .join(","),
    ports,
    async nodes(askPort = firstPort) {
      const redis = new Redis({ port: askPort, host: "127.0.0.1", lazyConnect: true, maxRetriesPerRequest: 1 });
      try {
        await redis.connect();
        const text = (await redis.call("CLUSTER", "NODES")) as string;
        return text
          .trim()
          .split("\n")
          .map((line) => line.split(" "))
          .filter((fields) => !fields[2]!.includes("fail"))
          .map((fields) => ({
            port: Number(fields[1]!.split(":")[1]!.split("@")[0]),
            role: fields[2]!.includes("master") ? ("master" as const) : ("slave" as const),
            slots: fields.slice(8).map((range) => {
              const [first, last = first] = range.split("-");
              return [Number(first), Number(last)] as [number, number];
            }),
          }));
      } finally {
        redis.disconnect();
      }
    },
    kill(port) {
      process.kill(Number(readFileSync(path.join(dir, String(port), "redis.pid"), "utf8").trim()), "SIGKILL");
    },
    async stop() {
      await run("bash", [script, "stop", dir, String(firstPort)], { timeout: 60_000 });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
