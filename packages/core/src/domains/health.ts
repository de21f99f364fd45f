import type { Domain } from "@svc/db";
import { type CheckOutcome, checkRecords } from "./checks.ts";
import { DMARC_RECOMMENDED, dmarcName, MAIL_FROM_SPF } from "./records.ts";
import { lookupTxt, type TxtResolver } from "./resolver.ts";
import { countSpfLookups, SPF_LOOKUP_LIMIT, spfIncludesSes, spfRecords } from "./spf.ts";
import { recordsOf } from "./views.ts";

/**
 * A sending domain's DNS health, record kind by record kind, as the daily re-check records it.
 * `unknown` is a lookup that said nothing (timeout, SERVFAIL): never `broken`, so an outage of a
 * DNS server does not read as the owner's records being wrong.
 */
export type HealthStatus = "ok" | "warning" | "broken" | "unknown";
export type HealthKind = "spf" | "dkim" | "dmarc" | "mail_from_mx" | "mail_from_spf";
export const HEALTH_KINDS: readonly HealthKind[] = ["spf", "dkim", "dmarc", "mail_from_mx", "mail_from_spf"];

export interface HealthFinding {
  kind: HealthKind;
  /** The DNS name looked up. */
  name: string;
  status: HealthStatus;
  found: string[];
  /** What was seen, in a sentence. */
  detail: string;
  /** What to publish or change (null when ok or unknown). */
  fix: string | null;
  /** SPF: DNS lookups the record costs (RFC 7208 limit SPF_LOOKUP_LIMIT). */
  lookups?: number;
  /** DMARC: the p= policy, and whether aggregate reports (rua=) are asked for. */
  policy?: string | null;
  rua?: boolean;
}

export interface HealthChange {
  kind: HealthKind;
  from: HealthStatus;
  to: HealthStatus;
}

type Lookup = Awaited<ReturnType<typeof lookupTxt>>;

const unknown = (kind: HealthKind, name: string, lookup: Lookup): HealthFinding => ({
  kind,
  name,
  status: "unknown",
  found: lookup.found,
  detail: `${lookup.error ?? "The lookup failed."} Checked again at the next re-check.`,
  fix: null,
});

async function spfFinding(resolver: TxtResolver, domain: string): Promise<HealthFinding> {
  const lookup = await lookupTxt(resolver, domain);
  if (lookup.error !== null && lookup.transient) return unknown("spf", domain, lookup);
  const records = spfRecords(lookup.found);
  const base = { kind: "spf" as const, name: domain, found: records };
  if (records.length === 0) {
    return {
      ...base,
      status: "warning",
      detail: "No SPF record at the domain.",
      fix: `Publish a TXT record at ${domain}: "${MAIL_FROM_SPF}" (or add include:amazonses.com to the one you publish).`,
    };
  }
  if (records.length > 1) {
    return {
      ...base,
      status: "broken",
      detail: `${records.length} SPF records at the domain: receivers treat that as an error (RFC 7208 §4.5).`,
      fix: "Merge them into a single v=spf1 record.",
    };
  }
  const record = records[0]!;
  const { lookups, incomplete } = await countSpfLookups(resolver, record);
  if (!spfIncludesSes(record)) {
    return {
      ...base,
      lookups,
      status: "broken",
      detail: "The SPF record does not include amazonses.com: mail SES sends for the domain fails SPF.",
      fix: `Add include:amazonses.com before the all term, e.g. "${MAIL_FROM_SPF}".`,
    };
  }
  if (lookups > SPF_LOOKUP_LIMIT) {
    return {
      ...base,
      lookups,
      status: "broken",
      detail: `The SPF record takes more than ${SPF_LOOKUP_LIMIT} DNS lookups: receivers fail it (RFC 7208 §4.6.4).`,
      fix: "Remove includes you no longer send through, or replace some with the ip4:/ip6: ranges they resolve to.",
    };
  }
  if (incomplete) {
    return {
      ...base,
      lookups,
      status: "unknown",
      detail: "An included SPF record could not be looked up; its lookups are not counted.",
      fix: null,
    };
  }
  return {
    ...base,
    lookups,
    status: "ok",
    detail: `SPF includes amazonses.com and takes ${lookups} of ${SPF_LOOKUP_LIMIT} lookups.`,
    fix: null,
  };
}

function dmarcTag(record: string, tag: string): string | null {
  for (const part of record.split(";")) {
    const [key, ...value] = part.split("=");
    if (key?.trim().toLowerCase() === tag) return value.join("=").trim();
  }
  return null;
}

async function dmarcFinding(resolver: TxtResolver, domain: string): Promise<HealthFinding> {
  const name = dmarcName(domain);
  const lookup = await lookupTxt(resolver, name);
  if (lookup.error !== null && lookup.transient) return unknown("dmarc", name, lookup);
  const records = lookup.found.filter((value) => /^v=DMARC1\s*(;|$)/i.test(value.trim()));
  const base = { kind: "dmarc" as const, name, found: records };
  if (records.length !== 1) {
    return {
      ...base,
      status: records.length === 0 ? "warning" : "broken",
      detail: records.length === 0 ? "No DMARC record." : "More than one DMARC record: receivers ignore them all.",
      fix: `Publish one TXT record at ${name}, e.g. "${DMARC_RECOMMENDED} rua=mailto:dmarc@${domain}".`,
    };
  }
  const record = records[0]!;
  const policy = dmarcTag(record, "p")?.toLowerCase() ?? null;
  const rua = dmarcTag(record, "rua") !== null;
  if (policy !== "none" && policy !== "quarantine" && policy !== "reject") {
    return {
      ...base,
      policy,
      rua,
      status: "broken",
      detail: "The DMARC record has no valid p= policy.",
      fix: `Set p=none, p=quarantine or p=reject in the record at ${name}.`,
    };
  }
  if (!rua) {
    return {
      ...base,
      policy,
      rua,
      status: "warning",
      detail: `DMARC p=${policy} without rua=: nobody receives the aggregate reports${policy === "none" ? ", so the policy only monitors what nobody reads" : ""}.`,
      fix: `Add rua=mailto:<a mailbox you read> to the record at ${name}.`,
    };
  }
  return { ...base, policy, rua, status: "ok", detail: `DMARC p=${policy} with aggregate reports.`, fix: null };
}

/** DKIM and the MAIL FROM records, from the same checks verification makes against what the owner was shown. */
function recordFinding(kind: HealthKind, outcome: CheckOutcome): HealthFinding {
  const { check } = outcome;
  const base = { kind, name: check.name, found: check.found };
  if (check.ok) return { ...base, status: "ok", detail: "Published and matching.", fix: null };
  if (outcome.transient)
    return { ...base, status: "unknown", detail: `${check.reason ?? "The lookup failed."} Checked again at the next re-check.`, fix: null };
  const present = check.found.length > 0;
  return {
    ...base,
    // Without the MAIL FROM records SES falls back to its own MAIL FROM: mail still goes out.
    status: kind === "dkim" ? "broken" : "warning",
    detail: present ? `The ${check.type} record at this name does not match.` : `No ${check.type} record at this name.`,
    fix: `Publish ${check.type} ${check.name} "${check.expected}".`,
  };
}

/** Every record kind of `domain`, looked up at once. */
export async function domainHealth(resolver: TxtResolver, domain: Domain): Promise<HealthFinding[]> {
  const records = recordsOf(domain).filter((record) => record.purpose === "dkim" || record.purpose.startsWith("mail_from_"));
  const [spf, dmarc, outcomes] = await Promise.all([
    spfFinding(resolver, domain.name),
    dmarcFinding(resolver, domain.name),
    checkRecords(resolver, records),
  ]);
  const others = outcomes.map((outcome) => recordFinding(outcome.check.purpose as HealthKind, outcome));
  return [spf, ...others, dmarc].sort((a, b) => HEALTH_KINDS.indexOf(a.kind) - HEALTH_KINDS.indexOf(b.kind));
}

/** The kinds whose status differs from the check before (a kind new or gone is no change). */
export function healthChanges(before: readonly HealthFinding[] | null, after: readonly HealthFinding[]): HealthChange[] {
  if (!before) return [];
  const previous = new Map(before.map((finding) => [finding.kind, finding.status]));
  return after.flatMap((finding) => {
    const from = previous.get(finding.kind);
    return from && from !== finding.status ? [{ kind: finding.kind, from, to: finding.status }] : [];
  });
}
