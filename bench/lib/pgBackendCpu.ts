import pg from "pg";
import { cpuTimeOf } from "./processes.ts";
import { round } from "./stats.ts";

/**
 * PostgreSQL's CPU during a phase, split by who it worked for: each client backend by its
 * `application_name` (the bench starts every app with PGAPPNAME set to its label), background
 * workers by their `backend_type` (autovacuum, checkpointer, walwriter…). The postmaster and
 * backends that exit during the phase are not in it: their share is the rest of Postgres's total.
 * It is how a figure like "PostgreSQL per email" is traced to the app whose statements cost it.
 */
export function startPgBackendCpu(databaseUrl: string): { stop(count: number): Promise<Record<string, number>> } {
  const adminUrl = new URL(databaseUrl);
  adminUrl.pathname = "/postgres";
  const read = async () => {
    const client = new pg.Client({ connectionString: adminUrl.toString() });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number; label: string }>(
        `SELECT pid, COALESCE(NULLIF(application_name, ''), backend_type) AS label FROM pg_stat_activity WHERE pid <> pg_backend_pid()`,
      );
      const cpu = new Map<number, { label: string; ms: number }>();
      for (const row of rows) {
        try {
          cpu.set(row.pid, { label: row.label, ms: cpuTimeOf(row.pid) });
        } catch {
          // exited while we looked
        }
      }
      return cpu;
    } finally {
      await client.end();
    }
  };
  const before = read();
  return {
    async stop(count) {
      const start = await before;
      const end = await read();
      const byLabel: Record<string, number> = {};
      for (const [pid, { label, ms }] of end) {
        const used = ms - (start.get(pid)?.ms ?? 0);
        byLabel[label] = (byLabel[label] ?? 0) + used;
      }
      return Object.fromEntries(
        Object.entries(byLabel)
          .filter(([, ms]) => ms > 0)
          .sort((a, b) => b[1] - a[1])
          .map(([label, ms]) => [label, round(ms / Math.max(1, count), 3)]),
      );
    },
  };
}
