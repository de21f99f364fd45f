import type { Db, TestRecipient } from "@svc/db";
import { AppError, notFound } from "../errors.ts";
import type { Queryable } from "../sql.ts";
import {
  countTestRecipients,
  deleteTestRecipient,
  findTestRecipient,
  insertTestRecipient,
  listTestRecipientRows,
  selectTestRecipientAddresses,
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
  createdAt: string;
}

export const MAX_TEST_RECIPIENTS_PER_WORKSPACE = 1000;

export function toTestRecipientView(recipient: TestRecipient): TestRecipientView {
  return { id: recipient.id, workspaceId: recipient.workspaceId, email: recipient.email, createdAt: recipient.createdAt.toISOString() };
}

export async function addTestRecipient(db: Db, input: { workspaceId: string; email: string }): Promise<TestRecipientView> {
  const email = parseRecipientAddress(input.email);
  const duplicate = () => new AppError("conflict", `${email} is already a test recipient of this workspace.`);
  if (await findTestRecipient(db, input.workspaceId, { email })) throw duplicate();
  // Not atomic with the insert: a soft bound on an operator-managed list.
  if ((await countTestRecipients(db, input.workspaceId)) >= MAX_TEST_RECIPIENTS_PER_WORKSPACE) {
    throw new AppError("conflict", `A workspace may have at most ${MAX_TEST_RECIPIENTS_PER_WORKSPACE} test recipients; remove one first.`);
  }
  const insert = await insertTestRecipient(db, input.workspaceId, email);
  if ("inserted" in insert) return toTestRecipientView(insert.inserted);
  throw insert.refused === "duplicate" ? duplicate() : notFound("Workspace");
}

export async function listTestRecipients(db: Db, workspaceId: string): Promise<TestRecipientView[]> {
  return (await listTestRecipientRows(db, workspaceId)).map(toTestRecipientView);
}

/** By id or by address, always within the workspace: another workspace's recipient is a missing one. */
export async function removeTestRecipient(
  db: Db,
  workspaceId: string,
  which: { id: string } | { email: string },
): Promise<TestRecipientView> {
  const recipient = await findTestRecipient(db, workspaceId, "id" in which ? { id: which.id } : { email: parseRecipientAddress(which.email) });
  if (!recipient || !(await deleteTestRecipient(db, workspaceId, recipient.id))) throw notFound("Test recipient");
  return toTestRecipientView(recipient);
}

/** Which of `addresses` are pre-verified for the workspace (compared lower-cased), in their original form. */
export async function preVerifiedRecipients(db: Queryable, workspaceId: string, addresses: readonly string[]): Promise<string[]> {
  if (addresses.length === 0) return [];
  const normalise = (address: string) => address.trim().toLowerCase();
  const allowed = new Set(await selectTestRecipientAddresses(db, workspaceId, addresses.map(normalise)));
  return addresses.filter((address) => allowed.has(normalise(address)));
}
