import type { Prisma } from "@svc/db";
import type { QueryConfig, QueryResult } from "pg";
import type { Queryable } from "../sql.ts";
import type { AuditActor } from "./record.ts";

/** Who makes a change, for a use case that records its audit entry itself, inside the change's transaction. */
export interface AuditBy {
  actor: AuditActor;
  source: string | null;
}

/**
 * A Prisma transaction as a Queryable, so that `recordAudit` writes its entry in a change made with
 * Prisma's interactive transaction: the entry commits or rolls back with the change.
 */
export function prismaQueryable(tx: Prisma.TransactionClient): Queryable {
  const run = async (text: string, values: unknown[] = []): Promise<QueryResult> => {
    const rows = await tx.$queryRawUnsafe<Record<string, unknown>[]>(text, ...values);
    return { rows, rowCount: rows.length, command: "", oid: 0, fields: [] };
  };
  return {
    query: ((textOrConfig: string | QueryConfig, values?: unknown[]) =>
      typeof textOrConfig === "string"
        ? run(textOrConfig, values)
        : run(textOrConfig.text, textOrConfig.values as unknown[] | undefined)) as Queryable["query"],
  };
}
