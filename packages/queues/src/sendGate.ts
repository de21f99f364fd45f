import { withTimeout } from "@svc/runtime";
import type { Redis } from "ioredis";
import { type ScriptedRedis, withScripts } from "./scripts.ts";

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
 * The script is `lua/sendGate-2.lua`.
 */
export class SendGate {
  private readonly redis: ScriptedRedis;
  private readonly rateKey: string;

  constructor(
    redis: Redis,
    private readonly prefix: string,
    readonly options: SendGateOptions,
  ) {
    this.redis = withScripts(redis);
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
        this.redis.svcSendGate(
          this.rateKey,
          this.holdKey(workspaceId),
          String(interval),
          String(Math.max(1, recipients)),
          String(maxWaitMs),
        ),
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
