import type { DbHandle } from "@svc/db";
import { countSendsToday } from "../emails/dailyLimit.ts";
import { countActiveApiKeys } from "../stores/apiKeys.ts";
import { countDomainsByStatus } from "../stores/domains.ts";
import { countEventsPerDay } from "../stores/emailEvents.ts";
import { countWebhookSubscriptions } from "../stores/webhookSubscriptions.ts";
import { type Reputation, reputationOf } from "../suppressions/reputation.ts";
import { utcDay } from "../time.ts";

const CHART_DAYS = 14;
export const CHART_SERIES = ["sent", "delivered", "bounced", "complained"] as const;
export type ChartSeries = (typeof CHART_SERIES)[number];

const DAY_MS = 86_400_000;
/** The chart reads the events of emails created up to this long before its first day. */
const EMAILS_LOOKBACK_MS = 7 * DAY_MS;

export interface DayCounts {
  /** Midnight UTC. */
  day: Date;
  counts: Record<ChartSeries, number>;
}

export interface OverviewStats {
  sentToday: number;
  days: DayCounts[];
  domains: { total: number; verified: number };
  activeKeys: number;
  activeWebhooks: number;
  /** Bounce and complaint rates over the last REPUTATION_DAYS UTC days (today included). */
  reputation: Reputation;
}

/** The window of the bounce and complaint rates: the last 7 UTC days, from the chart's counts. */
export const REPUTATION_DAYS = 7;

/**
 * The dashboard overview's numbers for one workspace. Today's sends are the emails queued today (for a limited plan, the same
 * number as the API's usage counter); the chart counts event records per UTC day.
 */
export async function loadOverviewStats(handle: DbHandle, workspaceId: string, now: Date = new Date()): Promise<OverviewStats> {
  const db = handle.prisma;
  const today = utcDay(now);
  const first = new Date(today.getTime() - (CHART_DAYS - 1) * DAY_MS);
  const [sentToday, rows, domainCounts, activeKeys, activeWebhooks] = await Promise.all([
    countSendsToday(handle, workspaceId, now),
    countEventsPerDay(db, { workspaceId, since: first, emailsLookbackMs: EMAILS_LOOKBACK_MS, types: CHART_SERIES }),
    countDomainsByStatus(db, workspaceId),
    countActiveApiKeys(db, workspaceId),
    countWebhookSubscriptions(db, workspaceId, { isActive: true }),
  ]);

  const days: DayCounts[] = Array.from({ length: CHART_DAYS }, (_, i) => ({
    day: new Date(first.getTime() + i * DAY_MS),
    counts: { sent: 0, delivered: 0, bounced: 0, complained: 0 },
  }));
  for (const row of rows) {
    const index = Math.round((new Date(`${row.day}T00:00:00Z`).getTime() - first.getTime()) / DAY_MS);
    const day = days[index];
    if (day && (CHART_SERIES as readonly string[]).includes(row.type)) day.counts[row.type as ChartSeries] = row.count;
  }
  const domains = {
    total: domainCounts.reduce((sum, row) => sum + row.count, 0),
    verified: domainCounts.find((row) => row.status === "verified")?.count ?? 0,
  };
  const window = days.slice(-REPUTATION_DAYS);
  const sum = (series: ChartSeries) => window.reduce((total, day) => total + day.counts[series], 0);
  const reputation = reputationOf({ sent: sum("sent"), bounced: sum("bounced"), complained: sum("complained") });
  return { sentToday, days, domains, activeKeys, activeWebhooks, reputation };
}
