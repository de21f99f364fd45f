import type { Pool } from "pg";

/**
 * Session-level advisory locks: no table, but statements all the same, so they live with the
 * stores. A lock is held on one dedicated connection while `work` runs, and Postgres releases it
 * by itself if the process dies mid-run, so a crash never leaves the lock held.
 */

export type LockedRun<T> = { locked: true; value: T } | { locked: false };

/** Runs `work` if no other session holds lock `lockId`; answers `{ locked: false }` otherwise. */
export async function withAdvisoryLock<T>(pool: Pool, lockId: number, work: () => Promise<T>): Promise<LockedRun<T>> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const acquired = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [lockId]);
    if (!acquired.rows[0]?.locked) return { locked: false };
    try {
      return { locked: true, value: await work() };
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [lockId]).catch((error: Error) => {
        broken = error; // dropping the connection releases the lock
      });
    }
  } finally {
    client.release(broken);
  }
}
