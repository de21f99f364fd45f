import { readdirSync, readFileSync } from "node:fs";
import type { Redis } from "ioredis";

/**
 * The Redis Lua scripts, one file each in `./lua/`, named as BullMQ names its own:
 * `<name>-<number of keys>.lua`, or `<name>.lua` when the caller passes the number of keys first.
 * Each becomes an ioredis command `svc<Name>` (`gcra-1.lua` → `svcGcra`), which runs the script by
 * its hash (EVALSHA, sending the source only the first time a server lacks it), so a hot path
 * does not ship the script with every call.
 *
 * The folder is read at run time, relative to this module: from the sources (tsx, Jest) that is
 * `packages/queues/src/lua/`; in a production bundle this module is inside `dist/main.js`, and
 * `pnpm build` copies the folder to `dist/lua/` beside each bundle (the image keeps `dist/` whole).
 */
const LUA_DIR = new URL("./lua/", import.meta.url);

/** What each script takes and answers (the files say what the arguments mean). */
export interface ScriptCommands {
  svcGcra(key: string, intervalMs: string, burst: string, wanted?: string): Promise<[number, number, number, number]>;
  svcSendFairness(current: string, previous: string, count: number, ttlMs: number): Promise<[number, number]>;
  svcAccountQuota(key: string, mode: "read" | "spent", ...args: string[]): Promise<number>;
  svcSendGate(numberOfKeys: number, ...keysThenArgs: string[]): Promise<number[]>;
  svcSubscriptionRate(key: string, intervalMs: string): Promise<number>;
  svcSlotAcquire(key: string, limit: number, leaseMs: number, member: string, livenessPrefix: string, instance: string): Promise<number>;
  svcThrottleReserve(numberOfKeys: number, ...keysThenArgs: Array<string | number>): Promise<[number, number]>;
  svcThrottleRelease(numberOfKeys: number, ...keys: string[]): Promise<number>;
  svcThrottleWait(numberOfKeys: number, ...keysThenLimits: Array<string | number>): Promise<number>;
  svcThrottleCount(numberOfKeys: number, ...keysThenWindow: Array<string | number>): Promise<number>;
}

export type ScriptedRedis = Redis & ScriptCommands;

interface Script {
  command: string;
  /** Undefined: the caller passes the number of keys as the first argument. */
  numberOfKeys: number | undefined;
  lua: string;
}

let loaded: Script[] | undefined;

function scripts(): Script[] {
  loaded ??= readdirSync(LUA_DIR)
    .filter((file) => file.endsWith(".lua"))
    .map((file) => {
      const [, name = "", keys] = /^([A-Za-z][A-Za-z0-9]*)(?:-(\d+))?\.lua$/.exec(file) ?? [];
      if (!name) throw new Error(`Redis script ${file}: name it <name>.lua or <name>-<number of keys>.lua`);
      return {
        command: `svc${name[0]!.toUpperCase()}${name.slice(1)}`,
        numberOfKeys: keys === undefined ? undefined : Number(keys),
        lua: readFileSync(new URL(file, LUA_DIR), "utf8"),
      };
    });
  return loaded;
}

/**
 * The connection with every script defined as a command (once per connection: defining is
 * local to the client, nothing is sent until a command runs).
 */
export function withScripts(redis: Redis): ScriptedRedis {
  for (const { command, numberOfKeys, lua } of scripts()) {
    if (!(command in redis)) redis.defineCommand(command, numberOfKeys === undefined ? { lua } : { numberOfKeys, lua });
  }
  return redis as ScriptedRedis;
}
