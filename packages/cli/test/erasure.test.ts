import { afterAll, describe, expect, it, jest } from "@jest/globals";
import type { Pool } from "pg";
import { seedEmails, seedSubscription } from "../../../test/support/erasureData.ts";
import { createWorkspaceFixture, openTestDb } from "../../../test/support/fixtures.ts";
import { CLI_TEST_TIMEOUT_MS, runCli, runCliJson } from "./runCli.ts";

jest.setTimeout(CLI_TEST_TIMEOUT_MS);

/** `svc erasure create / show / list`: the same request, limits and audit entry as over REST. */
const handle = openTestDb();
const pool = handle.pool as unknown as Pool;

afterAll(async () => {
  await handle.close();
});

describe("svc erasure", () => {
  it("creates an erasure of addresses in one workspace, shows and lists it, and refuses a malformed address naming it", async () => {
    const fx = await createWorkspaceFixture(handle);
    const bad = await runCli(["erasure", "create", "--workspace", fx.workspaceId, "--address", "ok@example.org,not-an-address"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('addresses[1] "not-an-address"');
    expect(await pool.query(`SELECT 1 FROM erasures WHERE "workspaceId" = $1`, [fx.workspaceId]).then((r) => r.rowCount)).toBe(0);

    const subscriptionId = await seedSubscription(pool, fx.workspaceId);
    const other = await createWorkspaceFixture(handle);
    const theirs = await seedEmails(
      pool,
      { workspaceId: other.workspaceId, apiKeyId: other.keyIds["full-access"] },
      { to: ["x@example.org"], count: 1, subscriptionId: await seedSubscription(pool, other.workspaceId) },
    );
    await seedEmails(
      pool,
      { workspaceId: fx.workspaceId, apiKeyId: fx.keyIds["full-access"] },
      { to: ["cli.person@example.org"], count: 2, subscriptionId },
    );
    const foreign = await runCli(["erasure", "create", "--workspace", fx.workspaceId, "--email-id", theirs.emailIds[0]!]);
    expect(foreign.code).toBe(1);
    expect(foreign.stderr).toContain("not found");

    const created = await runCliJson<{ id: string; status: string; addressCount: number }>([
      "erasure",
      "create",
      "--workspace",
      fx.workspaceId,
      "--address",
      "CLI.Person@example.org,second@example.org",
    ]);
    expect(created).toMatchObject({ status: "queued", addressCount: 2 });
    const shown = await runCliJson<{ id: string; workspaceId: string; status: string }>(["erasure", "show", "--id", created.id]);
    expect(shown).toMatchObject({ id: created.id, workspaceId: fx.workspaceId });
    const listed = await runCliJson<Array<{ id: string }>>(["erasure", "list", "--workspace", fx.workspaceId]);
    expect(listed.map((erasure) => erasure.id)).toEqual([created.id]);
    expect(await runCliJson<Array<{ id: string }>>(["erasure", "list", "--workspace", other.workspaceId])).toEqual([]);

    const { rows } = await pool.query(`SELECT action, "actorType", changes FROM audit_log WHERE "targetId" = $1`, [created.id]);
    expect(rows).toEqual([{ action: "erasure.requested", actorType: "operator", changes: { addresses: 2, emailIds: 0 } }]);
  });
});
