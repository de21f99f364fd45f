import pg from "pg";
import { round } from "./stats.ts";

export interface StatementTotals {
  /** Every statement the phase ran in the bench database, per item. */
  statementsPerItem: number;
  /** Transactions committed in the bench database, per item (pg_stat_database). */
  commitsPerItem: number;
  top: StatementCost[];
}

export interface StatementCost {
  query: string;
  callsPerItem: number;
  /** Execution time per item (ms), from pg_stat_statements: time in the statement, not only CPU. */
  msPerItem: number;
  meanMs: number;
  rowsPerCall: number;
}

/**
 * The statements a phase ran, costliest first, from pg_stat_statements, when the cluster has it
 * loaded (BENCH_PG_STATEMENTS=1 with BENCH_POSTGRES_URL naming a cluster with
 * `shared_preload_libraries = 'pg_stat_statements'` and the extension in its `postgres`
 * database): statements and their counts per email, the profile issue 28 asks for. Resets the
 * cluster's counters at the start of each phase; does nothing when not asked for.
 */
export async function startPgStatements(databaseUrl: string): Promise<{ stop(count: number): Promise<StatementTotals | undefined> }> {
  if (process.env.BENCH_PG_STATEMENTS !== "1") return { stop: async () => undefined };
  const adminUrl = new URL(databaseUrl);
  adminUrl.pathname = "/postgres";
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  const database = new URL(databaseUrl).pathname.slice(1);
  await client.query("SELECT pg_stat_statements_reset()");
  const commitsBefore = await commitsOf(client, database);
  return {
    async stop(count) {
      try {
        const { rows } = await client.query<{ query: string; calls: string; total: number; rows: string }>(
          `SELECT s.query, s.calls, s.total_exec_time + s.total_plan_time AS total, s.rows
           FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
           WHERE d.datname = $1 ORDER BY total DESC LIMIT 25`,
          [database],
        );
        const totals = await client.query<{ calls: string }>(
          `SELECT coalesce(sum(s.calls), 0) AS calls FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = $1`,
          [database],
        );
        const per = (n: number) => round(n / Math.max(1, count), 2);
        const top = rows.map((row) => ({
          query: row.query.replace(/\s+/g, " ").slice(0, 160),
          callsPerItem: round(Number(row.calls) / Math.max(1, count), 3),
          msPerItem: round(row.total / Math.max(1, count), 4),
          meanMs: round(row.total / Math.max(1, Number(row.calls)), 4),
          rowsPerCall: round(Number(row.rows) / Math.max(1, Number(row.calls)), 1),
        }));
        return {
          statementsPerItem: per(Number(totals.rows[0]?.calls ?? 0)),
          commitsPerItem: per((await commitsOf(client, database)) - commitsBefore),
          top,
        };
      } finally {
        await client.end();
      }
    },
  };
}

/** Committed transactions of one database so far (the statistics collector's view lags by up to a second). */
async function commitsOf(client: pg.Client, database: string): Promise<number> {
  await client.query("SELECT pg_stat_clear_snapshot()");
  const { rows } = await client.query<{ commits: string }>("SELECT xact_commit AS commits FROM pg_stat_database WHERE datname = $1", [
    database,
  ]);
  return Number(rows[0]?.commits ?? 0);
}
