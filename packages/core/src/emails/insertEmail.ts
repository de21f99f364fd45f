import type { Queryable } from "../sql.ts";
import type { SendEmailInput } from "./input.ts";
import type { SendContext } from "./queue.ts";
import { AppError } from "../errors.ts";

export function domainNotVerified(domain: string): AppError {
  return new AppError("domain_not_verified", `The from domain ${domain} is not verified for this organization.`);
}

/**
 * Inserts the email row only if its from-domain is a verified domain of the workspace: the check
 * and the write are one statement, so a send needs no transaction unless it must also count
 * against a limit or claim an idempotency key. Throws the 403 when the domain is not verified.
 */
export async function insertEmailIfDomainVerified(
  db: Queryable,
  emailId: string,
  context: SendContext,
  input: SendEmailInput,
): Promise<void> {
  const result = await db.query(
    `INSERT INTO emails (id, "organizationId", "apiKeyId", environment, "from", "to", subject, html, text)
     SELECT $1, $2, $3, $4::"KeyEnvironment", $5, $6::text[], $7, $8, $9
      WHERE EXISTS (SELECT 1 FROM domains
                     WHERE "workspaceId" = $2 AND lower(name) = $10 AND status = 'verified')`,
    [emailId, context.workspaceId, context.apiKeyId, context.environment, input.from, input.to, input.subject, input.html, input.text, input.fromDomain.toLowerCase()],
  );
  if (result.rowCount === 0) throw domainNotVerified(input.fromDomain);
}
