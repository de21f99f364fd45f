import type { Domain, DomainStatus } from "@svc/db";
import { isoOrNull } from "../time.ts";
import type { RecordCheck } from "./checks.ts";
import type { IdentityState } from "./identities.ts";
import { type ExpectedRecord, expectedRecords } from "./records.ts";

/** A record as shown to the person who must publish it. */
interface DnsRecordView {
  type: "TXT" | "MX";
  name: string;
  value: string;
  /** MX only. */
  priority?: number;
  /** False for records that are advised but do not block sending (MAIL FROM). */
  required: boolean;
}

/** The public shape of a domain: never the DKIM private key. */
export interface DomainView {
  id: string;
  workspaceId: string;
  domain: string;
  status: DomainStatus;
  records: DnsRecordView[];
  /** The custom MAIL FROM (bounce) domain, or null for the provider's default. */
  mailFromDomain: string | null;
  createdAt: string;
  verifiedAt: string | null;
  /** The last check at which the domain was verified. */
  lastVerifiedAt: string | null;
  lastCheckedAt: string | null;
  /** Why the domain is `failed` (null otherwise). */
  failureReason: string | null;
  /** The per-record results of the last check (DMARC advice included), or null before the first. */
  lastChecks: RecordCheck[] | null;
  /** The provider's (SES's) identity states at the last check; null with the simulator. */
  providerState: IdentityState | null;
  /** Open/click tracking (SES configuration set chosen per send) and its custom redirect domain. */
  tracking: { open: boolean; click: boolean; domain: string | null };
}

const PURPOSES = new Set(["ownership", "dkim", "mail_from_mx", "mail_from_spf"]);

function isExpectedRecord(value: unknown): value is ExpectedRecord {
  const record = value as Partial<ExpectedRecord> | null;
  return (
    typeof record === "object" &&
    record !== null &&
    (record.type === "TXT" || record.type === "MX") &&
    typeof record.purpose === "string" &&
    PURPOSES.has(record.purpose) &&
    typeof record.name === "string" &&
    typeof record.value === "string"
  );
}

/**
 * The records stored with the domain (exactly what its owner was shown). A row without usable
 * stored records (inserted by hand) gets them rebuilt from its columns, so that a check can
 * never pass vacuously on an empty list.
 */
export function recordsOf(domain: Domain): ExpectedRecord[] {
  const stored: unknown[] = Array.isArray(domain.records) ? domain.records : [];
  if (stored.length > 0 && stored.every(isExpectedRecord)) return stored;
  return expectedRecords({
    domain: domain.name,
    verificationToken: domain.verificationToken,
    dkimSelector: domain.dkimSelector,
    dkimPublicKey: domain.dkimPublicKey,
    mailFromDomain: null,
    region: "us-east-1",
  });
}

export function toDomainView(domain: Domain): DomainView {
  return {
    id: domain.id,
    workspaceId: domain.workspaceId,
    domain: domain.name,
    status: domain.status,
    records: recordsOf(domain).map(({ type, name, value, priority, purpose }) => ({
      type,
      name,
      value,
      ...(priority !== undefined ? { priority } : {}),
      required: purpose === "ownership" || purpose === "dkim",
    })),
    mailFromDomain: domain.mailFromDomain,
    createdAt: domain.createdAt.toISOString(),
    verifiedAt: isoOrNull(domain.verifiedAt),
    lastVerifiedAt: isoOrNull(domain.lastVerifiedAt),
    lastCheckedAt: isoOrNull(domain.lastCheckedAt),
    failureReason: domain.failureReason,
    lastChecks: Array.isArray(domain.lastChecks) ? (domain.lastChecks as unknown as RecordCheck[]) : null,
    providerState:
      domain.providerState && typeof domain.providerState === "object" ? (domain.providerState as unknown as IdentityState) : null,
    tracking: { open: domain.openTracking, click: domain.clickTracking, domain: domain.trackingDomain },
  };
}
