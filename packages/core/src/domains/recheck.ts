import type { Db, DbHandle, Domain } from "@svc/db";
import type { Logger } from "@svc/logger";
import type { Producer } from "@svc/queues";
import { every, type PeriodicTask } from "@svc/runtime";
import type { SecretBox } from "../crypto/secretBox.ts";
import { failEmailsFromDomain } from "../emails/failure.ts";
import { type ReceivingRecheckResult, recheckReceivingDomains } from "../inbound/domains.ts";
import { DEFAULT_TEST_RECIPIENT_COOLDOWN_MS, refreshTestRecipients, releaseRemovedTestRecipients } from "../recipients/service.ts";
import { sqlPool } from "../sql.ts";
import { withAdvisoryLock } from "../stores/advisoryLocks.ts";
import { expireDomainClaims, findDomainsDueForCheck, findDomainsWithPlainKeys, replaceDomainPrivateKeys } from "../stores/domains.ts";
import { claimExpiredReason, DEFAULT_CLAIM_TTL_MS } from "./claims.ts";
import { sealDkimKey } from "./dkim.ts";
import { recordDomainHealth } from "./healthHistory.ts";
import type { TxtResolver } from "./resolver.ts";
import { checkDomain, type DomainContext, isOperatorOverride } from "./service.ts";

/** Advisory lock id of the re-check ("svcd"): every dashboard schedules it, one runs it at a time. */
export const DOMAIN_RECHECK_LOCK_ID = 0x7376_6364;

const BATCH = 100;
/** Domains checked at once: DNS lookups and provider calls, not database work. */
const CONCURRENCY = 8;

export interface RecheckResult {
  checked: number;
  /** Domains that were verified and are `failed` now, with how many waiting emails from each were ended. */
  failed: Array<{ id: string; workspaceId: string; domain: string; reason: string | null; emailsFailed: number }>;
  /** Domains that became verified (a pending one whose records appeared, a failed one fixed). */
  verified: number;
  /** Checks that could not be made (the provider or the database failed); tried again next run. */
  errors: number;
  /** Legacy plain-PEM DKIM keys sealed in this run. */
  sealedKeys: number;
  /** Test recipients the provider verified since the last run (they may be mailed now). */
  recipientsVerified: number;
  /** Removed test recipients whose cooldown ended in this run (rows and unused identities deleted). */
  recipientsReleased: number;
  /** Claims left unproven past DOMAIN_CLAIM_TTL_HOURS, ended `failed` in this run. */
  claimsExpired: number;
  /** Receiving domains checked the same way (the MX stops taking mail for the failed ones). */
  receiving: ReceivingRecheckResult;
}

/**
 * Seals DKIM private keys stored as plain PEM by an older version. Safe to run anywhere, any
 * number of times: each row changes only if it still holds the PEM that was read.
 */
export async function sealPlainDkimKeys(prisma: Db, secrets: SecretBox): Promise<number> {
  let sealed = 0;
  for (;;) {
    const rows = await findDomainsWithPlainKeys(prisma, BATCH);
    if (rows.length === 0) return sealed;
    const changed = await replaceDomainPrivateKeys(
      prisma,
      rows.map((row) => ({ id: row.id, from: row.dkimPrivateKey, to: sealDkimKey(secrets, row.dkimPrivateKey) })),
    );
    sealed += changed;
    if (changed === 0) return sealed;
  }
}

/** Where the webhook deliveries of the `failed` events of a failed domain's emails go (null: the dispatcher's sweeper). */
export type RecheckDeliveries = Pick<Producer<"webhookDelivery">, "enqueueMany"> | null;

/**
 * Checks every domain not checked for `maxAgeMs` (DNS, and SES's states with SES), and every
 * receiving domain (`recheckReceivingDomains`), moving its
 * status like `svc domain verify`. A domain that was verified and is not any more becomes
 * `failed`: its sends are refused with the reason, the operator log says so here, and every email
 * from it that waits to be sent (`scheduled`, `queued`, retrying) ends `failed` with a `failed`
 * event and its webhooks, in bounded batches.
 */
export async function recheckDomains(
  db: DbHandle,
  /** `workspaceIds`: only these workspaces' domains (an operator's targeted run, and tests). */
  options: {
    resolver: TxtResolver;
    maxAgeMs: number;
    now?: Date;
    log: Logger;
    workspaceIds?: readonly string[];
    deliveries: RecheckDeliveries;
  },
  context: DomainContext,
): Promise<RecheckResult> {
  const prisma = db.prisma;
  const now = options.now ?? new Date();
  const result: RecheckResult = {
    checked: 0,
    failed: [],
    verified: 0,
    errors: 0,
    sealedKeys: await sealPlainDkimKeys(prisma, context.secrets),
    // Recipients wait for SES's confirmation link; a list page asks too, this catches the rest.
    recipientsVerified:
      context.identities && !options.workspaceIds ? await refreshTestRecipients(prisma, context.identities).catch(() => 0) : 0,
    recipientsReleased: options.workspaceIds
      ? 0
      : await releaseRemovedTestRecipients(prisma, context.identities, DEFAULT_TEST_RECIPIENT_COOLDOWN_MS, now).catch(() => 0),
    claimsExpired: await expireDomainClaims(
      prisma,
      new Date(now.getTime() - (context.claimTtlMs ?? DEFAULT_CLAIM_TTL_MS)),
      claimExpiredReason("the domain", context.claimTtlMs),
    ),
    receiving: { checked: 0, failed: [], errors: 0 },
  };
  const checkedBefore = new Date(now.getTime() - options.maxAgeMs);
  let afterId: string | null = null;
  for (;;) {
    const domains = await findDomainsDueForCheck(prisma, {
      checkedBefore,
      afterId,
      limit: BATCH,
      ...(options.workspaceIds ? { workspaceIds: options.workspaceIds } : {}),
    });
    if (domains.length === 0) break;
    afterId = domains[domains.length - 1]!.id;
    for (let start = 0; start < domains.length; start += CONCURRENCY) {
      await Promise.all(
        domains.slice(start, start + CONCURRENCY).map(async (domain) => {
          if (isOperatorOverride(domain)) return;
          try {
            const outcome = await checkDomain(
              prisma,
              domain,
              { domainId: domain.id },
              { resolver: options.resolver, now: () => now },
              context,
            );
            result.checked += 1;
            await recordHealth(prisma, options, domain, now);
            if (domain.status === "verified" && outcome.status === "failed") {
              const message = `The from domain ${domain.name} failed its re-check${outcome.reason ? ` (${outcome.reason})` : ""}; not sent.`;
              const emailsFailed = await failEmailsFromDomain(
                sqlPool(db),
                { workspaceId: domain.workspaceId, domain: domain.name, message },
                options.deliveries,
              );
              result.failed.push({
                id: domain.id,
                workspaceId: domain.workspaceId,
                domain: domain.name,
                reason: outcome.reason,
                emailsFailed,
              });
              options.log.warn(
                {
                  domainId: domain.id,
                  workspaceId: domain.workspaceId,
                  domain: domain.name,
                  reason: outcome.reason,
                  lastVerifiedAt: domain.lastVerifiedAt ?? domain.verifiedAt,
                  emailsFailed,
                },
                "domain re-check: verified domain failed; its sends are refused until it verifies again and its waiting emails failed",
              );
            } else if (domain.status !== "verified" && outcome.status === "verified") {
              result.verified += 1;
              options.log.info({ domainId: domain.id, domain: domain.name }, "domain re-check: domain verified");
            }
          } catch (error) {
            result.errors += 1;
            options.log.warn(
              { err: error, domainId: domain.id, domain: domain.name },
              "domain re-check: could not check this domain; trying again next run",
            );
          }
        }),
      );
    }
    if (domains.length < BATCH) break;
  }
  result.receiving = await recheckReceivingDomains(prisma, {
    resolver: options.resolver,
    checkedBefore,
    now,
    log: options.log,
    ...(options.workspaceIds ? { workspaceIds: options.workspaceIds } : {}),
  });
  return result;
}

/** The domain's DNS health history; a failure here is logged and never fails the domain's check. */
async function recordHealth(prisma: Db, options: { resolver: TxtResolver; log: Logger }, domain: Domain, now: Date): Promise<void> {
  try {
    const { changes } = await recordDomainHealth(prisma, options.resolver, domain, now);
    if (changes.length > 0) {
      options.log.info(
        { domainId: domain.id, workspaceId: domain.workspaceId, domain: domain.name, changes },
        "domain re-check: DNS health changed",
      );
    }
  } catch (error) {
    options.log.warn({ err: error, domainId: domain.id, domain: domain.name }, "domain re-check: could not record DNS health");
  }
}

export type RecheckRun = { ran: true; result: RecheckResult } | { ran: false };

/** `recheckDomains` unless another process is running it right now. */
export async function runDomainRecheckOnce(
  db: DbHandle,
  options: { resolver: TxtResolver; maxAgeMs: number; now?: Date; log: Logger; deliveries: RecheckDeliveries },
  context: DomainContext,
): Promise<RecheckRun> {
  const run = await withAdvisoryLock(sqlPool(db), DOMAIN_RECHECK_LOCK_ID, () => recheckDomains(db, options, context));
  return run.locked ? { ran: true, result: run.value } : { ran: false };
}

/**
 * Re-checks each domain once per `intervalMs`. The task wakes more often than that (at most
 * hourly) and picks only the domains that are due, so a restart neither repeats nor delays a
 * domain's check by more than the wake-up period.
 */
export function scheduleDomainRecheck(
  db: DbHandle,
  log: Logger,
  options: { intervalMs: number; resolver: TxtResolver; firstRunMs?: number; deliveries: RecheckDeliveries },
  context: DomainContext,
): PeriodicTask {
  const run = async () => {
    const outcome = await runDomainRecheckOnce(
      db,
      { resolver: options.resolver, maxAgeMs: options.intervalMs, log, deliveries: options.deliveries },
      context,
    );
    if (!outcome.ran) return log.debug("domain re-check skipped: another process holds the lock");
    const { checked, failed, verified, errors, sealedKeys, recipientsVerified, claimsExpired, receiving } = outcome.result;
    if (checked > 0 || sealedKeys > 0 || recipientsVerified > 0 || claimsExpired > 0 || receiving.checked > 0) {
      log.info(
        {
          checked,
          failed: failed.length,
          verified,
          errors,
          sealedKeys,
          recipientsVerified,
          claimsExpired,
          receivingChecked: receiving.checked,
          receivingFailed: receiving.failed.length,
        },
        "domain re-check finished",
      );
    }
  };
  const wakeMs = Math.min(options.intervalMs, 3_600_000);
  return every("domain re-check", wakeMs, run, log, { firstRunMs: options.firstRunMs ?? Math.min(wakeMs, 60_000) });
}
