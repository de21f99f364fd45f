import type { Db, InboundRoute, ReceivingDomain } from "@svc/db";
import { newId, Prisma } from "@svc/db";
import type { Logger } from "@svc/logger";
import { checkRecords, type RecordCheck, statusAfterCheck } from "../domains/checks.ts";
import { MAX_DOMAIN_NAME_LENGTH, parseDomainName } from "../domains/name.ts";
import { type ExpectedRecord, newVerificationToken, ownershipRecord } from "../domains/records.ts";
import type { TxtResolver } from "../domains/resolver.ts";
import { AppError, notFound } from "../errors.ts";
import { countInboundRoutes, deleteInboundRoute, insertInboundRoute } from "../stores/inboundRoutes.ts";
import {
  countReceivingDomains,
  deleteReceivingDomain,
  findReceivingDomain,
  findReceivingDomainsDueForCheck,
  findReceivingDomainsOfWorkspace,
  insertReceivingDomain,
  type ReceivingDomainWithRoutes,
  receivingDomainNameTaken,
  receivingDomainVerifiedElsewhere,
  selectVerifiedReceivingDomainNames,
  updateReceivingDomainCheck,
} from "../stores/receivingDomains.ts";
import { workspaceExists } from "../stores/workspaces.ts";
import { parseRouteLocalPart } from "./routes.ts";

const MAX_RECEIVING_DOMAINS_PER_WORKSPACE = 50;
const MAX_ROUTES_PER_DOMAIN = 200;
const INBOUND_MX_PRIORITY = 10;

const isUniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

/** Where a receiving domain's MX points: the built-in receiver's host, or SES's inbound endpoint. */
export interface InboundMxTarget {
  /** The built-in receiver's public host name (INBOUND_MX_HOST); null: receive through SES in `region`. */
  mxHost: string | null;
  region: string;
}

/** The MX new receiving domains are shown: INBOUND_MX_HOST, else SES's inbound endpoint with SES, else localhost. */
export function inboundMxTargetOf(env: {
  INBOUND_MX_HOST?: string | undefined;
  EMAIL_PROVIDER: string;
  AWS_REGION: string;
}): InboundMxTarget {
  return { mxHost: env.INBOUND_MX_HOST ?? (env.EMAIL_PROVIDER === "ses" ? null : "localhost"), region: env.AWS_REGION };
}

export function inboundMxHost(target: InboundMxTarget): string {
  return target.mxHost ?? `inbound-smtp.${target.region}.amazonaws.com`;
}

export interface ReceivingDomainView {
  id: string;
  domain: string;
  status: "pending" | "verified" | "failed";
  records: ExpectedRecord[];
  routes: Array<{ id: string; address: string }>;
  lastCheckedAt: string | null;
  lastChecks: RecordCheck[] | null;
  verifiedAt: string | null;
  createdAt: string;
}

function routeAddress(route: InboundRoute, domain: string): string {
  return `${route.localPart}@${domain}`;
}

function toView(row: ReceivingDomainWithRoutes): ReceivingDomainView {
  return {
    id: row.id,
    domain: row.name,
    status: row.status,
    records: row.records as unknown as ExpectedRecord[],
    routes: row.routes.map((route) => ({ id: route.id, address: routeAddress(route, row.name) })),
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    lastChecks: (row.lastChecks as unknown as RecordCheck[] | null) ?? null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Adds a receiving domain in `pending` state with its ownership token and returns the records to
 * publish: the ownership TXT (required, as for sending domains) and the MX (shown and checked;
 * mail arriving at all proves it). A name may be added by several workspaces, as sending domains
 * may with the simulator; only one can have it verified (the one whose token is in DNS).
 */
export async function addReceivingDomain(
  prisma: Db,
  input: { workspaceId: string; domain: string },
  target: InboundMxTarget,
): Promise<ReceivingDomainView> {
  const name = parseDomainName(input.domain);
  if (name.length + "_svc.".length > MAX_DOMAIN_NAME_LENGTH)
    throw new AppError("validation_failed", "domain: too long for its ownership record name.");
  if (!(await workspaceExists(prisma, input.workspaceId))) throw notFound("Workspace");
  const duplicate = () => new AppError("conflict", `The receiving domain ${name} is already added to this workspace.`);
  if (await receivingDomainNameTaken(prisma, input.workspaceId, name)) throw duplicate();
  if ((await countReceivingDomains(prisma, input.workspaceId)) >= MAX_RECEIVING_DOMAINS_PER_WORKSPACE) {
    throw new AppError(
      "conflict",
      `A workspace may have at most ${MAX_RECEIVING_DOMAINS_PER_WORKSPACE} receiving domains; remove one first.`,
    );
  }
  const verificationToken = newVerificationToken();
  const records: ExpectedRecord[] = [
    ownershipRecord(name, verificationToken),
    { type: "MX", purpose: "inbound_mx", name, value: inboundMxHost(target), priority: INBOUND_MX_PRIORITY },
  ];
  try {
    return toView(
      await insertReceivingDomain(prisma, {
        id: newId("receivingDomain"),
        workspaceId: input.workspaceId,
        name,
        verificationToken,
        records,
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

/** The names SES receiving must take mail for: every verified receiving domain, across workspaces. */
export function verifiedReceivingDomainNames(prisma: Db): Promise<string[]> {
  return selectVerifiedReceivingDomainNames(prisma);
}

export async function listReceivingDomains(prisma: Db, workspaceId: string): Promise<ReceivingDomainView[]> {
  return (await findReceivingDomainsOfWorkspace(prisma, workspaceId)).map(toView);
}

/** Another workspace's receiving domain is indistinguishable from a missing one. */
export async function getReceivingDomain(prisma: Db, receivingDomainId: string, workspaceId?: string): Promise<ReceivingDomainView> {
  const row = await findReceivingDomain(prisma, { receivingDomainId, workspaceId });
  if (!row) throw notFound("Receiving domain");
  return toView(row);
}

export async function removeReceivingDomain(prisma: Db, receivingDomainId: string, workspaceId?: string): Promise<ReceivingDomainView> {
  const row = await findReceivingDomain(prisma, { receivingDomainId, workspaceId });
  if (!row || !(await deleteReceivingDomain(prisma, { receivingDomainId, workspaceId }))) throw notFound("Receiving domain");
  return toView(row);
}

/**
 * Looks the records up and moves the status by the sending domains' rules (`statusAfterCheck`).
 * A name another workspace has verified stays pending here, with the reason: the receiver
 * routes by name, so one workspace receives for it.
 */
export async function verifyReceivingDomain(
  prisma: Db,
  receivingDomainId: string,
  options: { resolver: TxtResolver; workspaceId?: string; now?: () => Date },
): Promise<ReceivingDomainView> {
  const key = { receivingDomainId, workspaceId: options.workspaceId };
  const row = await findReceivingDomain(prisma, key);
  if (!row) throw notFound("Receiving domain");
  const outcomes = await checkRecords(options.resolver, row.records as unknown as ExpectedRecord[]);
  const checks = outcomes.map((outcome) => outcome.check);
  let status = statusAfterCheck(row.status, outcomes);
  if (status === "verified" && row.status !== "verified" && (await receivingDomainVerifiedElsewhere(prisma, row.name, row.workspaceId))) {
    status = row.status;
    checks.push({
      type: "TXT",
      name: row.name,
      expected: "",
      found: [],
      ok: false,
      reason: "Another workspace of this installation receives mail for this name.",
    });
  }
  const now = options.now?.() ?? new Date();
  try {
    await updateReceivingDomainCheck(prisma, key, {
      status,
      lastCheckedAt: now,
      lastChecks: checks,
      ...(status === "verified" && row.status !== "verified" ? { verifiedAt: now } : {}),
    });
  } catch (error) {
    // Two workspaces verifying the same name at once: the partial unique index lets one through.
    if (isUniqueViolation(error)) throw new AppError("conflict", "Another workspace of this installation receives mail for this name.");
    throw error;
  }
  return getReceivingDomain(prisma, receivingDomainId, options.workspaceId);
}

/**
 * Operator override (CLI and tests), as for sending domains: verified without a DNS check, for
 * a local trial whose DNS nobody can publish to.
 */
export async function markReceivingDomainVerified(
  prisma: Db,
  receivingDomainId: string,
  now: Date = new Date(),
): Promise<ReceivingDomainView> {
  const row = await findReceivingDomain(prisma, { receivingDomainId });
  if (!row) throw notFound("Receiving domain");
  if (await receivingDomainVerifiedElsewhere(prisma, row.name, row.workspaceId)) {
    throw new AppError("conflict", "Another workspace of this installation receives mail for this name.");
  }
  await updateReceivingDomainCheck(
    prisma,
    { receivingDomainId },
    { status: "verified", lastCheckedAt: now, lastChecks: [], verifiedAt: row.verifiedAt ?? now },
  );
  return getReceivingDomain(prisma, receivingDomainId);
}

const RECHECK_BATCH = 100;

/** Marked verified by the operator without a DNS check (no checks stored): a local trial the re-check leaves alone. */
const isOperatorOverride = (row: ReceivingDomain) =>
  row.status === "verified" && Array.isArray(row.lastChecks) && row.lastChecks.length === 0;

export interface ReceivingRecheckResult {
  checked: number;
  /** Domains that were verified and are `failed` now: the receiver no longer takes mail for them. */
  failed: Array<{ id: string; workspaceId: string; domain: string }>;
  errors: number;
}

/**
 * Checks every receiving domain not checked since `checkedBefore` as `verifyReceivingDomain` does
 * (the dashboard's domain re-check runs it with the sending domains). A verified domain whose
 * ownership record is gone becomes `failed`, and the receiver answers 550 for its addresses
 * until it verifies again: mail for a name the workspace no longer holds is not taken for it.
 */
export async function recheckReceivingDomains(
  prisma: Db,
  options: { resolver: TxtResolver; checkedBefore: Date; now: Date; log: Logger; workspaceIds?: readonly string[] },
): Promise<ReceivingRecheckResult> {
  const result: ReceivingRecheckResult = { checked: 0, failed: [], errors: 0 };
  let afterId: string | null = null;
  for (;;) {
    const rows = await findReceivingDomainsDueForCheck(prisma, {
      checkedBefore: options.checkedBefore,
      afterId,
      limit: RECHECK_BATCH,
      ...(options.workspaceIds ? { workspaceIds: options.workspaceIds } : {}),
    });
    if (rows.length === 0) break;
    afterId = rows[rows.length - 1]!.id;
    for (const row of rows) {
      if (isOperatorOverride(row)) continue;
      try {
        const after = await verifyReceivingDomain(prisma, row.id, { resolver: options.resolver, now: () => options.now });
        result.checked += 1;
        if (row.status === "verified" && after.status === "failed") {
          result.failed.push({ id: row.id, workspaceId: row.workspaceId, domain: row.name });
          options.log.warn(
            { receivingDomainId: row.id, workspaceId: row.workspaceId, domain: row.name, verifiedAt: row.verifiedAt },
            "domain re-check: verified receiving domain failed; mail for it is refused until it verifies again",
          );
        }
      } catch (error) {
        result.errors += 1;
        options.log.warn(
          { err: error, receivingDomainId: row.id, domain: row.name },
          "domain re-check: could not check this receiving domain",
        );
      }
    }
    if (rows.length < RECHECK_BATCH) break;
  }
  return result;
}

/** Adds a route: `support` (and its +tags), or `*` for every address of the domain. */
export async function addInboundRoute(
  prisma: Db,
  input: { receivingDomainId: string; address: string; workspaceId?: string },
): Promise<ReceivingDomainView> {
  const row = await findReceivingDomain(prisma, { receivingDomainId: input.receivingDomainId, workspaceId: input.workspaceId });
  if (!row) throw notFound("Receiving domain");
  const at = input.address.lastIndexOf("@");
  if (
    at >= 0 &&
    input.address
      .slice(at + 1)
      .trim()
      .toLowerCase() !== row.name
  ) {
    throw new AppError("validation_failed", `address: must be an address of ${row.name}.`);
  }
  const localPart = parseRouteLocalPart(at >= 0 ? input.address.slice(0, at) : input.address);
  if ((await countInboundRoutes(prisma, row.id)) >= MAX_ROUTES_PER_DOMAIN) {
    throw new AppError("conflict", `A receiving domain may have at most ${MAX_ROUTES_PER_DOMAIN} routes; use the catch-all (*).`);
  }
  try {
    await insertInboundRoute(prisma, { id: newId("inboundRoute"), receivingDomainId: row.id, localPart });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", `The route ${localPart}@${row.name} already exists.`);
    throw error;
  }
  return getReceivingDomain(prisma, row.id, input.workspaceId);
}

export async function removeInboundRoute(prisma: Db, routeId: string, workspaceId?: string): Promise<void> {
  if (!(await deleteInboundRoute(prisma, routeId, workspaceId))) throw notFound("Route");
}
