import { prepareDatabase } from "../../infra/scripts/database.ts";
import { TEST_DATABASE_URL } from "./env.ts";

/** Once per Jest run: the test database exists and has every migration applied. */
export default async function globalSetup(): Promise<void> {
  process.env.DATABASE_URL = TEST_DATABASE_URL;
  await prepareDatabase(TEST_DATABASE_URL);
}
