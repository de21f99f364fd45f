import { Counter, Histogram } from "prom-client";
import { LATENCY_BUCKETS, PREFIX, registry } from "./registry.ts";

/**
 * An attempt's outcome class: the answer's status class, or why there was none (`timeout`,
 * `refused` by the address guard, `error` for the rest: DNS, connection reset, a bad URL).
 */
export type AttemptClass = "2xx" | "3xx" | "4xx" | "5xx" | "timeout" | "refused" | "error";

const attempts = new Counter({
  name: `${PREFIX}dispatcher_attempts_total`,
  help: "Webhook attempts by outcome class.",
  labelNames: ["class"] as const,
  registers: [registry],
});

const attemptDuration = new Histogram({
  name: `${PREFIX}dispatcher_attempt_duration_seconds`,
  help: "Time from dialling the subscriber to its answer (or the deadline), by outcome class.",
  labelNames: ["class"] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

const deliveriesFailed = new Counter({
  name: `${PREFIX}dispatcher_deliveries_failed_total`,
  help: "Webhook deliveries that ended failed (the retry window ran out, or the subscription was disabled).",
  registers: [registry],
});

const slotWaits = new Counter({
  name: `${PREFIX}dispatcher_slot_waits_total`,
  help: "Jobs that found their subscription at its concurrency cap, by what followed (acquired after waiting, or deferred to the queue).",
  labelNames: ["result"] as const,
  registers: [registry],
});

/** The class of an answer's status code (null: no answer). */
export function statusClass(statusCode: number): AttemptClass {
  if (statusCode >= 200 && statusCode < 300) return "2xx";
  if (statusCode >= 300 && statusCode < 400) return "3xx";
  if (statusCode >= 400 && statusCode < 500) return "4xx";
  return "5xx";
}

export function recordAttempt(attemptClass: AttemptClass, seconds: number): void {
  attempts.inc({ class: attemptClass });
  attemptDuration.observe({ class: attemptClass }, seconds);
}

export function recordDeliveryFailed(): void {
  deliveriesFailed.inc();
}

export function recordSlotWait(result: "acquired" | "deferred"): void {
  slotWaits.inc({ result });
}
