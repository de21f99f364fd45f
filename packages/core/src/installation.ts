import { type Db, newId } from "@svc/db";
import { ensureInstallationId } from "./stores/installation.ts";

/**
 * The install's id (`inst_…`), made on first use and the same for every process of the install
 * afterwards. It marks what the install creates at the provider (SES identities are tagged
 * `svc:install=<id>`), so that the install changes only what it created.
 */
export function installationId(prisma: Db): Promise<string> {
  return ensureInstallationId(prisma, newId("installation"));
}
