import type { Queryable } from "../sql.ts";
import type { SendEmailInput } from "./input.ts";
import type { SendContext } from "./queue.ts";
import { AppError } from "../errors.ts";

export function domainNotVerified(domain: string): AppError {
  return new AppError("domain_not_verified", `The from domain ${domain} is not verified for this organization.`);
}

/** One email row to write, with who sends it. */
export interface NewEmailRow {
  emailId: string;
  context: SendContext;
  input: SendEmailInput;
}

/** Values per row in the statement below. */
const COLUMNS_PER_ROW = 10;

/** `($1::text, …, $10::text)` for row `index`: every value typed, so Postgres infers nothing. */
function rowPlaceholders(index: number): string {
  const n = index * COLUMNS_PER_ROW;
  return `($${n + 1}::text, $${n + 2}::text, $${n + 3}::text, $${n + 4}::"KeyEnvironment", $${n + 5}::text, $${n + 6}::text[], $${n + 7}::text, $${n + 8}::text, $${n + 9}::text, $${n + 10}::text)`;
}

/**
 * Inserts each row only if its from-domain is a verified domain of its own workspace: the check
 * and the write are one statement, so a send needs no transaction unless it must also count
 * against a limit or claim an idempotency key. Many rows (of any workspaces) go in one
 * statement, so a process can coalesce concurrent sends into one round trip and one commit; a
 * row whose domain is not verified is simply not inserted and does not affect the others.
 * Answers, per row in order, whether it was inserted.
 */
export async function insertEmailsIfDomainVerified(db: Queryable, rows: readonly NewEmailRow[]): Promise<boolean[]> {
  if (rows.length === 0) return [];
  const values: unknown[] = [];
  for (const { emailId, context, input } of rows) {
    values.push(emailId, context.workspaceId, context.apiKeyId, context.environment, input.from, input.to, input.subject, input.html, input.text, input.fromDomain.toLowerCase());
  }
  const result = await db.query(
    `INSERT INTO emails (id, "organizationId", "apiKeyId", environment, "from", "to", subject, html, text)
     SELECT v.id, v."workspaceId", v."apiKeyId", v.environment, v."from", v."to", v.subject, v.html, v.text
       FROM (VALUES ${rows.map((_, index) => rowPlaceholders(index)).join(", ")})
            AS v(id, "workspaceId", "apiKeyId", environment, "from", "to", subject, html, text, domain)
      WHERE EXISTS (SELECT 1 FROM domains d
                     WHERE d."workspaceId" = v."workspaceId" AND lower(d.name) = v.domain AND d.status = 'verified')
     RETURNING id`,
    values,
  );
  const inserted = new Set((result.rows as Array<{ id: string }>).map((row) => row.id));
  return rows.map((row) => inserted.has(row.emailId));
}

/** Writes one row the same way, alone; throws the 403 when the domain is not verified. */
export async function insertEmailIfDomainVerified(
  db: Queryable,
  emailId: string,
  context: SendContext,
  input: SendEmailInput,
): Promise<void> {
  const [inserted] = await insertEmailsIfDomainVerified(db, [{ emailId, context, input }]);
  if (!inserted) throw domainNotVerified(input.fromDomain);
}
