import type { Db } from "@svc/db";
import { findDomainsNamed } from "../stores/domains.ts";

/**
 * The 403 of a send whose from-domain is not verified, saying why where the service knows:
 * a `failed` domain names what its last check found and when it was last seen verified, a
 * `pending` one says it waits for its records. Another workspace's domain of the same name is
 * never consulted. Read only on the refusal path, so it costs the hot path nothing.
 */
export async function unverifiedDomainMessage(prisma: Db, workspaceId: string, domainName: string): Promise<string> {
  const base = `The from domain ${domainName} is not verified for this workspace.`;
  const [domain] = await findDomainsNamed(prisma, workspaceId, [domainName.toLowerCase()]);
  if (!domain) return base;
  if (domain.status === "pending")
    return `${base} It is waiting for its DNS records to be published and checked (svc domain verify, or the dashboard's Verify).`;
  if (domain.status === "failed") {
    const seen = domain.lastVerifiedAt ?? domain.verifiedAt;
    const checked = domain.lastCheckedAt ? ` at ${domain.lastCheckedAt.toISOString()}` : "";
    return `${base} Its check${checked} failed: ${domain.failureReason ?? "its records no longer match"} Last seen verified: ${seen ? seen.toISOString() : "never"}.`;
  }
  if (domain.provenAt === null)
    return `${base} Its name has not been proven by this workspace's DNS (its ownership record); run svc domain verify, or the dashboard's Verify, once the record is published.`;
  return base;
}
