import { afterAll, describe, expect, it, jest } from "@jest/globals";
import type { AuditEntryView } from "@svc/core";
import { openTestDb } from "../../../test/support/fixtures.ts";
import { CLI_TEST_TIMEOUT_MS, runCli, runCliJson } from "./runCli.ts";

jest.setTimeout(CLI_TEST_TIMEOUT_MS);

/** `svc workspace retention`: a workspace's own body and metadata retention and privacy mode, within its plan. */
const handle = openTestDb();
afterAll(() => handle.close());

describe("svc workspace retention", () => {
  it("sets body and metadata days and privacy mode, recorded in the audit log; bad values exit 1 naming the field and change nothing", async () => {
    const workspace = await runCliJson<{ id: string }>(["workspace", "create", "--name", "Retention CLI"]); // free: 30 days
    const set = await runCliJson<Record<string, unknown>>([
      "workspace",
      "retention",
      "--workspace",
      workspace.id,
      "--body-days",
      "3",
      "--metadata-days",
      "14",
      "--privacy",
      "on",
    ]);
    expect(set).toMatchObject({
      workspaceId: workspace.id,
      bodyRetentionDays: 3,
      metadataRetentionDays: 14,
      privacyMode: true,
      planRetentionDays: 30,
      effective: { bodyDays: 3, metadataDays: 14 },
    });

    for (const [args, field] of [
      [["--metadata-days", "31"], "metadataRetentionDays"],
      [["--body-days", "-2"], "bodyRetentionDays"],
      [["--body-days", "20"], "bodyRetentionDays"],
      [["--privacy", "sometimes"], "privacyMode"],
    ] as const) {
      const refused = await runCli(["workspace", "retention", "--workspace", workspace.id, ...args]);
      expect(refused.code).toBe(1);
      expect(refused.stdout).toBe("");
      expect(refused.stderr).toContain(`${field}:`);
    }
    const row = await handle.prisma.workspace.findUniqueOrThrow({ where: { id: workspace.id } });
    expect(row).toMatchObject({ bodyRetentionDays: 3, metadataRetentionDays: 14, privacyMode: true });

    await runCliJson(["workspace", "retention", "--workspace", workspace.id, "--body-days", "default", "--privacy", "off"]);
    const { data } = await runCliJson<{ data: AuditEntryView[] }>([
      "audit-log",
      "list",
      "--workspace",
      workspace.id,
      "--action",
      "workspace.retention_changed",
    ]);
    // Newest first; each names only what it changed.
    expect(data.map((entry) => entry.changes)).toEqual([
      { bodyRetentionDays: null, privacyMode: false },
      { bodyRetentionDays: 3, metadataRetentionDays: 14, privacyMode: true },
    ]);
    expect(data[0]).toMatchObject({
      actor: { type: "operator", id: expect.stringMatching(/^cli:/) },
      target: { type: "workspace", id: workspace.id },
    });

    const none = await runCli(["workspace", "retention", "--workspace", workspace.id]);
    expect(none.code).toBe(2);
  });
});
