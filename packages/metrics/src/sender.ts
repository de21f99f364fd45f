import { Counter, Gauge, Histogram } from "prom-client";
import { LATENCY_BUCKETS, PREFIX, registry } from "./registry.ts";

/** How one handoff attempt ended. */
export type HandoffOutcome = "accepted" | "transient" | "permanent" | "suppressed" | "failed" | "rendering_failed" | "skipped";

const handoffs = new Counter({
  name: `${PREFIX}sender_handoffs_total`,
  help: "Handoff attempts by outcome; error_kind is the provider's error name for transient and permanent refusals.",
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

/** Starts timing one provider call; call the result with `ok` or `error` when it answers. */
export function timeProviderCall(provider: string): (result: "ok" | "error") => void {
  const stop = providerCalls.startTimer({ provider });
  return (result) => {
    stop({ result });
  };
}

/** Where the queue-wide rate limiter stands: read on each scrape. */
export interface RateLimitSource {
  getRateLimitTtl(maxJobs?: number): Promise<number>;
}

const limiterSources = new Set<{ source: RateLimitSource; maxPerSecond: number }>();

new Gauge({
  name: `${PREFIX}sender_rate_limit_wait_seconds`,
  help: "How long the send queue's shared rate limiter holds every sender back right now (0 when under the limit).",
  registers: [registry],
  async collect() {
    let waitMs = 0;
    for (const { source, maxPerSecond } of limiterSources) {
      const ttl = await source.getRateLimitTtl(maxPerSecond).catch(() => 0);
      waitMs = Math.max(waitMs, ttl > 0 ? ttl : 0);
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
