import { Counter, Gauge, Histogram } from "prom-client";
import { LATENCY_BUCKETS, PREFIX, registry } from "./registry.ts";

/** How one handoff attempt ended. */
export type HandoffOutcome =
  | "accepted"
  | "transient"
  | "permanent"
  | "suppressed"
  | "failed"
  | "rendering_failed"
  | "skipped"
  | "claim_lost"
  | "held"
  | "account_held"
  | "deferred";

const handoffs = new Counter({
  name: `${PREFIX}sender_handoffs_total`,
  help: "Handoff attempts by outcome; error_kind is the provider's error name for transient and permanent refusals. held: the workspace's SES tenant is paused; account_held: the SES account is paused or its 24-hour quota is reached; deferred: put back to wait for its turn at the send rate or for room in the attachment budget; claim_lost: another worker claimed the email while this handoff waited, so this one did not send it.",
  labelNames: ["provider", "outcome", "error_kind"] as const,
  registers: [registry],
});

const providerCalls = new Histogram({
  name: `${PREFIX}sender_provider_call_duration_seconds`,
  help: "Time the provider took to answer a send, by result.",
  labelNames: ["provider", "result"] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

const throttled = new Counter({
  name: `${PREFIX}sender_provider_throttled_total`,
  help: "Sends the provider refused for rate or quota (throttling); each is retried later.",
  labelNames: ["provider"] as const,
  registers: [registry],
});

/** The provider's error names that mean "too fast", as SES and the AWS SDK spell them. */
const THROTTLING = /throttl|toomanyrequests|limitexceeded|slowdown/i;

export function recordHandoff(provider: string, outcome: HandoffOutcome, errorKind = ""): void {
  handoffs.inc({ provider, outcome, error_kind: errorKind });
  if (errorKind && THROTTLING.test(errorKind)) throttled.inc({ provider });
}

const accountHolds = new Counter({
  name: `${PREFIX}sender_account_holds_total`,
  help: "Handoffs held for the whole SES account, by reason: account_quota (its 24-hour quota, Max24HourSend, is reached) or account_paused (SES paused its sending). Each email waits, queued, and goes once the window moves or SES enables the account.",
  labelNames: ["reason"] as const,
  registers: [registry],
});

export function recordAccountHold(reason: "account_quota" | "account_paused"): void {
  accountHolds.inc({ reason });
}

/** The account's 24-hour quota as the senders count it: read from Redis on each scrape. */
export interface AccountQuotaSource {
  quotaRemaining(): Promise<{ max: number; remaining: number } | null>;
}

const quotaSources = new Set<AccountQuotaSource>();

async function readQuota(): Promise<{ max: number; remaining: number } | null> {
  for (const source of quotaSources) {
    const quota = await source.quotaRemaining().catch(() => null);
    if (quota) return quota;
  }
  return null;
}

new Gauge({
  name: `${PREFIX}sender_account_quota_remaining`,
  help: "Recipients the SES account may still send in its 24-hour window (Max24HourSend less SentLast24Hours at the last GetAccount, less what the senders passed since); absent while unknown or unlimited.",
  registers: [registry],
  async collect() {
    this.reset();
    const quota = await readQuota();
    if (quota) this.set(quota.remaining);
  },
});

new Gauge({
  name: `${PREFIX}sender_account_quota_max`,
  help: "The SES account's 24-hour sending quota (Max24HourSend) at the last GetAccount; absent while unknown or unlimited.",
  registers: [registry],
  async collect() {
    this.reset();
    const quota = await readQuota();
    if (quota) this.set(quota.max);
  },
});

/** Reports the senders' count of the account's quota on /metrics; the returned call stops it. */
export function watchAccountQuota(source: AccountQuotaSource): () => void {
  quotaSources.add(source);
  return () => quotaSources.delete(source);
}

/** Starts timing one provider call; call the result with `ok` or `error` when it answers. */
export function timeProviderCall(provider: string): (result: "ok" | "error") => void {
  const stop = providerCalls.startTimer({ provider });
  return (result) => {
    stop({ result });
  };
}

/** Where the queue-wide rate limiter stands: read on each scrape. */
export interface RateLimitSource {
  /** Milliseconds the rate is spoken for from now. */
  getRateLimitTtl(): Promise<number>;
}

const limiterSources = new Set<{ source: RateLimitSource; maxPerSecond: number }>();

new Gauge({
  name: `${PREFIX}sender_rate_limit_wait_seconds`,
  help: "How far ahead the senders' shared send rate (recipients per second) is spoken for right now: the wait of the next email (0 when free).",
  registers: [registry],
  async collect() {
    let waitMs = 0;
    for (const { source } of limiterSources) {
      const ttl = await source.getRateLimitTtl().catch(() => 0);
      waitMs = Math.max(waitMs, ttl);
    }
    this.set(waitMs / 1000);
  },
});

/** Reports the limiter of a send queue with `maxPerSecond` > 0; the returned call stops it. */
export function watchRateLimiter(source: RateLimitSource, maxPerSecond: number): () => void {
  const entry = { source, maxPerSecond };
  limiterSources.add(entry);
  return () => limiterSources.delete(entry);
}

/** Where a render pool's renders ran: read on each scrape. */
export interface RenderCountsSource {
  counts(): { inline: number; abandoned: number; pooled: number };
}

const renderSources = new Set<RenderCountsSource>();

new Counter({
  name: `${PREFIX}template_renders_total`,
  help: "Template renders by where they ran: inline (on the event loop, a small published version), abandoned (an inline attempt past its bounds, then rendered in a worker) and pooled (in a worker thread).",
  labelNames: ["where"] as const,
  registers: [registry],
  collect() {
    const total = { inline: 0, abandoned: 0, pooled: 0 };
    for (const source of renderSources) {
      const counts = source.counts();
      total.inline += counts.inline;
      total.abandoned += counts.abandoned;
      total.pooled += counts.pooled;
    }
    this.reset();
    for (const [where, count] of Object.entries(total)) this.inc({ where }, count);
  },
});

/** Reports a render pool's counts on /metrics; the returned call stops it. */
export function watchRenderPool(source: RenderCountsSource): () => void {
  renderSources.add(source);
  return () => renderSources.delete(source);
}

/** Each SES region's circuit as this sender sees it (several regions only). */
export interface RegionCircuitSource {
  circuits(): Iterable<{ region: string; isOpen: boolean }>;
}

const circuitSources = new Set<RegionCircuitSource>();

new Gauge({
  name: `${PREFIX}sender_region_circuit_open`,
  help: "1 while this sender's circuit of the SES region is open (the region failed past its budget, or its account is paused): workspaces that allow it send from their next region, pinned ones wait as region_unavailable. 0 while closed. Absent with one region.",
  labelNames: ["region"] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const source of circuitSources)
      for (const circuit of source.circuits()) this.set({ region: circuit.region }, circuit.isOpen ? 1 : 0);
  },
});

const circuitOpenings = new Counter({
  name: `${PREFIX}sender_region_circuit_openings_total`,
  help: "Times this sender opened an SES region's circuit, by region and reason (the error that tipped it, account_paused or account_quota).",
  labelNames: ["region", "reason"] as const,
  registers: [registry],
});

export function recordCircuitOpened(region: string, reason: string): void {
  circuitOpenings.inc({ region, reason });
}

/** Reports the circuits on /metrics until the returned function is called. */
export function watchRegionCircuits(source: RegionCircuitSource): () => void {
  circuitSources.add(source);
  return () => circuitSources.delete(source);
}
