import { afterAll, describe, expect, it, jest } from "@jest/globals";
import { createRenderPool, createTemplate, sqlPool } from "@svc/core";
import { openTestDb } from "../../../test/support/fixtures.ts";
import { CLI_TEST_TIMEOUT_MS, runCli, runCliJson } from "./runCli.ts";

jest.setTimeout(CLI_TEST_TIMEOUT_MS);

const handle = openTestDb();
const renderPool = createRenderPool();
afterAll(async () => {
  await renderPool.close();
  await handle.close();
});

describe("svc template", () => {
  it("lists, shows and publishes (a rollback with --from-version), and another workspace sees none", async () => {
    const workspaceId = (await runCliJson<{ id: string }>(["workspace", "create", "--name", "Template CLI"])).id;
    const other = (await runCliJson<{ id: string }>(["workspace", "create", "--name", "Other"])).id;
    const created = await createTemplate(sqlPool(handle), renderPool, workspaceId, {
      name: "Receipt",
      alias: "receipt",
      subject: "Hi {{ n }}",
      html: "<p>{{ n }}</p>",
    });

    expect(await runCliJson(["template", "list", "--workspace", workspaceId])).toEqual([
      expect.objectContaining({ id: created.id, alias: "receipt", publishedVersion: null }),
    ]);
    expect(await runCliJson(["template", "publish", "--workspace", workspaceId, "--template", "receipt"])).toMatchObject({ version: 1 });
    expect(
      await runCliJson(["template", "publish", "--workspace", workspaceId, "--template", "receipt", "--from-version", "1"]),
    ).toMatchObject({ version: 2 });
    const shown = await runCliJson<{ publishedVersion: number; versions: Array<{ version: number }> }>([
      "template",
      "show",
      "--workspace",
      workspaceId,
      "--template",
      created.id,
    ]);
    expect(shown.publishedVersion).toBe(2);
    expect(shown.versions.map((v) => v.version)).toEqual([2, 1]);

    expect(await runCliJson(["template", "list", "--workspace", other])).toEqual([]);
    const missing = await runCli(["template", "show", "--workspace", other, "--template", "receipt"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("Template not found");
    const badVersion = await runCli(["template", "publish", "--workspace", workspaceId, "--template", "receipt", "--from-version", "x"]);
    expect(badVersion.code).toBe(1);
    expect(badVersion.stderr).toContain("fromVersion");
  });
});
