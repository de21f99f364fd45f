import { AppError } from "../errors.ts";
import type { SqlClient } from "../sql.ts";

/** 403 unless `domain` is a verified sending domain of the workspace (exact name, any case). */
export async function assertFromDomainVerified(client: SqlClient, workspaceId: string, domain: string): Promise<void> {
  const result = await client.query(
    `SELECT 1 FROM domains WHERE "workspaceId" = $1 AND lower(name) = $2 AND status = 'verified' LIMIT 1`,
    [workspaceId, domain.toLowerCase()],
  );
  if (result.rowCount === 0) {
    throw new AppError("domain_not_verified", `The from domain ${domain} is not verified for this organization.`);
  }
}
