import type { Db, Domain } from "@svc/db";
import { newId, Prisma } from "@svc/db";
import type { SecretBox } from "../crypto/secretBox.ts";
import { reportAddressFor, suggestRua } from "../dmarc/address.ts";
import { AppError, notFound } from "../errors.ts";
import {
  claimDomainName,
  countDomains,
  deleteDomain,
  domainNameTaken,
  domainNameUsedElsewhere,
  failRivalClaims,
  findDomain,
  findDomainOwner,
  findDomainsOfWorkspace,
  insertDomain,
  updateDomainCheck,
} from "../stores/domains.ts";
import { workspaceExists } from "../stores/workspaces.ts";
import {
  checkDmarc,
  checkRecords,
  failureReasonOf,
  type ProviderVerdict,
  providerVerdict,
  type RecordCheck,
  statusAfterCheck,
  withProviderStates,
} from "./checks.ts";
import { claimExpired, claimExpiredReason, identityNotOurs, lostClaimReason, notOursVerdict } from "./claims.ts";
import { generateDkimKeyPair, openDkimKey, pemBody, sealDkimKey } from "./dkim.ts";
import { IdentityNotOursError, IdentityProviderError, type IdentityState, type SendingIdentities } from "./identities.ts";
import { MAX_DOMAIN_NAME_LENGTH, parseDomainName } from "./name.ts";
import { DEFAULT_MAIL_FROM_LABEL, expectedRecords, LONGEST_RECORD_PREFIX, newDkimSelector, newVerificationToken } from "./records.ts";
import type { TxtResolver } from "./resolver.ts";
import { type DomainView, recordsOf, toDomainView } from "./views.ts";

/** Enough for any real sender; a bound so that one workspace cannot grow the table without limit. */
const MAX_DOMAINS_PER_WORKSPACE = 100;

const isUniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

/** What the domain operations need besides the database. */
export interface DomainContext {
  /** Seals DKIM private keys at rest (the key of WEBHOOK_SECRET_KEY). */
  secrets: SecretBox;
  /** The provider's identities (SES); null with the simulator, where everything is checked locally. */
  identities: SendingIdentities | null;
  /** The SES region: names the MAIL FROM MX host (`feedback-smtp.<region>.amazonses.com`). */
  region: string;
  /** How long a claim may stay unproven before it ends `failed` (DOMAIN_CLAIM_TTL_HOURS); 7 days unless given. */
  claimTtlMs?: number;
}

/** A provider call failed: said as a 503 naming the provider's error, never a 500. */
function providerUnavailable(action: string, error: unknown): AppError {
  const detail =
    error instanceof IdentityProviderError ? `${error.code}: ${error.message}` : error instanceof Error ? error.message : String(error);
  return new AppError("unavailable", `Could not ${action} at the email provider (${detail}).`);
}

/**
 * The MAIL FROM domain: a label under the domain (`bounce` → bounce.example.com) or a full
 * subdomain of it. It must be a subdomain: SES refuses anything else, and DMARC alignment needs it.
 */
function mailFromDomainOf(domain: string, input: string | undefined): string {
  if (input === undefined) return `${DEFAULT_MAIL_FROM_LABEL}.${domain}`;
  const raw = input.trim().toLowerCase();
  if (raw === domain)
    throw new AppError("validation_failed", `mailFrom: must be a subdomain of ${domain} (e.g. bounce.${domain}), not the domain itself.`);
  const full = raw.endsWith(`.${domain}`) ? raw : `${raw}.${domain}`;
  const name = parseDomainName(full, "mailFrom");
  if (!name.endsWith(`.${domain}`) || name.slice(0, -domain.length - 1).length === 0) {
    throw new AppError("validation_failed", `mailFrom: must be a subdomain of ${domain} (e.g. bounce.${domain}).`);
  }
  return name;
}

/**
 * Adds a claim of a sending domain in `pending` state with its own ownership token, a fresh DKIM
 * key pair (the private key sealed at rest) and a MAIL FROM subdomain, and returns the records to
 * publish. Several workspaces may claim a name; the first whose DNS proves it owns it (see
 * `checkDomain`), so adding a name proves nothing and blocks nobody. A name another workspace has
 * proven is refused.
 *
 * With a provider (SES), the identity is created at once, marked as ours, with this claim's key
 * and selector (bring-your-own-DKIM), unless one exists: ours (another claim's) is left as it is
 * until a claim proves the name; one the install did not create is refused with 409, untouched.
 */
export async function addDomain(
  prisma: Db,
  input: { workspaceId: string; domain: string; mailFrom?: string },
  context: DomainContext,
): Promise<DomainView> {
  const name = parseDomainName(input.domain);
  if (name.length + LONGEST_RECORD_PREFIX > MAX_DOMAIN_NAME_LENGTH) {
    throw new AppError(
      "validation_failed",
      `domain: at most ${MAX_DOMAIN_NAME_LENGTH - LONGEST_RECORD_PREFIX} characters, so that its DKIM record name fits in DNS.`,
    );
  }
  const mailFromDomain = mailFromDomainOf(name, input.mailFrom);
  const { workspaceId } = input;
  if (!(await workspaceExists(prisma, workspaceId))) throw notFound("Workspace");
  const duplicate = () => new AppError("conflict", `The domain ${name} is already added to this workspace.`);
  if (await domainNameTaken(prisma, workspaceId, name)) throw duplicate();
  const owner = await findDomainOwner(prisma, name);
  if (owner && owner.workspaceId !== workspaceId) {
    throw new AppError(
      "conflict",
      `The domain ${name} is already proven by another workspace of this installation: a name has one owner, the first whose DNS proves it.`,
    );
  }
  // Not atomic with the insert: a soft bound, exact enough for an operator-level resource.
  if ((await countDomains(prisma, workspaceId)) >= MAX_DOMAINS_PER_WORKSPACE) {
    throw new AppError("conflict", `A workspace may have at most ${MAX_DOMAINS_PER_WORKSPACE} domains; remove one first.`);
  }

  const keys = await generateDkimKeyPair();
  const verificationToken = newVerificationToken();
  const dkimSelector = newDkimSelector();
  const records = expectedRecords({
    domain: name,
    verificationToken,
    dkimSelector,
    dkimPublicKey: keys.publicKey,
    mailFromDomain,
    region: context.region,
  });
  let domain: Domain;
  try {
    domain = await insertDomain(prisma, {
      id: newId("domain"),
      workspaceId,
      name,
      status: "pending",
      records,
      verificationToken,
      dkimSelector,
      dkimPublicKey: keys.publicKey,
      dkimPrivateKey: sealDkimKey(context.secrets, keys.privateKeyPem),
      mailFromDomain,
    });
  } catch (error) {
    // Two adds of the same name at once: the unique key lets one through.
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
  if (context.identities) {
    try {
      await context.identities.createDomain({ domain: name, dkimSelector, dkimPrivateKey: pemBody(keys.privateKeyPem), mailFromDomain });
    } catch (error) {
      // Nothing half-made: a domain SES does not know could never send.
      await deleteDomain(prisma, { domainId: domain.id });
      if (error instanceof IdentityNotOursError) throw identityNotOurs(name);
      throw providerUnavailable("create the domain's identity", error);
    }
  }
  return toDomainView(domain);
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

/**
 * Scoped by workspace when one is given (dashboard); the operator CLI may act on any. The
 * provider's identity goes first: if SES cannot delete it, the domain stays, so the removal can
 * be repeated, rather than leaving an identity nobody sees.
 */
export async function removeDomain(
  prisma: Db,
  domainId: string,
  context: Pick<DomainContext, "identities">,
  workspaceId?: string,
): Promise<DomainView> {
  const key = { domainId, workspaceId };
  const domain = await findDomain(prisma, key);
  if (!domain) throw notFound("Domain");
  // The identity goes with the name's last claim, and only if the install created it.
  if (context.identities && !(await domainNameUsedElsewhere(prisma, domain.name, domain.workspaceId))) {
    try {
      await context.identities.delete(domain.name);
    } catch (error) {
      throw providerUnavailable("delete the domain's identity", error);
    }
  }
  if (!(await deleteDomain(prisma, key))) throw notFound("Domain");
  return toDomainView(domain);
}

export interface DomainVerification {
  id: string;
  domain: string;
  status: DomainView["status"];
  /** Why the domain is not verified, or null when it is. */
  reason: string | null;
  /** One entry per record (DNS state and, with SES, SES's state), then the DMARC advice. */
  checks: RecordCheck[];
  /** SES's identity states; null with the simulator. */
  provider: (IdentityState & { name: string }) | null;
}

export interface VerifyOptions {
  resolver: TxtResolver;
  workspaceId?: string;
  now?: () => Date;
}

/**
 * The provider's state of the identity. The name's owner (the claim its DNS proved) makes the
 * identity sign with its own key, re-creating it if the provider lacks it (a domain added before
 * EMAIL_PROVIDER=ses, or deleted in the AWS console), so verifying repairs it. A claim that has
 * not proven the name only reads. An identity the install did not create is only read.
 */
async function providerStateOf(domain: Domain, owner: boolean, context: DomainContext): Promise<IdentityState | null> {
  const identities = context.identities!;
  try {
    if (owner) {
      await identities
        .putDomain({
          domain: domain.name,
          dkimSelector: domain.dkimSelector,
          dkimPrivateKey: pemBody(openDkimKey(context.secrets, domain.dkimPrivateKey)),
          mailFromDomain: domain.mailFromDomain,
        })
        .catch((error: unknown) => {
          if (!(error instanceof IdentityNotOursError)) throw error;
        });
    }
    return await identities.get(domain.name);
  } catch (error) {
    throw providerUnavailable("read the domain's identity", error);
  }
}

/** Stores a check that ended the claim without looking further (lost to another claim, or expired). */
async function endClaim(
  prisma: Db,
  domain: Domain,
  key: { domainId: string; workspaceId?: string },
  now: Date,
  reason: string,
  checks: RecordCheck[],
): Promise<DomainVerification> {
  const updated = await updateDomainCheck(prisma, key, { status: "failed", lastCheckedAt: now, lastChecks: checks, failureReason: reason });
  if (!updated) throw notFound("Domain");
  return { id: domain.id, domain: domain.name, status: "failed", reason, checks, provider: null };
}

/**
 * One check of one domain: DNS, the provider, DMARC advice; the outcome stored on the row.
 *
 * Ownership first: a claim whose ownership record is in DNS takes the name unless another claim
 * has (the database lets one through), and then every other claim of the name ends `failed`; a
 * claim that lost ends `failed` the same way, and one left unproven past its time expires. Only
 * the owner writes to the provider.
 */
export async function checkDomain(
  prisma: Db,
  domain: Domain,
  key: { domainId: string; workspaceId?: string },
  options: VerifyOptions,
  context: DomainContext,
): Promise<DomainVerification> {
  const now = options.now?.() ?? new Date();
  if (!domain.provenAt && claimExpired(domain.createdAt, now, context.claimTtlMs)) {
    return endClaim(prisma, domain, key, now, claimExpiredReason(domain.name, context.claimTtlMs), []);
  }
  const [outcomes, dmarcCheck, reportAddress] = await Promise.all([
    checkRecords(options.resolver, recordsOf(domain)),
    checkDmarc(options.resolver, domain.name),
    reportAddressFor(prisma, domain.workspaceId, domain.name),
  ]);
  // With a receiving domain, the DMARC advice names where aggregate reports can come to.
  const dmarc = suggestRua(dmarcCheck, reportAddress);
  let owner = domain.provenAt !== null;
  if (!owner && outcomes.some((outcome) => outcome.check.purpose === "ownership" && outcome.check.ok)) {
    owner = await claimDomainName(prisma, domain.id, now);
    if (!owner)
      return endClaim(prisma, domain, key, now, lostClaimReason(domain.name), [...outcomes.map((outcome) => outcome.check), dmarc]);
    await failRivalClaims(prisma, domain.name, domain.id, lostClaimReason(domain.name));
  }
  const state = context.identities ? await providerStateOf(domain, owner, context) : null;
  const verdict: ProviderVerdict | null = context.identities
    ? state && !state.ours
      ? notOursVerdict(context.identities.provider, domain.name)
      : providerVerdict(context.identities.provider, state)
    : null;
  let checks = outcomes.map((outcome) => outcome.check);
  if (context.identities) checks = withProviderStates(checks, context.identities.provider, state);
  checks.push(dmarc);
  const status = statusAfterCheck(domain.status, outcomes, verdict);
  const reason = status === "verified" ? null : failureReasonOf(checks, verdict);
  const updated = await updateDomainCheck(prisma, key, {
    status,
    lastCheckedAt: now,
    lastChecks: checks,
    // The moment it became verified; kept while it stays so, and kept as history if it fails.
    ...(status === "verified" && domain.status !== "verified" ? { verifiedAt: now } : {}),
    ...(status === "verified" ? { lastVerifiedAt: now } : {}),
    failureReason: status === "failed" ? reason : null,
    providerState: state,
  });
  if (!updated) throw notFound("Domain");
  // A rival that won while this check ran ended this claim before this write, or will after it:
  // read the owner after writing, so that either way the claim ends `failed`.
  if (!owner && (await findDomainOwner(prisma, domain.name)))
    return endClaim(prisma, domain, key, now, lostClaimReason(domain.name), checks);
  return {
    id: domain.id,
    domain: domain.name,
    status,
    reason,
    checks,
    provider: context.identities && state ? { name: context.identities.provider, ...state } : null,
  };
}

/**
 * Looks every expected record up in DNS and, with SES, reads the identity's states, then moves
 * the status (rules in `statusAfterCheck`): verified only when all required records match and
 * SES sends from it; a verified domain whose records are gone, or that SES failed, becomes
 * `failed`. The per-record results are kept on the domain for the dashboard.
 */
export async function verifyDomain(
  prisma: Db,
  domainId: string,
  options: VerifyOptions,
  context: DomainContext,
): Promise<DomainVerification> {
  const key = { domainId, workspaceId: options.workspaceId };
  const domain = await findDomain(prisma, key);
  if (!domain) throw notFound("Domain");
  return checkDomain(prisma, domain, key, options, context);
}

const OPERATOR_OVERRIDE = "marked verified by the operator without a DNS check";

/**
 * Whether the domain's standing verification is the operator's override: the scheduled re-check
 * leaves such a domain alone (its DNS is not expected to hold the records) until someone runs a
 * real check (svc domain verify) on it.
 */
export function isOperatorOverride(domain: Domain): boolean {
  const checks = Array.isArray(domain.lastChecks) ? (domain.lastChecks as unknown as RecordCheck[]) : [];
  return domain.status === "verified" && checks.length > 0 && checks.every((check) => check.reason === OPERATOR_OVERRIDE);
}

/**
 * Operator override: marks a domain verified without a DNS check, for a local trial with a
 * domain whose DNS nobody can publish to (e.g. `acme.test`), or when ownership was proven out of
 * band. Only the operator CLI offers it; the dashboard never does. The stored checks say so.
 */
export async function markDomainVerified(prisma: Db, domainId: string, now: Date = new Date()): Promise<DomainView> {
  const domain = await findDomain(prisma, { domainId });
  if (!domain) throw notFound("Domain");
  // Even the operator's override keeps one owner per name.
  if (!(await claimDomainName(prisma, domain.id, now))) {
    throw new AppError("conflict", `Another workspace of this installation owns ${domain.name}; remove it there first.`);
  }
  await failRivalClaims(prisma, domain.name, domain.id, lostClaimReason(domain.name));
  const updated = await updateDomainCheck(
    prisma,
    { domainId },
    {
      status: "verified",
      verifiedAt: domain.status === "verified" ? domain.verifiedAt : now,
      lastVerifiedAt: now,
      failureReason: null,
      lastCheckedAt: now,
      lastChecks: recordsOf(domain).map((record) => ({
        type: record.type,
        purpose: record.purpose,
        name: record.name,
        expected: record.value,
        found: [],
        ok: true,
        reason: OPERATOR_OVERRIDE,
      })),
    },
  );
  if (!updated) throw notFound("Domain");
  return toDomainView(updated);
}
