import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "@jest/globals";
import pg from "pg";
import { prepareDatabase } from "../../infra/scripts/database.ts";
import { TEST_DATABASE_URL } from "../support/env.ts";

/**
 * A PostgreSQL restart, as a process sees it: every connection's server ends at once. The shared
 * server cannot be restarted under other tests, so the backends of this test database are
 * terminated instead, which the client sees the same way ("Connection terminated unexpectedly"
 * on each socket). They are the backends of a database of this test's own: the other test files
 * running beside it share the test database and must not lose their connections.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const databaseUrl = new URL(TEST_DATABASE_URL);
databaseUrl.pathname = `${databaseUrl.pathname}_pg_terminated`;
const DATABASE_URL = databaseUrl.toString();
const database = databaseUrl.pathname.slice(1);
const admin = new pg.Client({ connectionString: DATABASE_URL });

afterAll(async () => {
  await admin.end().catch(() => {});
});

/** Terminates every backend of the test database but the caller's own; answers how many. */
async function terminateBackends(client: pg.Client, name: string): Promise<number> {
  const { rows } = await client.query(
    "SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
    [name],
  );
  return (rows[0] as { n: number }).n;
}

describe("a PostgreSQL restart under held connections", () => {
  it("costs the work in flight a retry, never the process", async () => {
    await prepareDatabase(DATABASE_URL);
    await admin.connect();
    const child = spawn(path.join(root, "node_modules/.bin/tsx"), [path.join(root, "test/support/pgTerminatedChild.ts")], {
      cwd: root,
      env: { ...process.env, DATABASE_URL },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const waitFor = async (text: string) => {
      for (let i = 0; i < 600 && !output.includes(text) && child.exitCode === null; i++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      if (!output.includes(text)) throw new Error(`child did not say "${text}" (exit ${child.exitCode}):\n${output}`);
    };
    try {
      await waitFor("holding");
      // Its transaction, lock holder, Prisma transaction and idle client, at least.
      expect(await terminateBackends(admin, database)).toBeGreaterThanOrEqual(4);
      // Long enough for every socket's end to reach the child: an unhandled 'error' would end it here.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect({ exitCode: child.exitCode, output }).toEqual({ exitCode: null, output: "holding\n" });
      child.stdin.write("terminated\n");
      await waitFor("done");
      const report = JSON.parse(output.slice(output.indexOf("done ") + 5).split("\n")[0]!) as { outcomes: string[]; lock: unknown };
      // The transactions held across the restart failed (they must: their work is gone); the lock holder ran.
      expect(report.outcomes).toEqual(["rejected", "fulfilled", "rejected"]);
      expect(report.lock).toEqual({ locked: true, value: "ran" });
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  }, 60_000);
});
