import type { Db } from "@svc/db";
import { notFound } from "../errors.ts";
import { findOperatorEmails, setUserOperator } from "../stores/users.ts";
import { normalizeAccountEmail } from "./emailAddress.ts";

/**
 * Operators run the install: they see and act on install-wide things (the SES account and its
 * configuration sets, identities the install did not create). A workspace role, even owner,
 * gives none of that. Granted and revoked only with the CLI (`svc operator grant|revoke`).
 */
export async function setOperator(prisma: Db, email: string, isOperator: boolean): Promise<{ email: string; isOperator: boolean }> {
  const address = normalizeAccountEmail(email);
  if (!(await setUserOperator(prisma, address, isOperator))) throw notFound("User");
  return { email: address, isOperator };
}

export function listOperators(prisma: Db): Promise<string[]> {
  return findOperatorEmails(prisma);
}
