import type { DbHandle } from "@svc/db";
import { AppError } from "../errors.ts";
import { countOutcomesByDomain } from "../stores/emailEvents.ts";
import { utcDay } from "../time.ts";
import { BOUNCE_CAUSES, type BounceCause } from "./bounceCause.ts";
import { MAILBOX_PROVIDERS, type MailboxProvider, type MailboxProviders } from "./mailboxProviders.ts";

const DAY_MS = 86_400_000;
/** The breakdown reads the events of emails created up to this long before its first day. */
const EMAILS_LOOKBACK_MS = 7 * DAY_MS;
/** Recipient domains named (and looked up) per breakdown; the rest count as `other`. */
const TOP_DOMAINS = 200;
export const DELIVERABILITY_DAYS = { default: 7, max: 30 } as const;

/** A bounce's cause, or `unclassified` for bounces stored before causes were. */
export type BounceCauseOrUnclassified = BounceCause | "unclassified";

export interface ProviderOutcomes {
  provider: MailboxProvider;
  sent: number;
  delivered: number;
  bounced: number;
  complained: number;
  /** Of the sent; null when nothing was sent. */
  deliveryRate: number | null;
  bounceRate: number | null;
  complaintRate: number | null;
  bounces: Array<{ cause: BounceCauseOrUnclassified; count: number }>;
}

export interface DeliverabilityBreakdown {
  /** The window: `days` whole UTC days up to and including today. */
  from: string;
  to: string;
  days: number;
  providers: ProviderOutcomes[];
  /** Every bounce of the window by cause, the most frequent first. */
  bounces: Array<{ cause: BounceCauseOrUnclassified; count: number }>;
}

export function parseDeliverabilityDays(value: unknown): number {
  if (value === undefined) return DELIVERABILITY_DAYS.default;
  const days = typeof value === "string" && /^\d{1,3}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(days) || days < 1 || days > DELIVERABILITY_DAYS.max) {
    throw new AppError("validation_failed", `days: a whole number from 1 to ${DELIVERABILITY_DAYS.max}.`);
  }
  return days;
}

const rate = (count: number, sent: number) => (sent === 0 ? null : Math.round((count / sent) * 10_000) / 10_000);

/**
 * A workspace's deliveries, bounces and complaints of the last `days` UTC days by mailbox
 * provider (its recipients' MX hosts) and bounces by cause: which provider refuses its mail,
 * and why.
 */
export async function deliverabilityBreakdown(
  handle: DbHandle,
  providers: MailboxProviders,
  workspaceId: string,
  days: number,
  now: Date = new Date(),
): Promise<DeliverabilityBreakdown> {
  const since = new Date(utcDay(now).getTime() - (days - 1) * DAY_MS);
  const until = new Date(utcDay(now).getTime() + DAY_MS);
  const rows = await countOutcomesByDomain(handle.prisma, {
    workspaceId,
    since,
    until,
    emailsLookbackMs: EMAILS_LOOKBACK_MS,
    topDomains: TOP_DOMAINS,
  });
  const domains = [...new Set(rows.map((row) => row.domain).filter((domain): domain is string => domain !== null))];
  const providerOf = await providers.providersOf(domains);

  const byProvider = new Map<MailboxProvider, ProviderOutcomes & { causes: Map<BounceCauseOrUnclassified, number> }>();
  for (const provider of MAILBOX_PROVIDERS) {
    byProvider.set(provider, {
      provider,
      sent: 0,
      delivered: 0,
      bounced: 0,
      complained: 0,
      deliveryRate: null,
      bounceRate: null,
      complaintRate: null,
      bounces: [],
      causes: new Map(),
    });
  }
  const allCauses = new Map<BounceCauseOrUnclassified, number>();
  for (const row of rows) {
    const entry = byProvider.get(row.domain === null ? "other" : (providerOf.get(row.domain) ?? "other"))!;
    entry[row.type] += row.count;
    if (row.type !== "bounced") continue;
    const cause: BounceCauseOrUnclassified = (BOUNCE_CAUSES as readonly string[]).includes(row.cause ?? "")
      ? (row.cause as BounceCause)
      : "unclassified";
    entry.causes.set(cause, (entry.causes.get(cause) ?? 0) + row.count);
    allCauses.set(cause, (allCauses.get(cause) ?? 0) + row.count);
  }
  const sorted = (counts: Map<BounceCauseOrUnclassified, number>) =>
    [...counts].map(([cause, count]) => ({ cause, count })).sort((a, b) => b.count - a.count || a.cause.localeCompare(b.cause));
  return {
    from: since.toISOString().slice(0, 10),
    to: utcDay(now).toISOString().slice(0, 10),
    days,
    providers: [...byProvider.values()].map(({ causes, ...entry }) => ({
      ...entry,
      deliveryRate: rate(entry.delivered, entry.sent),
      bounceRate: rate(entry.bounced, entry.sent),
      complaintRate: rate(entry.complained, entry.sent),
      bounces: sorted(causes),
    })),
    bounces: sorted(allCauses),
  };
}
