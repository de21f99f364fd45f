import { Batcher, withTimeout } from "@svc/runtime";
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
/** Emails asked about in one script call (each is one key of the call). */
const MAX_EMAILS_PER_CALL = 100;
/** Calls in flight at once; the emails that arrive meanwhile gather into the next. */
const CALLS_IN_FLIGHT = 2;

interface GateQuestion {
  workspaceId: string;
  recipients: number;
}

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
 * The emails a claim batch brings ask together, in one script call (`lua/sendGate.lua`), which
 * answers them in the order they asked, as one call each would.
 */
export class SendGate {
  private readonly redis: ScriptedRedis;
  private readonly rateKey: string;
  private readonly questions: Batcher<GateQuestion, SendGateDecision>;

  constructor(
    redis: Redis,
    private readonly prefix: string,
    readonly options: SendGateOptions,
  ) {
    this.redis = withScripts(redis);
    // One hash tag for every key the script touches: on a cluster they share a slot.
    this.rateKey = `${prefix}:{send-gate}:rate`;
    this.questions = new Batcher({ run: (batch) => this.ask(batch), maxSize: MAX_EMAILS_PER_CALL, maxConcurrent: CALLS_IN_FLIGHT });
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
  pass(workspaceId: string, recipients: number): Promise<SendGateDecision> {
    return this.questions.submit({ workspaceId, recipients: Math.max(1, recipients) });
  }

  private async ask(batch: GateQuestion[]): Promise<SendGateDecision[]> {
    const { recipientsPerSecond, maxWaitMs } = this.options;
    const interval = recipientsPerSecond > 0 ? 1000 / recipientsPerSecond : 0;
    let answers: number[];
    try {
      answers = await withTimeout(
        this.redis.svcSendGate(
          1 + batch.length,
          this.rateKey,
          ...batch.map((question) => this.holdKey(question.workspaceId)),
          String(interval),
          String(maxWaitMs),
          ...batch.map((question) => String(question.recipients)),
        ),
        DECISION_TIMEOUT_MS,
        `the send gate took longer than ${DECISION_TIMEOUT_MS} ms`,
      );
    } catch {
      return batch.map(() => ({ kind: "busy", waitMs: RETRY_AFTER_FAILURE_MS }));
    }
    return batch.map((_, i) => decision(answers[2 * i] ?? 1, answers[2 * i + 1] ?? RETRY_AFTER_FAILURE_MS));
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

function decision(code: number, ms: number): SendGateDecision {
  if (code === 2) return { kind: "held", remainingMs: ms };
  if (code === 1) return { kind: "busy", waitMs: ms };
  return { kind: "go", waitMs: ms };
}
