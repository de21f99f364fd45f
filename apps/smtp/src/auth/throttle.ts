import { createHash } from "node:crypto";
import type { Redis } from "ioredis";

/** Answers the larger remaining window of the counters that are full, or 0 when none is. */
const CHECK = `
local wait = 0
for _, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') >= tonumber(ARGV[1]) then
    local ttl = redis.call('TTL', key)
    if ttl > wait then wait = ttl end
    if ttl < 0 and wait == 0 then wait = 1 end
  end
end
return wait
`;

/** EXPIRE … NX: the window starts at the first failure and is not extended by later ones. */
const COUNT = `
for _, key in ipairs(KEYS) do
  redis.call('INCR', key)
  redis.call('EXPIRE', key, ARGV[1], 'NX')
end
return 0
`;

/**
 * The part of a presented password that names a key family: `svc_live_` or `svc_test_` and the
 * first eight random characters. Counting failures per prefix stops a guesser who spreads one
 * partly known key over many addresses.
 */
const PREFIX_LENGTH = "svc_live_".length + 8;

export interface AuthThrottleOptions {
  /** Key namespace in Redis (the install's QUEUE_PREFIX). */
  prefix: string;
  maxFailures: number;
  windowSeconds: number;
}

/**
 * Failed SMTP AUTH attempts, counted in Redis so that every relay process shares them: at most
 * `maxFailures` per client address, and per key prefix, within the window from the first.
 *
 * Only failures count, and a success clears nothing: a busy client opening many connections
 * with a right key is never slowed, and a right key cannot be used to reset an address's count.
 * Checking and counting are two steps, so a burst of parallel attempts from one address may
 * exceed the limit by the number in flight; with keys of 190 random bits that buys a guesser
 * nothing, and the counters still stop a sustained attempt.
 */
export class AuthThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly options: AuthThrottleOptions,
  ) {}

  /** Hashed so that Redis holds neither addresses in the clear nor any part of a key. */
  private keys(clientAddress: string, password: string): string[] {
    const digest = (value: string) => createHash("sha256").update(value).digest("hex").slice(0, 32);
    return [
      `${this.options.prefix}:smtp-auth-fail:address:${digest(clientAddress)}`,
      `${this.options.prefix}:smtp-auth-fail:key:${digest(password.slice(0, PREFIX_LENGTH))}`,
    ];
  }

  /** Seconds until another attempt is allowed, or 0 when one is allowed now. */
  async waitSeconds(clientAddress: string, password: string): Promise<number> {
    return (await this.redis.eval(CHECK, 2, ...this.keys(clientAddress, password), this.options.maxFailures)) as number;
  }

  async countFailure(clientAddress: string, password: string): Promise<void> {
    await this.redis.eval(COUNT, 2, ...this.keys(clientAddress, password), this.options.windowSeconds);
  }
}
