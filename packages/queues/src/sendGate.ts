import { Batcher, withTimeout } from "@svc/runtime";
import type { Redis } from "ioredis";
import { type ScriptedRedis, withScripts } from "./scripts.ts";

export type SendGateDecision =
  /** Hand off after `waitMs` (the rate is already taken). */
  | { kind: "go"; waitMs: number }
  /** The rate is spoken for this far ahead: come back after `waitMs`, nothing was taken. */
  | { kind: "busy"; waitMs: number }
  /** The workspace is held (its tenant paused) for `remainingMs` more. */
  | { kind: "held"; remainingMs: number }
  /** The whole account is paused (SES disabled its sending) for `remainingMs` more. */
  | { kind: "account_paused"; remainingMs: number }
  /** The account's 24-hour quota has no room for the email's recipients until `resumeInMs` from now. */
  | { kind: "account_quota"; resumeInMs: number };

export interface SendGateOptions {
  /** Recipients per second across all senders; 0 = unlimited. */
  recipientsPerSecond: number;
  /** The longest wait a sender sleeps through before handing off. */
  maxWaitMs: number;
  /** How long a workspace whose tenant the provider paused is held before a send tries again. */
  holdMs: number;
  /**
   * The provider's quota window (SES: 24 hours), and how often GetAccount is read again (the
   * wait of an email over the quota whose room cannot be foreseen from what the senders passed).
   */
  quotaWindowMs?: number;
  accountRefreshMs?: number;
}

const DAY_MS = 86_400_000;
const DEFAULT_ACCOUNT_REFRESH_MS = 60_000;
/** The quota's window is counted in this many buckets: the resume time is as fine as one. */
const QUOTA_BUCKETS = 1_440;

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
 * What every sender asks Redis before a handoff, in one round trip: is the account paused, is the
 * email's workspace held (its SES tenant paused), has the account's 24-hour quota room for its
 * recipients, and if so, when may it go at the account's send rate?
 *
 * The quota is SES's Max24HourSend and SentLast24Hours as the last GetAccount read them
 * (`recordAccount`, by any sender), less what every sender passed since (counted here, in
 * recipients, by time bucket), plus what has left the window since the read. An email that does
 * not fit waits until enough of what was passed leaves the window, or, when the senders' own
 * counts cannot tell (mail sent by others on the account), until the next read.
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
  private readonly accountPauseKey: string;
  private readonly quotaKey: string;
  private readonly quotaBucketsKey: string;
  private readonly questions: Batcher<GateQuestion, SendGateDecision>;

  constructor(
    redis: Redis,
    private readonly prefix: string,
    readonly options: SendGateOptions,
  ) {
    this.redis = withScripts(redis);
    // One hash tag for every key the script touches: on a cluster they share a slot.
    this.rateKey = `${prefix}:{send-gate}:rate`;
    this.accountPauseKey = `${prefix}:{send-gate}:account-paused`;
    this.quotaKey = `${prefix}:{send-gate}:quota`;
    this.quotaBucketsKey = `${prefix}:{send-gate}:quota-buckets`;
    this.questions = new Batcher({ run: (batch) => this.ask(batch), maxSize: MAX_EMAILS_PER_CALL, maxConcurrent: CALLS_IN_FLIGHT });
  }

  get holdMs(): number {
    return this.options.holdMs;
  }

  get accountRefreshMs(): number {
    return this.options.accountRefreshMs ?? DEFAULT_ACCOUNT_REFRESH_MS;
  }

  private get quotaWindowMs(): number {
    return this.options.quotaWindowMs ?? DAY_MS;
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
          4 + batch.length,
          this.rateKey,
          this.accountPauseKey,
          this.quotaKey,
          this.quotaBucketsKey,
          ...batch.map((question) => this.holdKey(question.workspaceId)),
          String(interval),
          String(maxWaitMs),
          String(this.quotaWindowMs),
          String(Math.max(1, Math.floor(this.quotaWindowMs / QUOTA_BUCKETS))),
          String(this.accountRefreshMs),
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

  /**
   * What GetAccount said: the quota (Max24HourSend below 0: unlimited) and whether the account may
   * send. A paused account holds every email until a read finds it enabled (or the pause's
   * record, two reads long, runs out and a send asks SES again).
   */
  async recordAccount(account: { max24HourSend: number; sentLast24Hours: number; sendingEnabled: boolean }): Promise<void> {
    const trustedMs = 3 * this.accountRefreshMs;
    await this.redis.svcAccountQuota(
      this.quotaKey,
      "read",
      String(account.max24HourSend),
      String(account.sentLast24Hours),
      String(trustedMs),
    );
    if (account.sendingEnabled) await this.redis.del(this.accountPauseKey);
    else await this.redis.set(this.accountPauseKey, "1", "PX", 2 * this.accountRefreshMs);
  }

  /** SES refused a send for the daily quota: it is spent, whatever the senders counted. */
  async quotaSpent(): Promise<void> {
    await this.redis.svcAccountQuota(this.quotaKey, "spent");
  }

  /** SES refused a send because the account's sending is paused: every email waits until the next read. */
  async pauseAccount(): Promise<void> {
    await this.redis.set(this.accountPauseKey, "1", "PX", this.accountRefreshMs);
  }

  /** Room left in the 24-hour quota as last counted (null: unknown or unlimited), for /metrics. */
  async quotaRemaining(): Promise<{ max: number; remaining: number } | null> {
    const [max, sent, since] = await this.redis.hmget(this.quotaKey, "max", "sent", "since");
    const limit = Number(max ?? -1);
    if (!(limit >= 0)) return null;
    return { max: limit, remaining: Math.max(0, limit - Number(sent ?? 0) - Number(since ?? 0)) };
  }

  /** How long the rate is spoken for from now (for /metrics); 0 when it is free. */
  async getRateLimitTtl(): Promise<number> {
    const ttl = await this.redis.pttl(this.rateKey);
    return Math.max(0, ttl - 1000);
  }
}

function decision(code: number, ms: number): SendGateDecision {
  if (code === 4) return { kind: "account_quota", resumeInMs: ms };
  if (code === 3) return { kind: "account_paused", remainingMs: ms };
  if (code === 2) return { kind: "held", remainingMs: ms };
  if (code === 1) return { kind: "busy", waitMs: ms };
  return { kind: "go", waitMs: ms };
}
