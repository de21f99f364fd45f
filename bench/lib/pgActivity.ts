import pg from "pg";

export interface PgActivity {
  samples: number;
  /** Average number of the database's backends per state/wait, e.g. "active", "Lock:transactionid", "IO:WalSync". */
  averageBackends: Record<string, number>;
}

/**
 * Samples pg_stat_activity for one database every `intervalMs` while a phase runs: what the
 * backends serving the apps are doing (running, idle in a transaction, waiting on a row lock,
 * waiting on a WAL flush), averaged over the phase. It is the evidence for where a request's
 * time goes inside Postgres.
 */
export function samplePgActivity(databaseUrl: string, intervalMs = 50): { stop(): Promise<PgActivity> } {
  const database = new URL(databaseUrl).pathname.slice(1);
  const client = new pg.Client({ connectionString: databaseUrl });
  const totals = new Map<string, number>();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    await client.connect();
    while (running) {
      const result = await client.query<{ what: string; n: string }>(
        `SELECT COALESCE(wait_event_type || ':' || wait_event, state) AS what, count(*) AS n
         FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND backend_type = 'client backend'
         GROUP BY 1`,
        [database],
      );
      samples += 1;
      for (const row of result.rows) totals.set(row.what ?? "unknown", (totals.get(row.what ?? "unknown") ?? 0) + Number(row.n));
      await new Promise((r) => setTimeout(r, intervalMs));
    }
    await client.end();
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const averageBackends: Record<string, number> = {};
      for (const [what, total] of [...totals].sort((a, b) => b[1] - a[1])) {
        averageBackends[what] = Math.round((total / Math.max(1, samples)) * 100) / 100;
      }
      return { samples, averageBackends };
    },
  };
}
