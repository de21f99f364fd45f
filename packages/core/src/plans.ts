import type { Plan } from "@svc/db";

export interface PlanLimits {
  /** Emails per workspace per UTC day; null means unlimited. */
  dailySendLimit: number | null;
  /** Days an email and its events are kept. */
  retentionDays: number;
  label: string;
}

/**
 * Free allows 100 a day, as the interface promises. The others are ours to choose; an operator changes a
 * workspace's plan with `svc workspace set-plan`. `unlimited` is for self-hosters who want no cap.
 */
export const PLANS: Record<Plan, PlanLimits> = {
  free: { label: "Free", dailySendLimit: 100, retentionDays: 30 },
  pro: { label: "Pro", dailySendLimit: 50_000, retentionDays: 30 },
  scale: { label: "Scale", dailySendLimit: 500_000, retentionDays: 90 },
  unlimited: { label: "Unlimited", dailySendLimit: null, retentionDays: 30 },
};

export const PLAN_NAMES = Object.keys(PLANS) as Plan[];

export function planLimits(plan: Plan): PlanLimits {
  return PLANS[plan];
}
