import type { DbHandle } from "@svc/db";
import type { Pool, PoolClient, QueryConfig, QueryResult } from "pg";

/** A pool or a checked-out client: anything that runs one parameterised statement. */
export interface Queryable {
  query(text: string, values?: unknown[]): Promise<QueryResult>;
  /** A named statement: each connection prepares it once, then runs it by name. */
  query(config: QueryConfig): Promise<QueryResult>;
}

/** A connection checked out of the shared pool. */
export type SqlClient = PoolClient;

/**
 * The shared pool with pg's own typings (the DbHandle's pool subclass overrides `query` untyped, which
 * would lose the row types).
 */
export function sqlPool(db: DbHandle): Pool {
  return db.pool;
}

/**
 * Runs `work` in one transaction on one pooled connection, committing if it returns and rolling
 * back if it throws. The hot paths (sends, provider events) use raw SQL rather than Prisma's
 * interactive transactions: several times less CPU per transaction, and pg's pool queues a
 * waiting caller instead of failing it after Prisma's fixed `maxWait`, which matters when
 * hundreds of sends arrive at once.
 */
export async function inTransaction<T>(db: DbHandle, work: (client: SqlClient) => Promise<T>): Promise<T> {
  return inPoolTransaction(sqlPool(db), work);
}

/** `inTransaction` on a pool of pg's own (tools and tasks that hold one rather than a DbHandle). */
export async function inPoolTransaction<T>(pool: Pool, work: (client: SqlClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch((rollbackError: Error) => {
      // The connection is unusable; hand it back as broken so the pool discards it.
      broken = rollbackError;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}
