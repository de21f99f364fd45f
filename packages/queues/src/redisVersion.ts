import type { Logger } from "@svc/logger";
import type { Redis } from "ioredis";

/** The oldest Redis the service runs on: its throttles use `EXPIRE … NX`, new in 7.0. */
export const MINIMUM_REDIS_MAJOR = 7;

/** How long the start waits for a first connection before leaving the check to the next one. */
const READY_WAIT_MS = 5_000;

/** Why the Redis that answered `INFO server` is too old, or null when it will do (or does not say). */
export function redisVersionProblem(info: string): string | null {
  const version = /^redis_version:(\S+)/m.exec(info)?.[1];
  if (!version) return null;
  const major = Number(version.split(".")[0]);
  if (!Number.isFinite(major) || major >= MINIMUM_REDIS_MAJOR) return null;
  return `Redis ${version} at REDIS_URL is too old: svc needs Redis ${MINIMUM_REDIS_MAJOR}.0 or later (it uses EXPIRE … NX)`;
}

function whenReady(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (redis.status === "ready") return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      redis.off("ready", onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    redis.on("ready", onReady);
  });
}

async function problemOf(redis: Redis): Promise<string | null> {
  return redisVersionProblem(await redis.info("server"));
}

/**
 * A start check (runApp's): refuses to start on a Redis older than 7, with one line naming the
 * version found. A Redis that cannot be reached now does not stop the start (the apps ride out a
 * Redis outage); its version is checked when it connects, and an old one is then logged as an
 * error. A Redis that does not answer INFO (some managed services) is taken at its word.
 */
export async function requireRedisVersion(redis: Redis, log: Logger, options: { readyWaitMs?: number } = {}): Promise<void> {
  if (!(await whenReady(redis, options.readyWaitMs ?? READY_WAIT_MS))) {
    log.warn("Redis is not reachable at start; its version is checked once it is");
    redis.once("ready", () => {
      problemOf(redis).then(
        (problem) => {
          if (problem) log.error(problem);
        },
        () => {},
      );
    });
    return;
  }
  let problem: string | null;
  try {
    problem = await problemOf(redis);
  } catch (error) {
    log.warn({ err: error }, "could not read the Redis version (INFO server); going on");
    return;
  }
  if (problem) throw new Error(problem);
}
