import type { Db } from "@svc/db";
import { findAllDomains } from "../stores/domains.ts";
import type { IdentityState, SendingIdentities } from "./identities.ts";

/** At most this many domains are listed by `svc ses status`, each one SES call. */
const MAX_LISTED = 500;
const CONCURRENCY = 8;

export interface DomainIdentityStatus {
  id: string;
  workspaceId: string;
  domain: string;
  /** Our status (DNS and SES at the last check). */
  status: string;
  lastCheckedAt: string | null;
  /** SES's identity now: its states, `missing` when SES has no such identity, or the error of asking. */
  ses: (IdentityState & { identity: "present" }) | { identity: "missing" } | { identity: "unknown"; error: string };
}

/** Every domain (up to a bound, the most recently checked first) with SES's current states of its identity: the per-domain part of `svc ses status`. */
export async function domainIdentityStatuses(
  prisma: Db,
  identities: SendingIdentities,
): Promise<{ domains: DomainIdentityStatus[]; truncated: boolean }> {
  const rows = await findAllDomains(prisma, MAX_LISTED + 1);
  const listed = rows.slice(0, MAX_LISTED);
  const domains: DomainIdentityStatus[] = [];
  for (let start = 0; start < listed.length; start += CONCURRENCY) {
    domains.push(
      ...(await Promise.all(
        listed.slice(start, start + CONCURRENCY).map(async (domain): Promise<DomainIdentityStatus> => {
          let ses: DomainIdentityStatus["ses"];
          try {
            const state = await identities.get(domain.name);
            ses = state ? { identity: "present", ...state } : { identity: "missing" };
          } catch (error) {
            ses = { identity: "unknown", error: error instanceof Error ? error.message : String(error) };
          }
          return {
            id: domain.id,
            workspaceId: domain.workspaceId,
            domain: domain.name,
            status: domain.status,
            lastCheckedAt: domain.lastCheckedAt?.toISOString() ?? null,
            ses,
          };
        }),
      )),
    );
  }
  return { domains, truncated: rows.length > MAX_LISTED };
}
