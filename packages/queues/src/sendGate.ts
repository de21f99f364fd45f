import type { Redis } from "ioredis";
import { withTimeout } from "@svc/runtime";

/**
 * What every sender asks Redis before a handoff, in one round trip: is the email's workspace
 * held (its SES tenant paused), and if not, when may it go at the account's send rate?
 *
 * The rate is counted in recipients, as SES's MaxSendRate is: an email to five people takes five
 * tokens. It is a meter with no burst: the key holds the time (Redis's clock, ms) up to which the
 * rate is spoken for; an email is given the wait until that time and moves it on by one interval
 * per recipient, so handoffs of all senders together are spaced at the rate whatever the mix of
 * recipients. When the wait would be longer than `maxWaitMs` nothing is taken: the email is put
 * back to wait that long in the queue rather than hold a worker and its claim.
 *
 * KEYS[1]: the rate's time; KEYS[2]: the workspace's hold.
 * ARGV[1]: ms per recipient (0: unlimited); ARGV[2]: recipients; ARGV[3]: longest wait taken.
 * Answers {0, wait ms} (go after the wait), {1, wait ms} (too long: come back then) or
 * {2, ms left} (held).
 */
const SEND_GATE_SCRIPT = `
local held = redis.call('PTTL', KEYS[2])
if held > 0 then return {2, held} end
local interval = tonumber(ARGV[1])
if interval <= 0 then return {0, 0} end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat < now then tat = now end
local wait = tat - now
if wait > tonumber(ARGV[3]) then return {1, math.ceil(wait)} end
local next_tat = tat + interval * tonumber(ARGV[2])
redis.call('SET', KEYS[1], string.format('%.3f', next_tat), 'PX', math.ceil(next_tat - now) + 1000)
return {0, math.ceil(wait)}
`;

export type SendGateDecision =
  /** Hand off after `waitMs` (the rate is already taken). */
  | { kind: "go"; waitMs: number }
  /** The rate is spoken for this far ahead: come back after `waitMs`, nothing was taken. */
  | { kind: "busy"; waitMs: number }
  /** The workspace is held (its tenant paused) for `remainingMs` more. */
  | { kind: "held"; remainingMs: number };

export interface SendGateOptions {
  /** Recipients per second across all senders; 0 = unlimited. */
  recipientsPerSecond: number;
  /** The longest wait a sender sleeps through before handing off. */
  maxWaitMs: number;
  /** How long a workspace whose tenant the provider paused is held before a send tries again. */
  holdMs: number;
}

/** How long a sender waits for Redis's answer before putting the email back for a second. */
const DECISION_TIMEOUT_MS = 2_000;
const RETRY_AFTER_FAILURE_MS = 1_000;

type GateRedis = Redis & { svcSendGate(rateKey: string, holdKey: string, intervalMs: string, recipients: string, maxWaitMs: string): Promise<[number, number]> };

export class SendGate {
  private readonly redis: GateRedis;
  private readonly rateKey: string;

  constructor(
    redis: Redis,
    private readonly prefix: string,
    readonly options: SendGateOptions,
  ) {
    if (!("svcSendGate" in redis)) redis.defineCommand("svcSendGate", { numberOfKeys: 2, lua: SEND_GATE_SCRIPT });
    this.redis = redis as GateRedis;
    // One hash tag for every key the script touches: on a cluster they share a slot.
    this.rateKey = `${prefix}:{send-gate}:rate`;
  }

  get holdMs(): number {
    return this.options.holdMs;
  }

  private holdKey(workspaceId: string): string {
    return `${this.prefix}:{send-gate}:held:${workspaceId}`;
  }

  /**
   * Takes `recipients` of the shared rate for one of the workspace's emails, unless the workspace
   * is held. Redis failing is answered as busy: the email waits a second rather than exceed the rate.
   */
  async pass(workspaceId: string, recipients: number): Promise<SendGateDecision> {
    const { recipientsPerSecond, maxWaitMs } = this.options;
    const interval = recipientsPerSecond > 0 ? 1000 / recipientsPerSecond : 0;
    let answer: [number, number];
    try {
      answer = await withTimeout(
        this.redis.svcSendGate(this.rateKey, this.holdKey(workspaceId), String(interval), String(Math.max(1, recipients)), String(maxWaitMs)),
        DECISION_TIMEOUT_MS,
        `the send gate took longer than ${DECISION_TIMEOUT_MS} ms`,
      );
    } catch {
      return { kind: "busy", waitMs: RETRY_AFTER_FAILURE_MS };
    }
    const [code, ms] = answer;
    if (code === 2) return { kind: "held", remainingMs: ms };
    if (code === 1) return { kind: "busy", waitMs: ms };
    return { kind: "go", waitMs: ms };
  }

  /** Holds the workspace's emails for `holdMs`: the provider said its sending is paused. */
  async hold(workspaceId: string): Promise<void> {
    await this.redis.set(this.holdKey(workspaceId), "1", "PX", this.options.holdMs);
  }

  /** How long the rate is spoken for from now (for /metrics); 0 when it is free. */
  async getRateLimitTtl(): Promise<number> {
    const ttl = await this.redis.pttl(this.rateKey);
    return Math.max(0, ttl - 1000);
  }
}
