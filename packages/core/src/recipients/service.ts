import type { Db, TestRecipient } from "@svc/db";
import { identityNotOurs } from "../domains/claims.ts";
import { IdentityNotOursError, type SendingIdentities } from "../domains/identities.ts";
import { AppError, notFound } from "../errors.ts";
import type { Queryable } from "../sql.ts";
import {
  countTestRecipients,
  deleteTestRecipient,
  findPendingTestRecipients,
  findRemovedTestRecipients,
  findTestRecipient,
  insertTestRecipient,
  listTestRecipientRows,
  markTestRecipientRemoved,
  markTestRecipientsVerified,
  restoreTestRecipient,
  selectTestRecipientAddresses,
  testRecipientListedElsewhere,
} from "../stores/testRecipients.ts";
import { incrementWorkspaceDailyCounter } from "../stores/workspaceDailyCounters.ts";
import { secondsToNextUtcDay } from "../time.ts";
import { parseRecipientAddress } from "./address.ts";

/**
 * Pre-verified recipients: the only addresses a `test` key's mail is delivered to.
 * Stored lower-cased and unique per workspace; the sender compares case-insensitively.
 */
export interface TestRecipientView {
  id: string;
  workspaceId: string;
  email: string;
  /**
   * `verified`: mail may go to it. `pending`: with SES, waiting for the recipient to click the
   * confirmation link SES mailed; test-key mail to it is dropped until then.
   */
  verification: "verified" | "pending";
  createdAt: string;
}

export const MAX_TEST_RECIPIENTS_PER_WORKSPACE = 1000;
/** How long a removed recipient keeps its provider identity, unless an operator's setting says otherwise. */
export const DEFAULT_TEST_RECIPIENT_COOLDOWN_MS = 7 * 86_400_000;
/** Removed recipients whose cooldown ended, released per call of `releaseRemovedTestRecipients`. */
const RELEASE_BATCH = 500;

export function toTestRecipientView(recipient: TestRecipient): TestRecipientView {
  return {
    id: recipient.id,
    workspaceId: recipient.workspaceId,
    email: recipient.email,
    verification: recipient.providerStatus === "pending" ? "pending" : "verified",
    createdAt: recipient.createdAt.toISOString(),
  };
}

/**
 * With a provider (SES), the address also becomes an SES email identity: SES mails it a
 * confirmation link, and the recipient counts as pre-verified once SES says it is verified. An
 * address identity the install did not create is refused (409) and left untouched.
 *
 * Each such link is a mail from the install's AWS account to an address the workspace chose, so
 * `verificationsPerDay` (the dashboard's; an operator's CLI passes none) caps them per workspace
 * and UTC day (429). An address removed within its cooldown comes back as it was, mailing nothing.
 */
export async function addTestRecipient(
  db: Db,
  input: { workspaceId: string; email: string },
  identities: SendingIdentities | null = null,
  limits: { verificationsPerDay?: number } = {},
): Promise<TestRecipientView> {
  const email = parseRecipientAddress(input.email);
  const duplicate = () => new AppError("conflict", `${email} is already a test recipient of this workspace.`);
  const existing = await findTestRecipient(db, input.workspaceId, { email }, { includeRemoved: true });
  if (existing && existing.removedAt === null) throw duplicate();
  // Not atomic with the insert: a soft bound on an operator-managed list.
  if ((await countTestRecipients(db, input.workspaceId)) >= MAX_TEST_RECIPIENTS_PER_WORKSPACE) {
    throw new AppError("conflict", `A workspace may have at most ${MAX_TEST_RECIPIENTS_PER_WORKSPACE} test recipients; remove one first.`);
  }
  if (existing) {
    const restored = await restoreTestRecipient(db, input.workspaceId, existing.id);
    if (!restored) throw duplicate();
    return toTestRecipientView(restored);
  }
  if (identities && limits.verificationsPerDay !== undefined) {
    if ((await incrementWorkspaceDailyCounter(db, input.workspaceId, "test_recipient_verification", limits.verificationsPerDay)) === null) {
      throw new AppError(
        "rate_limited",
        `A workspace may add at most ${limits.verificationsPerDay} new test recipients a day (each is mailed a verification link); try again tomorrow (UTC).`,
        undefined,
        secondsToNextUtcDay(),
      );
    }
  }
  const insert = await insertTestRecipient(db, input.workspaceId, email, identities ? "pending" : null);
  if ("inserted" in insert) {
    if (identities) {
      try {
        await identities.putAddress(email);
      } catch (error) {
        await deleteTestRecipient(db, input.workspaceId, insert.inserted.id);
        if (error instanceof IdentityNotOursError) throw identityNotOurs(email);
        throw new AppError(
          "unavailable",
          `Could not create the recipient's identity at the email provider (${error instanceof Error ? error.message : String(error)}).`,
        );
      }
    }
    return toTestRecipientView(insert.inserted);
  }
  throw insert.refused === "duplicate" ? duplicate() : notFound("Workspace");
}

/** With a provider, the pending recipients' states are asked first, so the list is current. */
export async function listTestRecipients(
  db: Db,
  workspaceId: string,
  identities: SendingIdentities | null = null,
): Promise<TestRecipientView[]> {
  if (identities) await refreshTestRecipients(db, identities, workspaceId);
  return (await listTestRecipientRows(db, workspaceId)).map(toTestRecipientView);
}

/**
 * Asks the provider about recipients still waiting for its verification (one workspace's, or all
 * when none is given) and marks those it now verifies. Returns how many became verified.
 */
export async function refreshTestRecipients(db: Db, identities: SendingIdentities, workspaceId: string | null = null): Promise<number> {
  const pending = await findPendingTestRecipients(db, workspaceId, MAX_TEST_RECIPIENTS_PER_WORKSPACE);
  const states = await Promise.all(pending.map((recipient) => identities.get(recipient.email).catch(() => null)));
  return markTestRecipientsVerified(
    db,
    pending.filter((_, n) => states[n]?.verifiedForSending === true).map((recipient) => recipient.id),
  );
}

/**
 * By id or by address, always within the workspace: another workspace's recipient is a missing
 * one. With a provider the row is only hidden: its identity stays for the cooldown (see
 * `releaseRemovedTestRecipients`), so that removing and adding an address again and again mails it once.
 */
export async function removeTestRecipient(
  db: Db,
  workspaceId: string,
  which: { id: string } | { email: string },
  identities: SendingIdentities | null = null,
): Promise<TestRecipientView> {
  const recipient = await findTestRecipient(
    db,
    workspaceId,
    "id" in which ? { id: which.id } : { email: parseRecipientAddress(which.email) },
  );
  const remove = identities ? markTestRecipientRemoved : deleteTestRecipient;
  if (!recipient || !(await remove(db, workspaceId, recipient.id))) throw notFound("Test recipient");
  return toTestRecipientView(recipient);
}

/**
 * Ends the cooldown of recipients removed more than `cooldownMs` ago: their rows go, and so does
 * an SES identity once no workspace lists the address (only if the install created it: `delete`
 * leaves anyone else's). A failed delete is not retried: an address identity only lets SES mail it.
 * Returns how many recipients were released.
 */
export async function releaseRemovedTestRecipients(
  db: Db,
  identities: SendingIdentities | null,
  cooldownMs: number,
  now: Date = new Date(),
): Promise<number> {
  const due = await findRemovedTestRecipients(db, new Date(now.getTime() - cooldownMs), RELEASE_BATCH);
  let released = 0;
  for (const recipient of due) {
    if (!(await deleteTestRecipient(db, recipient.workspaceId, recipient.id))) continue;
    released += 1;
    if (identities && !(await testRecipientListedElsewhere(db, recipient.email, recipient.workspaceId)))
      await identities.delete(recipient.email).catch(() => {});
  }
  return released;
}

/** Which of `addresses` are pre-verified for the workspace (compared lower-cased), in their original form. */
export async function preVerifiedRecipients(db: Queryable, workspaceId: string, addresses: readonly string[]): Promise<string[]> {
  if (addresses.length === 0) return [];
  const normalise = (address: string) => address.trim().toLowerCase();
  const allowed = new Set(await selectTestRecipientAddresses(db, workspaceId, addresses.map(normalise)));
  return addresses.filter((address) => allowed.has(normalise(address)));
}
