import type { SesSetupRecord } from "@svc/core";

/**
 * Which SNS topics the ingester accepts, and what their SES events must agree with.
 *
 * AWS signs every SNS message genuinely, including those of a topic in someone else's account
 * that they subscribed our endpoint to; the signature proves only that SNS sent it. So:
 * - `SNS_TOPIC_ARNS` set: exactly those topics;
 * - otherwise with EMAIL_PROVIDER=ses: exactly the topics `svc ses setup` recorded (re-read when
 *   an unknown topic shows up, at most once per refresh interval, so a setup run while the
 *   ingester runs is picked up at once and a flood of foreign messages costs one query a while);
 * - otherwise (the simulator): any topic, as the local default always did.
 *
 * With SES, events must also come from the recorded sending account and one of the recorded (or
 * overriding) configuration sets, when SES names them: an event for one of our emails that names
 * another account or set did not come from our sending.
 */
export interface AcceptedTopicsOptions {
  provider: "ses" | "simulator";
  /** SNS_TOPIC_ARNS, split; empty when unset. */
  listed: readonly string[];
  /** SES_CONFIGURATION_SET: sends go through it as well. */
  configurationSetOverride?: string | undefined;
  loadSetups: () => Promise<SesSetupRecord[]>;
  /** Least time between two re-reads of the recorded setups. */
  refreshIntervalMs?: number;
  now?: () => number;
}

/** The SES event fields checked against the install, when SES provides them. */
export interface SesMailOrigin {
  sendingAccountId: string | null;
  configurationSet: string | null;
}

const DEFAULT_REFRESH_INTERVAL_MS = 10_000;

export class AcceptedTopics {
  private recorded: { topics: Set<string>; accounts: Set<string>; sets: Set<string> } = {
    topics: new Set(),
    accounts: new Set(),
    sets: new Set(),
  };
  private lastLoad = Number.NEGATIVE_INFINITY;
  private loading: Promise<void> | null = null;
  private readonly refreshIntervalMs: number;
  private readonly now: () => number;

  constructor(private readonly options: AcceptedTopicsOptions) {
    this.refreshIntervalMs = options.refreshIntervalMs ?? DEFAULT_REFRESH_INTERVAL_MS;
    this.now = options.now ?? Date.now;
  }

  /** Reads the recorded setups; with SES and no topic at all, refuses (the ingester must not start). */
  async start(): Promise<void> {
    // Only SES without SNS_TOPIC_ARNS depends on the records: otherwise the ingester starts (and
    // reports readiness) without the database, as it always did.
    if (this.options.provider !== "ses") return;
    if (this.options.listed.length > 0) {
      // Only for the account and configuration set checks: best effort.
      await this.reload().catch(() => undefined);
      return;
    }
    await this.reload();
    if (this.recorded.topics.size === 0) {
      throw new Error(
        "EMAIL_PROVIDER=ses and no SNS topic is accepted: run `svc ses setup --ingest-url https://<this host>/sns/ses` (it records the topic), or set SNS_TOPIC_ARNS",
      );
    }
  }

  /** How topics are chosen, for the start-up log line. */
  describe(): string {
    if (this.options.listed.length > 0) return "SNS_TOPIC_ARNS";
    return this.options.provider === "ses" ? "recorded by svc ses setup" : "any (simulator)";
  }

  async accepts(topicArn: string): Promise<boolean> {
    if (this.options.listed.length > 0) return this.options.listed.includes(topicArn);
    if (this.options.provider !== "ses") return true;
    if (this.recorded.topics.has(topicArn)) return true;
    if (this.now() - this.lastLoad >= this.refreshIntervalMs) await this.reload();
    return this.recorded.topics.has(topicArn);
  }

  /** False when SES names a sending account or configuration set that is not ours. */
  agrees(origin: SesMailOrigin): boolean {
    if (this.options.provider !== "ses") return true;
    const { accounts } = this.recorded;
    if (origin.sendingAccountId !== null && accounts.size > 0 && !accounts.has(origin.sendingAccountId)) return false;
    const sets = new Set(this.recorded.sets);
    if (this.options.configurationSetOverride) sets.add(this.options.configurationSetOverride);
    if (origin.configurationSet !== null && sets.size > 0 && !sets.has(origin.configurationSet)) return false;
    return true;
  }

  private reload(): Promise<void> {
    // Concurrent misses share one query.
    this.loading ??= this.options
      .loadSetups()
      .then((setups) => {
        this.recorded = {
          topics: new Set(setups.map((setup) => setup.topicArn)),
          accounts: new Set(setups.map((setup) => setup.accountId)),
          // Retired sets are still ours: emails sent through them before a setup run report late.
          sets: new Set(setups.flatMap((setup) => [...setup.configurationSets, ...setup.retiredConfigurationSets].map((set) => set.name))),
        };
      })
      .finally(() => {
        this.lastLoad = this.now();
        this.loading = null;
      });
    return this.loading;
  }
}
