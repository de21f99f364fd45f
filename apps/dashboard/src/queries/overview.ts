import { countActiveApiKeys, countDomainsByStatus, countSendsToday, countWebhookSubscriptions, utcDay } from "@svc/core";
import type { DbHandle } from "@svc/db";

export const CHART_DAYS = 14;
export const CHART_SERIES = ["sent", "delivered", "bounced", "complained"] as const;
export type ChartSeries = (typeof CHART_SERIES)[number];

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
}

/**
 * The overview's numbers. Today's sends are the emails queued today (for a limited plan, the same
 * number as the API's usage counter); the chart counts event records per UTC day.
 */
export async function loadOverviewStats(db: DbHandle, workspaceId: string, now: Date = new Date()): Promise<OverviewStats> {
  const prisma = db.prisma;
  const today = utcDay(now);
  const first = new Date(today.getTime() - (CHART_DAYS - 1) * 86_400_000);
  const [sentToday, rows, domainRows, activeKeys, activeWebhooks] = await Promise.all([
    countSendsToday(db, workspaceId, now),
    prisma.$queryRaw<Array<{ day: string; type: string; count: bigint }>>`
      SELECT to_char(ev."eventTimestamp" AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, ev.type::text AS type, count(*) AS count
      FROM email_events ev JOIN emails e ON e.id = ev."emailId"
      WHERE e."organizationId" = ${workspaceId}
        -- Bounds the scan by the emails index; an event more than a week after its email is rare.
        AND e."createdAt" >= ${new Date(first.getTime() - 7 * 86_400_000)}
        AND ev."eventTimestamp" >= ${first}
        AND ev.type IN ('sent', 'delivered', 'bounced', 'complained')
      GROUP BY 1, 2`,
    countDomainsByStatus(prisma, workspaceId),
    countActiveApiKeys(prisma, workspaceId),
    countWebhookSubscriptions(prisma, workspaceId, { isActive: true }),
  ]);

  const days: DayCounts[] = Array.from({ length: CHART_DAYS }, (_, i) => ({
    day: new Date(first.getTime() + i * 86_400_000),
    counts: { sent: 0, delivered: 0, bounced: 0, complained: 0 },
  }));
  for (const row of rows) {
    const index = Math.round((new Date(`${row.day}T00:00:00Z`).getTime() - first.getTime()) / 86_400_000);
    const day = days[index];
    if (day && (CHART_SERIES as readonly string[]).includes(row.type)) day.counts[row.type as ChartSeries] = Number(row.count);
  }
  const total = domainRows.reduce((sum, row) => sum + row.count, 0);
  const verified = domainRows.find((row) => row.status === "verified")?.count ?? 0;
  return { sentToday, days, domains: { total, verified }, activeKeys, activeWebhooks };
}
