import { Redis } from "ioredis";
import { round } from "./stats.ts";

export interface RedisCommandCost {
  /** Every command Redis ran, per item, those a script ran included (Redis counts them too). */
  commandsPerItem: number;
  /** Scripts run per item (EVALSHA and the like): BullMQ's and the rate limiter's. */
  scriptsPerItem: number;
  /** The costliest commands: calls and microseconds per item (a script's time includes its commands'). */
  top: Array<{ command: string; callsPerItem: number; usPerItem: number }>;
}

type Stats = Map<string, { calls: number; usec: number }>;

async function commandStats(redis: Redis): Promise<Stats> {
  const text = await redis.info("commandstats");
  const stats: Stats = new Map();
  for (const line of text.split("\n")) {
    const match = /^cmdstat_([^:]+):calls=(\d+),usec=(\d+)/.exec(line.trim());
    if (match?.[1]) stats.set(match[1], { calls: Number(match[2]), usec: Number(match[3]) });
  }
  return stats;
}

const SCRIPT_COMMANDS = new Set(["evalsha", "eval", "evalsha_ro", "eval_ro", "fcall", "fcall_ro"]);

/**
 * What Redis did in a phase, per item, as the difference of two `INFO commandstats` readings
 * (the whole server's: run nothing else against it meanwhile). The reading's own INFO calls are
 * left out.
 */
export async function startRedisCommands(redisUrl: string): Promise<{ stop(count: number): Promise<RedisCommandCost> }> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2, lazyConnect: true });
  await redis.connect();
  const before = await commandStats(redis);
  return {
    async stop(count) {
      try {
        const after = await commandStats(redis);
        const per = (n: number) => n / Math.max(1, count);
        const rows: Array<{ command: string; calls: number; usec: number }> = [];
        for (const [command, now] of after) {
          if (command === "info") continue;
          const then = before.get(command) ?? { calls: 0, usec: 0 };
          if (now.calls > then.calls) rows.push({ command, calls: now.calls - then.calls, usec: now.usec - then.usec });
        }
        const calls = rows.reduce((sum, row) => sum + row.calls, 0);
        const scripts = rows.filter((row) => SCRIPT_COMMANDS.has(row.command)).reduce((sum, row) => sum + row.calls, 0);
        return {
          commandsPerItem: round(per(calls), 2),
          scriptsPerItem: round(per(scripts), 2),
          top: rows
            .sort((a, b) => b.usec - a.usec)
            .slice(0, 12)
            .map((row) => ({ command: row.command, callsPerItem: round(per(row.calls), 3), usPerItem: round(per(row.usec), 1) })),
        };
      } finally {
        redis.disconnect();
      }
    },
  };
}
