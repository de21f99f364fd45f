import type { Plan } from "@svc/db";

export interface PlanLimits {
  /** Emails per workspace per UTC day; null means unlimited. */
  dailySendLimit: number | null;
  /** Days an email and its events are kept. */
  retentionDays: number;
  /**
   * Attachment bytes the workspace may hold for emails not yet handed off (queued, scheduled,
   * sending): they sit in Postgres until then, up to the scheduling horizon. null means unlimited.
   */
  unsentAttachmentBytes: number | null;
  label: string;
}

/**
 * Free allows 100 a day, as the interface promises. The others are ours to choose; an operator changes a
 * workspace's plan with `svc workspace set-plan`. `unlimited` is for self-hosters who want no cap.
 */
const GB = 1024 * 1024 * 1024;

export const PLANS: Record<Plan, PlanLimits> = {
  free: { label: "Free", dailySendLimit: 100, retentionDays: 30, unsentAttachmentBytes: GB / 4 },
  pro: { label: "Pro", dailySendLimit: 50_000, retentionDays: 30, unsentAttachmentBytes: 10 * GB },
  scale: { label: "Scale", dailySendLimit: 500_000, retentionDays: 90, unsentAttachmentBytes: 100 * GB },
  unlimited: { label: "Unlimited", dailySendLimit: null, retentionDays: 30, unsentAttachmentBytes: null },
};

export const PLAN_NAMES = Object.keys(PLANS) as Plan[];

export function planLimits(plan: Plan): PlanLimits {
  return PLANS[plan];
}
