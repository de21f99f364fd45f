import { Counter, Histogram } from "prom-client";
import { LATENCY_BUCKETS, PREFIX, registry } from "./registry.ts";

/** What became of one SNS message: an ingest outcome, or refused (with its reason class). */
export type NotificationOutcome = "stored" | "duplicate" | "unmatched" | "unreadable" | "ignored" | "refused" | "confirmation";

const notifications = new Counter({
  name: `${PREFIX}ingest_notifications_total`,
  help: "SNS messages by outcome; reason is the class of a refusal (malformed, signature_version, cert_url, topic, certificate, signature).",
  labelNames: ["outcome", "reason"] as const,
  registers: [registry],
});

const verification = new Histogram({
  name: `${PREFIX}ingest_verification_duration_seconds`,
  help: "Time to verify an SNS message (certificate fetch included when one was needed), by result.",
  labelNames: ["result"] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

const certificateFetches = new Counter({
  name: `${PREFIX}ingest_certificate_fetches_total`,
  help: "Signing certificates fetched (the cache missed), by result.",
  labelNames: ["result"] as const,
  registers: [registry],
});

export function recordNotification(outcome: NotificationOutcome, reason = ""): void {
  notifications.inc({ outcome, reason });
}

/** Starts timing one verification; call the result with `ok` or `refused`. */
export function timeVerification(): (result: "ok" | "refused") => void {
  const stop = verification.startTimer();
  return (result) => {
    stop({ result });
  };
}

export function recordCertificateFetch(result: "ok" | "error"): void {
  certificateFetches.inc({ result });
}

const eventsStored = new Counter({
  name: `${PREFIX}ingest_events_stored_total`,
  help: "Provider events stored, by event type (sent, delivered, bounced, complained…): the bounce and complaint rates are ratios of these.",
  labelNames: ["type"] as const,
  registers: [registry],
});

export function recordEventStored(type: string): void {
  eventsStored.inc({ type });
}
