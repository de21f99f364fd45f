import type { Db } from "@svc/db";
import { Prisma, newId } from "@svc/db";
import { AppError, notFound } from "../errors.ts";
import { countDomains, deleteDomain, domainNameTaken, findDomain, findDomainsOfWorkspace, insertDomain, updateDomainCheck } from "../stores/domains.ts";
import { workspaceExists } from "../stores/workspaces.ts";
import { checkRecords, statusAfterCheck, type RecordCheck } from "./checks.ts";
import { generateDkimKeyPair } from "./dkim.ts";
import { MAX_DOMAIN_NAME_LENGTH, parseDomainName } from "./name.ts";
import { LONGEST_RECORD_PREFIX, expectedRecords, newDkimSelector, newVerificationToken } from "./records.ts";
import type { TxtResolver } from "./resolver.ts";
import { recordsOf, toDomainView, type DomainView } from "./views.ts";

/** Enough for any real sender; a bound so that one workspace cannot grow the table without limit. */
const MAX_DOMAINS_PER_WORKSPACE = 100;

const isUniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

/**
 * Adds a sending domain in `pending` state with its ownership token and a fresh DKIM key pair,
 * and returns the records to publish. The same domain may be added by several workspaces: each
 * has its own token and selector, so each must prove control of the DNS for itself.
 */
export async function addDomain(prisma: Db, input: { workspaceId: string; domain: string }): Promise<DomainView> {
  const name = parseDomainName(input.domain);
  if (name.length + LONGEST_RECORD_PREFIX > MAX_DOMAIN_NAME_LENGTH) {
    throw new AppError("validation_failed", `domain: at most ${MAX_DOMAIN_NAME_LENGTH - LONGEST_RECORD_PREFIX} characters, so that its DKIM record name fits in DNS.`);
  }
  const { workspaceId } = input;
  if (!(await workspaceExists(prisma, workspaceId))) throw notFound("Workspace");
  const duplicate = () => new AppError("conflict", `The domain ${name} is already added to this workspace.`);
  if (await domainNameTaken(prisma, workspaceId, name)) throw duplicate();
  // Not atomic with the insert: a soft bound, exact enough for an operator-level resource.
  if ((await countDomains(prisma, workspaceId)) >= MAX_DOMAINS_PER_WORKSPACE) {
    throw new AppError("conflict", `A workspace may have at most ${MAX_DOMAINS_PER_WORKSPACE} domains; remove one first.`);
  }

  const keys = await generateDkimKeyPair();
  const verificationToken = newVerificationToken();
  const dkimSelector = newDkimSelector();
  const records = expectedRecords({ domain: name, verificationToken, dkimSelector, dkimPublicKey: keys.publicKey });
  try {
    const domain = await insertDomain(prisma, {
      id: newId("domain"),
      workspaceId,
      name,
      status: "pending",
      records,
      verificationToken,
      dkimSelector,
      dkimPublicKey: keys.publicKey,
      dkimPrivateKey: keys.privateKeyPem,
    });
    return toDomainView(domain);
  } catch (error) {
    // Two adds of the same name at once: the unique key lets one through.
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

export async function listDomains(prisma: Db, workspaceId: string): Promise<DomainView[]> {
  return (await findDomainsOfWorkspace(prisma, workspaceId)).map(toDomainView);
}

/** Another workspace's domain is indistinguishable from a missing one. */
export async function getDomain(prisma: Db, workspaceId: string, domainId: string): Promise<DomainView> {
  const domain = await findDomain(prisma, { domainId, workspaceId });
  if (!domain) throw notFound("Domain");
  return toDomainView(domain);
}

/** Scoped by workspace when one is given (dashboard); the operator CLI may act on any. */
export async function removeDomain(prisma: Db, domainId: string, workspaceId?: string): Promise<DomainView> {
  const key = { domainId, workspaceId };
  const domain = await findDomain(prisma, key);
  if (!domain) throw notFound("Domain");
  if (!(await deleteDomain(prisma, key))) throw notFound("Domain");
  return toDomainView(domain);
}

interface DomainVerification {
  id: string;
  domain: string;
  status: DomainView["status"];
  checks: RecordCheck[];
}

/**
 * Looks every expected record up in DNS and moves the status (rules in `statusAfterCheck`):
 * verified only when all match; a verified domain whose records are gone becomes `failed`.
 * The per-record results are kept on the domain for the dashboard.
 */
export async function verifyDomain(
  prisma: Db,
  domainId: string,
  options: { resolver: TxtResolver; workspaceId?: string; now?: () => Date },
): Promise<DomainVerification> {
  const key = { domainId, workspaceId: options.workspaceId };
  const domain = await findDomain(prisma, key);
  if (!domain) throw notFound("Domain");

  const outcomes = await checkRecords(options.resolver, recordsOf(domain));
  const checks = outcomes.map((outcome) => outcome.check);
  const status = statusAfterCheck(domain.status, outcomes);
  const now = options.now?.() ?? new Date();
  const updated = await updateDomainCheck(prisma, key, {
    status,
    lastCheckedAt: now,
    lastChecks: checks,
    // The moment it became verified; kept while it stays so, and kept as history if it fails.
    ...(status === "verified" && domain.status !== "verified" ? { verifiedAt: now } : {}),
  });
  if (!updated) throw notFound("Domain");
  return { id: domain.id, domain: domain.name, status, checks };
}

/**
 * Operator override: marks a domain verified without a DNS check, for a local trial with a
 * domain whose DNS nobody can publish to (e.g. `acme.test`), or when ownership was proven out of
 * band. Only the operator CLI offers it; the dashboard never does. The stored checks say so.
 */
export async function markDomainVerified(prisma: Db, domainId: string, now: Date = new Date()): Promise<DomainView> {
  const domain = await findDomain(prisma, { domainId });
  if (!domain) throw notFound("Domain");
  const updated = await updateDomainCheck(prisma, { domainId }, {
    status: "verified",
    verifiedAt: domain.status === "verified" ? domain.verifiedAt : now,
    lastCheckedAt: now,
    lastChecks: recordsOf(domain).map((record) => ({
      type: record.type,
      name: record.name,
      expected: record.value,
      found: [],
      ok: true,
      reason: "marked verified by the operator without a DNS check",
    })),
  });
  if (!updated) throw notFound("Domain");
  return toDomainView(updated);
}
