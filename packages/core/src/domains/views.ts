import type { Domain, DomainStatus } from "@svc/db";
import { isoOrNull } from "../time.ts";
import type { RecordCheck } from "./checks.ts";
import { expectedRecords, type ExpectedRecord } from "./records.ts";

/** A record as shown to the person who must publish it. */
interface DnsRecordView {
  type: "TXT";
  name: string;
  value: string;
}

/** The public shape of a domain: never the DKIM private key. */
export interface DomainView {
  id: string;
  workspaceId: string;
  domain: string;
  status: DomainStatus;
  records: DnsRecordView[];
  createdAt: string;
  verifiedAt: string | null;
  lastCheckedAt: string | null;
  /** The per-record results of the last check, or null before the first. */
  lastChecks: RecordCheck[] | null;
  /** Open/click tracking (SES configuration set chosen per send) and its custom redirect domain. */
  tracking: { open: boolean; click: boolean; domain: string | null };
}

function isExpectedRecord(value: unknown): value is ExpectedRecord {
  const record = value as Partial<ExpectedRecord> | null;
  return (
    typeof record === "object" &&
    record !== null &&
    record.type === "TXT" &&
    (record.purpose === "ownership" || record.purpose === "dkim") &&
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
  });
}

export function toDomainView(domain: Domain): DomainView {
  return {
    id: domain.id,
    workspaceId: domain.workspaceId,
    domain: domain.name,
    status: domain.status,
    records: recordsOf(domain).map(({ type, name, value }) => ({ type, name, value })),
    createdAt: domain.createdAt.toISOString(),
    verifiedAt: isoOrNull(domain.verifiedAt),
    lastCheckedAt: isoOrNull(domain.lastCheckedAt),
    lastChecks: Array.isArray(domain.lastChecks) ? (domain.lastChecks as unknown as RecordCheck[]) : null,
    tracking: { open: domain.openTracking, click: domain.clickTracking, domain: domain.trackingDomain },
  };
}
