import type { Redis } from "ioredis";

/**
 * Counts the calls of one of the connection's script commands (`svcGcra`, say) from now on, each
 * one a round trip to Redis; the command still runs.
 */
export function countCalls(redis: Redis, command: string): { calls: number } {
  const scripted = redis as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const original = scripted[command];
  if (!original) throw new Error(`${command} is not a command of this connection`);
  const run = original.bind(redis);
  const counter = { calls: 0 };
  scripted[command] = (...args: unknown[]) => {
    counter.calls += 1;
    return run(...args);
  };
  return counter;
}
