import pg from "pg";
import { prepareDatabase } from "../../infra/scripts/database.ts";
import { TEST_DATABASE_URL } from "./env.ts";

/**
 * Once per Jest run: the test database exists and has every migration applied, and emails an
 * earlier run left waiting are retired. The database outlives runs, and the sweepers under test
 * find every waiting email in it: an ever-growing backlog would make their tests slower each run.
 * Scheduled ones are canceled too: an email a test scheduled an hour ahead falls due during a run
 * an hour later, and that run's schedulers would send it beside their own tests' emails.
 */
export default async function globalSetup(): Promise<void> {
  process.env.DATABASE_URL = TEST_DATABASE_URL;
  await prepareDatabase(TEST_DATABASE_URL);
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(
      `UPDATE emails SET status = 'failed', "errorMessage" = 'left waiting by an earlier test run', "claimedAt" = NULL
        WHERE status IN ('queued', 'sending')`,
    );
    await client.query(`UPDATE emails SET status = 'canceled', "lastActivityAt" = now() WHERE status = 'scheduled'`);
  } finally {
    await client.end();
  }
}
