import type { Db } from "@svc/db";
import { AppError, notFound } from "../errors.ts";
import { findDomain, findVerifiedDomainNames, updateDomainTracking } from "../stores/domains.ts";
import { parseDomainName } from "./name.ts";
import { type DomainView, toDomainView } from "./views.ts";

export interface TrackingChange {
  open?: boolean;
  click?: boolean;
  /** A custom redirect domain; null removes it (SES's own is used). */
  domain?: string | null;
}

/**
 * Turns a domain's open/click tracking on or off (both off by default) and sets or clears its
 * custom redirect domain. Only what is given changes. With SES the next send from the domain
 * goes through the configuration set of the new combination. A custom tracking domain must be a
 * subdomain of one of the workspace's verified domains: its configuration set is shared by the
 * install, and a workspace may only name a host it proved it controls.
 */
export async function setDomainTracking(prisma: Db, domainId: string, change: TrackingChange, workspaceId?: string): Promise<DomainView> {
  const key = { domainId, ...(workspaceId ? { workspaceId } : {}) };
  const domain = await findDomain(prisma, key);
  if (!domain) throw notFound("Domain");
  let trackingDomain = domain.trackingDomain;
  if (change.domain !== undefined) {
    trackingDomain = change.domain === null || change.domain.trim() === "" ? null : parseDomainName(change.domain, "trackingDomain");
    if (trackingDomain === domain.name) {
      throw new AppError(
        "validation_failed",
        "trackingDomain: use a subdomain (track.example.com) pointed at SES's tracking host, not the sending domain itself.",
      );
    }
    const tracking = trackingDomain;
    if (tracking !== null && tracking !== domain.trackingDomain) {
      const verified = await findVerifiedDomainNames(prisma, domain.workspaceId);
      if (!verified.some((name) => tracking.endsWith(`.${name}`))) {
        throw new AppError(
          "validation_failed",
          `trackingDomain: must be a subdomain of one of this workspace's verified domains (e.g. track.${domain.name} once ${domain.name} is verified).`,
        );
      }
    }
  }
  const updated = await updateDomainTracking(prisma, key, {
    openTracking: change.open ?? domain.openTracking,
    clickTracking: change.click ?? domain.clickTracking,
    trackingDomain,
  });
  if (!updated) throw notFound("Domain");
  return toDomainView(updated);
}
