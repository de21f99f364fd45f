import type { Pool } from "pg";
import type { Queryable } from "../sql.ts";

/**
 * Advisory locks: no table, but statements all the same, so they live with the stores. A lock
 * is held by an open transaction on one dedicated connection while `work` runs (on other
 * connections), and ends with that transaction: a transaction-level lock, not a session-level
 * one, because a pooler in transaction mode (PgBouncer) keeps a client on one server connection
 * only for the length of a transaction, and a session lock taken on one server connection
 * could not be released from the next. Postgres releases it by itself if the process dies
 * mid-run, so a crash never leaves the lock held. The transaction writes nothing and holds no
 * snapshot between its statements, so keeping it open does not hold back vacuum.
 */

export type LockedRun<T> = { locked: true; value: T } | { locked: false };

/** Runs `work` if no other session holds lock `lockId`; answers `{ locked: false }` otherwise. */
export function withAdvisoryLock<T>(pool: Pool, lockId: number, work: () => Promise<T>): Promise<LockedRun<T>> {
  return withLock(pool, "SELECT pg_try_advisory_xact_lock($1) AS locked", [lockId], work);
}

/**
 * The same for one lock of a family, one per key (`namespace` names the family; the key is
 * hashed into the lock's second half, so two keys may rarely share a lock: they then only wait
 * for each other's turn).
 */
export function withKeyedAdvisoryLock<T>(pool: Pool, namespace: number, key: string, work: () => Promise<T>): Promise<LockedRun<T>> {
  return withLock(pool, "SELECT pg_try_advisory_xact_lock($1, hashtext($2)) AS locked", [namespace, key], work);
}

async function withLock<T>(pool: Pool, statement: string, params: unknown[], work: () => Promise<T>): Promise<LockedRun<T>> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query("BEGIN");
    try {
      const acquired = await client.query<{ locked: boolean }>(statement, params);
      if (!acquired.rows[0]?.locked) return { locked: false };
      return { locked: true, value: await work() };
    } finally {
      await client.query("COMMIT").catch((error: Error) => {
        broken = error; // dropping the connection ends the transaction and its lock
      });
    }
  } finally {
    client.release(broken);
  }
}

/**
 * Takes lock `key` of family `namespace` for the rest of the caller's own transaction on
 * `client`, waiting for whoever holds it: the callers of one key take turns.
 */
export async function lockForTransaction(client: Queryable, namespace: number, key: string): Promise<void> {
  await client.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [namespace, key]);
}
