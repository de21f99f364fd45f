import type { Db, TestRecipient } from "@svc/db";
import { Prisma, newId } from "@svc/db";
import { AppError, notFound } from "../errors.ts";
import { parseRecipientAddress } from "./address.ts";

/**
 * Pre-verified recipients (spec §5.3): the only addresses a `test` key's mail is delivered to.
 * Stored lower-cased and unique per workspace; the sender compares case-insensitively.
 */
export interface TestRecipientView {
  id: string;
  workspaceId: string;
  email: string;
  createdAt: string;
}

export const MAX_TEST_RECIPIENTS_PER_WORKSPACE = 1000;

const isUniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

export function toTestRecipientView(recipient: TestRecipient): TestRecipientView {
  return { id: recipient.id, workspaceId: recipient.workspaceId, email: recipient.email, createdAt: recipient.createdAt.toISOString() };
}

export async function addTestRecipient(db: Db, input: { workspaceId: string; email: string }): Promise<TestRecipientView> {
  const email = parseRecipientAddress(input.email);
  const workspace = await db.workspace.findUnique({ where: { id: input.workspaceId }, select: { id: true } });
  if (!workspace) throw notFound("Workspace");
  const duplicate = () => new AppError("conflict", `${email} is already a test recipient of this workspace.`);
  if (await db.testRecipient.findUnique({ where: { workspaceId_email: { workspaceId: workspace.id, email } }, select: { id: true } })) {
    throw duplicate();
  }
  // Not atomic with the insert: a soft bound on an operator-managed list.
  if ((await db.testRecipient.count({ where: { workspaceId: workspace.id } })) >= MAX_TEST_RECIPIENTS_PER_WORKSPACE) {
    throw new AppError("conflict", `A workspace may have at most ${MAX_TEST_RECIPIENTS_PER_WORKSPACE} test recipients; remove one first.`);
  }
  try {
    return toTestRecipientView(await db.testRecipient.create({ data: { id: newId("recipient"), workspaceId: workspace.id, email } }));
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

export async function listTestRecipients(db: Db, workspaceId: string): Promise<TestRecipientView[]> {
  const recipients = await db.testRecipient.findMany({ where: { workspaceId }, orderBy: [{ email: "asc" }] });
  return recipients.map(toTestRecipientView);
}

/** By id or by address, always within the workspace: another workspace's recipient is a missing one. */
export async function removeTestRecipient(
  db: Db,
  workspaceId: string,
  which: { id: string } | { email: string },
): Promise<TestRecipientView> {
  const where = "id" in which ? { workspaceId, id: which.id } : { workspaceId, email: parseRecipientAddress(which.email) };
  const recipient = await db.testRecipient.findFirst({ where });
  if (!recipient) throw notFound("Test recipient");
  const { count } = await db.testRecipient.deleteMany({ where: { id: recipient.id, workspaceId } });
  if (count === 0) throw notFound("Test recipient");
  return toTestRecipientView(recipient);
}

/** Which of `addresses` are pre-verified for the workspace (compared lower-cased), in their original form. */
export async function preVerifiedRecipients(db: Db, workspaceId: string, addresses: readonly string[]): Promise<string[]> {
  if (addresses.length === 0) return [];
  const rows = await db.testRecipient.findMany({
    where: { workspaceId, email: { in: addresses.map((address) => address.trim().toLowerCase()) } },
    select: { email: true },
  });
  const allowed = new Set(rows.map((row) => row.email));
  return addresses.filter((address) => allowed.has(address.trim().toLowerCase()));
}
