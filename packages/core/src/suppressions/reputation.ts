/**
 * The rates SES reviews an account on: bounces and complaints per email sent. SES puts an account
 * under review at a 5 % bounce rate or a 0.1 % complaint rate; we warn from half of each.
 */
const REPUTATION_THRESHOLDS = { bounce: 0.05, complaint: 0.001 } as const;
const REPUTATION_WARNING_FRACTION = 0.5;

export type RateLevel = "none" | "ok" | "warning" | "over";

export interface ReputationRate {
  /** null when nothing was sent in the window. */
  rate: number | null;
  threshold: number;
  level: RateLevel;
}

export interface Reputation {
  sent: number;
  bounced: number;
  complained: number;
  bounce: ReputationRate;
  complaint: ReputationRate;
}

function rateOf(count: number, sent: number, threshold: number): ReputationRate {
  if (sent === 0) return { rate: null, threshold, level: "none" };
  const rate = count / sent;
  const level: RateLevel = rate >= threshold ? "over" : rate >= threshold * REPUTATION_WARNING_FRACTION ? "warning" : "ok";
  return { rate, threshold, level };
}

/** Bounce and complaint rates from event counts over one window (`sent` events as the base). */
export function reputationOf(counts: { sent: number; bounced: number; complained: number }): Reputation {
  return {
    ...counts,
    bounce: rateOf(counts.bounced, counts.sent, REPUTATION_THRESHOLDS.bounce),
    complaint: rateOf(counts.complained, counts.sent, REPUTATION_THRESHOLDS.complaint),
  };
}
