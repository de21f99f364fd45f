import type { Db } from "@svc/db";
import type { RecordCheck } from "../domains/checks.ts";
import { DMARC_RECOMMENDED } from "../domains/records.ts";
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
  const address = await reportAddressFor(prisma, workspaceId, name);
  if (!address)
    throw new AppError(
      "conflict",
      "The workspace has no verified receiving domain to take reports at; add one (svc inbound add-domain) first.",
    );
  return address;
}

/** The reporting address for `name` (lower-case), or null when the workspace has no verified receiving domain. */
export async function reportAddressFor(prisma: Db, workspaceId: string, name: string): Promise<DmarcReportAddress | null> {
  const receiving = (await findReceivingDomainsOfWorkspace(prisma, workspaceId)).filter((row) => row.status === "verified");
  const chosen = receiving.find((row) => inTree(row.name, name)) ?? receiving[0];
  if (!chosen) return null;
  const address = `${DMARC_LOCAL_PART}@${chosen.name}`;
  return {
    domain: name,
    address,
    rua: `rua=mailto:${address}`,
    authorization: inTree(chosen.name, name) ? null : { type: "TXT", name: `${name}._report._dmarc.${chosen.name}`, value: "v=DMARC1;" },
  };
}

/** The DMARC check with the workspace's reporting address suggested, unless the record already names it. */
export function suggestRua(check: RecordCheck, address: DmarcReportAddress | null): RecordCheck {
  if (!address || check.found.some((value) => value.toLowerCase().includes(`mailto:${address.address}`))) return check;
  const expected = `${DMARC_RECOMMENDED} ${address.rua};`;
  const advice = `Add ${address.rua} to receive aggregate reports here (svc domain dmarc).`;
  return { ...check, expected, reason: check.ok ? check.reason : `${check.reason} ${advice}` };
}
