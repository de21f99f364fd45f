import type { DomainStatus } from "@svc/db";
import type { IdentityState } from "./identities.ts";
import {
  type CheckPurpose,
  DMARC_RECOMMENDED,
  DMARC_WHY,
  dmarcName,
  type ExpectedRecord,
  isRequiredRecord,
  MAIL_FROM_SPF,
} from "./records.ts";
import { lookupMx, lookupTxt, type TxtResolver } from "./resolver.ts";

/** The provider's state for one record, next to our own DNS check of it. */
export interface ProviderRecordState {
  provider: string;
  status: string | null;
  ok: boolean;
  reason: string | null;
}

/** The result for one record, as shown to operators and stored on the domain. */
export interface RecordCheck {
  type: "TXT" | "MX";
  purpose?: CheckPurpose;
  name: string;
  expected: string;
  found: string[];
  ok: boolean;
  /** Why the check is not ok (null when it is). */
  reason: string | null;
  /** Must match for the domain to be verified; the others are advice (absent on older rows: required). */
  required?: boolean;
  /** What the provider (SES) says about this record; absent with the simulator. */
  providerState?: ProviderRecordState;
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

/** An SPF record that lets SES send for the MAIL FROM domain (other mechanisms may stand beside it). */
function spfAllowsSes(found: string): boolean {
  const terms = found.trim().toLowerCase().split(/\s+/);
  return terms[0] === "v=spf1" && terms.includes("include:amazonses.com");
}

function recordValueMatches(record: ExpectedRecord, found: string): boolean {
  switch (record.purpose) {
    case "dkim":
      return dkimValueMatches(found, record.value);
    case "mail_from_mx":
    case "inbound_mx":
      // Found values are `<priority> <exchange>`; any priority routes the mail.
      return found.split(" ")[1] === record.value.toLowerCase();
    case "mail_from_spf":
      return spfAllowsSes(found);
    case "ownership":
      return found.trim() === record.value;
  }
}

function expectedText(record: ExpectedRecord): string {
  return record.type === "MX" ? `${record.priority ?? 10} ${record.value}` : record.value;
}

async function checkRecord(resolver: TxtResolver, record: ExpectedRecord): Promise<CheckOutcome> {
  const lookup = record.type === "MX" ? await lookupMx(resolver, record.name) : await lookupTxt(resolver, record.name);
  const base = {
    type: record.type,
    purpose: record.purpose,
    name: record.name,
    expected: expectedText(record),
    found: lookup.found,
    required: isRequiredRecord(record),
  };
  if (lookup.error !== null) return { check: { ...base, ok: false, reason: lookup.error }, transient: lookup.transient };
  const ok = lookup.found.some((value) => recordValueMatches(record, value));
  const reason =
    record.purpose === "mail_from_spf"
      ? `No TXT record at this name is an SPF record including amazonses.com (publish "${MAIL_FROM_SPF}").`
      : `No ${record.type} record at this name has the expected value.`;
  return { check: { ...base, ok, reason: ok ? null : reason }, transient: false };
}

/** Every record is looked up at once; one slow name does not hold the others back. */
export function checkRecords(resolver: TxtResolver, records: ExpectedRecord[]): Promise<CheckOutcome[]> {
  return Promise.all(records.map((record) => checkRecord(resolver, record)));
}

/** `_dmarc.<domain>`: advice only. Absent (or not DMARC), the recommended record is the expected value. */
export async function checkDmarc(resolver: TxtResolver, domain: string): Promise<RecordCheck> {
  const name = dmarcName(domain);
  const lookup = await lookupTxt(resolver, name);
  const base = { type: "TXT" as const, purpose: "dmarc" as const, name, expected: DMARC_RECOMMENDED, found: lookup.found, required: false };
  const ok = lookup.error === null && lookup.found.some((value) => /^v=DMARC1\s*(;|$)/i.test(value.trim()));
  return {
    ...base,
    ok,
    reason: ok ? null : `${lookup.error ?? "No DMARC record at this name."} Recommended: "${DMARC_RECOMMENDED}". ${DMARC_WHY}`,
  };
}

/** The provider's verdict on a domain identity, in the terms the status rules need. */
export interface ProviderVerdict {
  provider: string;
  /** The provider sends from the identity. */
  verified: boolean;
  /** Not merely waiting: the provider failed the identity, or has none. */
  failed: boolean;
  /** Why it is not verified (null when it is). */
  reason: string | null;
}

export function providerVerdict(provider: string, state: IdentityState | null): ProviderVerdict {
  const name = provider.toUpperCase();
  if (!state) return { provider, verified: false, failed: true, reason: `${name} has no identity for this domain.` };
  if (state.verifiedForSending) return { provider, verified: true, failed: false, reason: null };
  const dkim = state.dkim?.status ?? null;
  const failed = dkim === "FAILED" || state.verificationStatus === "FAILED";
  const status = dkim ?? state.verificationStatus ?? "unknown";
  return {
    provider,
    verified: false,
    failed,
    reason: failed
      ? `${name} reports the domain's DKIM verification ${status}: it could not find the DKIM record it expects.`
      : `${name} has not verified the domain yet (DKIM ${status}); it re-reads DNS on its own, usually within minutes of the records appearing.`,
  };
}

/** Puts the provider's per-record states next to our DNS checks: DKIM status on the DKIM record, MAIL FROM status on its records. */
export function withProviderStates(checks: RecordCheck[], provider: string, state: IdentityState | null): RecordCheck[] {
  return checks.map((check) => {
    let status: string | null | undefined;
    if (check.purpose === "dkim") status = state ? (state.dkim?.status ?? null) : null;
    else if (check.purpose === "mail_from_mx" || check.purpose === "mail_from_spf")
      status = state ? (state.mailFrom?.status ?? null) : null;
    else if (check.purpose === "ownership")
      status = state ? (state.verifiedForSending ? "SUCCESS" : (state.verificationStatus ?? null)) : null;
    else return check;
    const ok = status === "SUCCESS";
    const reason = ok
      ? null
      : state
        ? `${provider.toUpperCase()} reports ${status ?? "no status"}.`
        : `${provider.toUpperCase()} has no identity for this domain.`;
    return { ...check, providerState: { provider, status: status ?? null, ok, reason } };
  });
}

const isRequired = (check: RecordCheck) => check.required !== false;

/**
 * What a check does to a domain's status:
 * - every required record matches, and the provider (when there is one) sends from the identity
 *   → `verified` (also from `failed`, once all is back);
 * - a verified domain whose required records are definitely wrong or gone, or that the provider
 *   failed or lost → `failed`, so it stops sending until they are fixed;
 * - a verified domain whose lookups only failed (timeout, SERVFAIL), or that the provider is only
 *   re-checking, stays `verified`: an outage must not switch off every domain's sending;
 * - otherwise the status is unchanged (`pending` stays `pending`, `failed` stays `failed`).
 */
export function statusAfterCheck(current: DomainStatus, outcomes: CheckOutcome[], provider: ProviderVerdict | null = null): DomainStatus {
  const required = outcomes.filter((outcome) => isRequired(outcome.check));
  const dnsOk = required.length > 0 && required.every((outcome) => outcome.check.ok);
  if (dnsOk && (provider === null || provider.verified)) return "verified";
  if (current === "verified") {
    const dnsBroken = required.some((outcome) => !outcome.check.ok && !outcome.transient);
    return dnsBroken || provider?.failed ? "failed" : "verified";
  }
  return current;
}

/** One line saying why a domain is not verified, from the failing required checks and the provider. */
export function failureReasonOf(checks: RecordCheck[], provider: ProviderVerdict | null): string {
  const parts = checks
    .filter((check) => isRequired(check) && !check.ok)
    .map((check) => `${check.type} ${check.name}: ${check.reason ?? "does not match"}`);
  if (provider && !provider.verified && provider.reason) parts.push(provider.reason);
  return parts.join(" ") || "The last check did not verify the domain.";
}
