import type { Db } from "@svc/db";
import type { SecretBox } from "../crypto/secretBox.ts";
import { findVerifiedDomains } from "../stores/domains.ts";
import { openDkimKey, pemBody } from "./dkim.ts";
import { IdentityNotOursError, type SendingIdentities } from "./identities.ts";

/** The most verified domains one reconcile of a region puts; more are reported, not silently skipped. */
export const MAX_REGION_IDENTITIES = 10_000;

export interface RegionIdentitiesResult {
  /** Domains whose identity the region has, signing with the domain's own key, with its MAIL FROM. */
  put: number;
  /** Domains whose identity in the region the install did not create: only read, left as they are. */
  notOurs: string[];
  /** Domains that could not be put (their key unreadable with this install's secret, SES refusing): the rest went on. */
  failed: Array<{ domain: string; reason: string }>;
  truncated: boolean;
}

/**
 * Every verified domain as an identity of another SES region, signing with the same BYODKIM key
 * (so the DKIM record the domain published verifies there too) and with the same MAIL FROM domain:
 * what `svc ses setup` does for each region but the one domains were added in.
 */
export async function putVerifiedDomainIdentities(
  prisma: Db,
  identities: SendingIdentities,
  secrets: SecretBox,
): Promise<RegionIdentitiesResult> {
  const domains = await findVerifiedDomains(prisma, MAX_REGION_IDENTITIES + 1);
  const notOurs: string[] = [];
  const failed: RegionIdentitiesResult["failed"] = [];
  let put = 0;
  for (const domain of domains.slice(0, MAX_REGION_IDENTITIES)) {
    try {
      await identities.putDomain({
        domain: domain.name,
        dkimSelector: domain.dkimSelector,
        dkimPrivateKey: pemBody(openDkimKey(secrets, domain.dkimPrivateKey)),
        mailFromDomain: domain.mailFromDomain,
      });
      put += 1;
    } catch (error) {
      if (error instanceof IdentityNotOursError) notOurs.push(domain.name);
      // The reason names the failure, never the key.
      else
        failed.push({ domain: domain.name, reason: error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : "failed" });
    }
  }
  return { put, notOurs, failed, truncated: domains.length > MAX_REGION_IDENTITIES };
}
