import type { Db } from "@svc/db";
import { AppError, notFound } from "../errors.ts";
import { findDomainsNamed } from "../stores/domains.ts";
import { findReceivingDomainsOfWorkspace } from "../stores/receivingDomains.ts";

/** The local part every verified receiving domain takes DMARC aggregate reports at, routes or not. */
export const DMARC_LOCAL_PART = "dmarc-rua";

export interface DmarcReportAddress {
  domain: string;
  address: string;
  /** What to add to the domain's `_dmarc` TXT record. */
  rua: string;
  /** RFC 7489 7.1: a reporting address outside the domain's tree must say it accepts the domain's reports. */
  authorization: { type: "TXT"; name: string; value: string } | null;
}

const inTree = (a: string, b: string) => a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);

/**
 * Where a verified sending domain's aggregate reports go: `dmarc-rua@` one of the workspace's
 * verified receiving domains, preferring one in the domain's own tree (no authorization record
 * needed); otherwise with the `_report._dmarc` record its receiving domain must publish.
 */
export async function dmarcReportAddress(prisma: Db, workspaceId: string, domainName: string): Promise<DmarcReportAddress> {
  const name = domainName.trim().toLowerCase();
  const [domain] = await findDomainsNamed(prisma, workspaceId, [name]);
  if (!domain) throw notFound("Domain");
  if (domain.status !== "verified")
    throw new AppError("conflict", `${name} is not verified; reports are taken for verified sending domains.`);
  const receiving = (await findReceivingDomainsOfWorkspace(prisma, workspaceId)).filter((row) => row.status === "verified");
  const chosen = receiving.find((row) => inTree(row.name, name)) ?? receiving[0];
  if (!chosen)
    throw new AppError(
      "conflict",
      "The workspace has no verified receiving domain to take reports at; add one (svc inbound add-domain) first.",
    );
  const address = `${DMARC_LOCAL_PART}@${chosen.name}`;
  return {
    domain: name,
    address,
    rua: `rua=mailto:${address}`,
    authorization: inTree(chosen.name, name) ? null : { type: "TXT", name: `${name}._report._dmarc.${chosen.name}`, value: "v=DMARC1;" },
  };
}
