import type { Db, TestRecipient } from "@svc/db";
import { identityNotOurs } from "../domains/claims.ts";
import { IdentityNotOursError, type SendingIdentities } from "../domains/identities.ts";
import { AppError, notFound } from "../errors.ts";
import type { Queryable } from "../sql.ts";
import {
  countTestRecipients,
  deleteTestRecipient,
  findPendingTestRecipients,
  findTestRecipient,
  insertTestRecipient,
  listTestRecipientRows,
  markTestRecipientsVerified,
  selectTestRecipientAddresses,
  testRecipientListedElsewhere,
} from "../stores/testRecipients.ts";
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
 */
export async function addTestRecipient(
  db: Db,
  input: { workspaceId: string; email: string },
  identities: SendingIdentities | null = null,
): Promise<TestRecipientView> {
  const email = parseRecipientAddress(input.email);
  const duplicate = () => new AppError("conflict", `${email} is already a test recipient of this workspace.`);
  if (await findTestRecipient(db, input.workspaceId, { email })) throw duplicate();
  // Not atomic with the insert: a soft bound on an operator-managed list.
  if ((await countTestRecipients(db, input.workspaceId)) >= MAX_TEST_RECIPIENTS_PER_WORKSPACE) {
    throw new AppError("conflict", `A workspace may have at most ${MAX_TEST_RECIPIENTS_PER_WORKSPACE} test recipients; remove one first.`);
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

/** By id or by address, always within the workspace: another workspace's recipient is a missing one. */
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
  if (!recipient || !(await deleteTestRecipient(db, workspaceId, recipient.id))) throw notFound("Test recipient");
  // The SES identity goes with the last workspace listing the address, and only if the install
  // created it (`delete` leaves anyone else's); failing that is not worth
  // refusing the removal for (an address identity only lets SES mail it).
  if (identities && !(await testRecipientListedElsewhere(db, recipient.email, workspaceId)))
    await identities.delete(recipient.email).catch(() => {});
  return toTestRecipientView(recipient);
}

/** Which of `addresses` are pre-verified for the workspace (compared lower-cased), in their original form. */
export async function preVerifiedRecipients(db: Queryable, workspaceId: string, addresses: readonly string[]): Promise<string[]> {
  if (addresses.length === 0) return [];
  const normalise = (address: string) => address.trim().toLowerCase();
  const allowed = new Set(await selectTestRecipientAddresses(db, workspaceId, addresses.map(normalise)));
  return addresses.filter((address) => allowed.has(normalise(address)));
}
