import type { DomainStatus } from "@svc/db";
import type { ExpectedRecord } from "./records.ts";
import { lookupTxt, type TxtResolver } from "./resolver.ts";

/** The result for one expected record, as shown to operators and stored on the domain. */
export interface RecordCheck {
  type: "TXT";
  name: string;
  expected: string;
  found: string[];
  ok: boolean;
  /** Why the check is not ok (null when it is). */
  reason: string | null;
}

export interface CheckOutcome {
  check: RecordCheck;
  /** The lookup itself failed (timeout, SERVFAIL): the records may well be fine. */
  transient: boolean;
}

/** `tag=value; …` (RFC 6376 §3.2) into a map; whitespace inside values is insignificant. */
function dkimTags(value: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of value.split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0) continue;
    tags.set(part.slice(0, separator).trim().toLowerCase(), part.slice(separator + 1).replace(/\s+/g, ""));
  }
  return tags;
}

/**
 * DNS hosts re-space and sometimes re-order DKIM records, so compare what matters: the same
 * public key, an RSA key type (the default), and version DKIM1 when a version is given.
 */
export function dkimValueMatches(found: string, expected: string): boolean {
  const want = dkimTags(expected);
  const got = dkimTags(found);
  const key = got.get("p");
  if (!key || key !== want.get("p")) return false;
  if ((got.get("k") ?? "rsa").toLowerCase() !== (want.get("k") ?? "rsa").toLowerCase()) return false;
  const version = got.get("v");
  return version === undefined || version === "DKIM1";
}

function recordValueMatches(record: ExpectedRecord, found: string): boolean {
  return record.purpose === "dkim" ? dkimValueMatches(found, record.value) : found.trim() === record.value;
}

async function checkRecord(resolver: TxtResolver, record: ExpectedRecord): Promise<CheckOutcome> {
  const lookup = await lookupTxt(resolver, record.name);
  const base = { type: record.type, name: record.name, expected: record.value, found: lookup.found };
  if (lookup.error !== null) return { check: { ...base, ok: false, reason: lookup.error }, transient: lookup.transient };
  const ok = lookup.found.some((value) => recordValueMatches(record, value));
  return {
    check: { ...base, ok, reason: ok ? null : "No TXT record at this name has the expected value." },
    transient: false,
  };
}

/** Every record is looked up at once; one slow name does not hold the others back. */
export function checkRecords(resolver: TxtResolver, records: ExpectedRecord[]): Promise<CheckOutcome[]> {
  return Promise.all(records.map((record) => checkRecord(resolver, record)));
}

/**
 * What a check does to a domain's status:
 * - every record matches → `verified` (also from `failed`, once the records are back);
 * - a verified domain whose records are definitely wrong or gone → `failed`, so it stops sending
 *   until they are fixed;
 * - a verified domain whose lookups only failed (timeout, SERVFAIL) stays `verified`: a resolver
 *   outage must not switch off every domain's sending;
 * - otherwise the status is unchanged (`pending` stays `pending`, `failed` stays `failed`).
 */
export function statusAfterCheck(current: DomainStatus, outcomes: CheckOutcome[]): DomainStatus {
  if (outcomes.length > 0 && outcomes.every((outcome) => outcome.check.ok)) return "verified";
  if (current === "verified") {
    return outcomes.some((outcome) => !outcome.check.ok && !outcome.transient) ? "failed" : "verified";
  }
  return current;
}
