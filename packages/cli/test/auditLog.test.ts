import { afterAll, describe, expect, it, jest } from "@jest/globals";
import { type AuditEntryView, addUserToWorkspace } from "@svc/core";
import { openTestDb } from "../../../test/support/fixtures.ts";
import { CLI_TEST_TIMEOUT_MS, runCli, runCliJson } from "./runCli.ts";

jest.setTimeout(CLI_TEST_TIMEOUT_MS);

/**
 * The CLI's changes in the audit log: each recorded with the operator's account as actor and no
 * secret; `svc audit-log list` shows a workspace's entries or the install-wide ones (operator grants).
 */
const handle = openTestDb();
afterAll(() => handle.close());

type Page = { data: AuditEntryView[]; nextCursor: string | null };
const only = (entries: AuditEntryView[], action: string) => {
  const found = entries.filter((e) => e.action === action);
  expect(found).toHaveLength(1);
  return found[0]!;
};

describe("svc audit-log", () => {
  it("records key revocation and webhook disable, enable, replay and delete (named by id alone) in the owner's workspace", async () => {
    const workspace = await runCliJson<{ id: string }>(["workspace", "create", "--name", "Audit CLI by id"]);
    const key = await runCliJson<{ id: string; key: string }>([
      "key",
      "create",
      "--workspace",
      workspace.id,
      "--env",
      "live",
      "--scope",
      "full-access",
    ]);
    const hook = await runCliJson<{ id: string; secret: string }>([
      "webhook",
      "create",
      "--workspace",
      workspace.id,
      "--url",
      "https://hooks.example.com/by-id",
      "--events",
      "sent",
    ]);
    await runCliJson(["key", "revoke", "--id", key.id]);
    await runCliJson(["webhook", "disable", "--id", hook.id]);
    await runCliJson(["webhook", "enable", "--id", hook.id]);
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const replay = await runCliJson<{ id: string }>(["webhook", "replay", "--id", hook.id, "--failed-since", since]);
    await runCliJson(["webhook", "delete", "--id", hook.id]);

    const { data } = await runCliJson<Page>(["audit-log", "list", "--workspace", workspace.id]);
    const operator = { type: "operator", id: expect.stringMatching(/^cli:.+/) };
    expect(only(data, "api_key.revoked")).toMatchObject({ actor: operator, target: { type: "api_key", id: key.id } });
    const updates = data.filter((e) => e.action === "webhook.updated");
    expect(updates.map((e) => e.changes)).toEqual([{ isActive: true }, { isActive: false }]);
    expect(updates.every((e) => e.target?.id === hook.id)).toBe(true);
    expect(only(data, "webhook.replayed")).toMatchObject({
      actor: operator,
      target: { type: "webhook", id: hook.id },
      changes: { replayId: replay.id, failedSince: since },
    });
    expect(only(data, "webhook.deleted")).toMatchObject({ actor: operator, target: { type: "webhook", id: hook.id } });
    expect(JSON.stringify(data)).not.toContain(key.key);
    expect(JSON.stringify(data)).not.toContain(hook.secret);
    // None of them fell into the install-wide entries.
    const wide = await runCliJson<Page>(["audit-log", "list", "--install-wide", "--target", hook.id]);
    expect(wide.data).toEqual([]);
  });

  it("records workspace, plan, key, webhook, suppression and operator changes made at the CLI, and lists them by scope", async () => {
    const workspace = await runCliJson<{ id: string }>(["workspace", "create", "--name", "Audit CLI"]);
    await runCliJson(["workspace", "set-plan", "--workspace", workspace.id, "--plan", "pro"]);
    const key = await runCliJson<{ id: string; key: string }>([
      "key",
      "create",
      "--workspace",
      workspace.id,
      "--env",
      "live",
      "--scope",
      "send-only",
    ]);
    const hook = await runCliJson<{ id: string; secret: string }>([
      "webhook",
      "create",
      "--workspace",
      workspace.id,
      "--url",
      "https://hooks.example.com/in",
      "--events",
      "sent",
    ]);
    const exported = await runCli(["suppression", "export", "--workspace", workspace.id]);
    expect(exported.code).toBe(0);
    const email = `op-${Date.now()}@example.com`;
    await addUserToWorkspace(handle.prisma, { email, password: "a long enough password", workspaceId: workspace.id, role: "viewer" });
    await runCliJson(["operator", "grant", "--email", email]);

    const { data, nextCursor } = await runCliJson<Page>(["audit-log", "list", "--workspace", workspace.id]);
    expect(nextCursor).toBeNull();
    const actor = only(data, "workspace.created").actor;
    expect(actor).toEqual({ type: "operator", id: expect.stringMatching(/^cli:.+/) });
    expect(only(data, "workspace.created")).toMatchObject({ workspaceId: workspace.id, target: { type: "workspace", id: workspace.id } });
    expect(only(data, "workspace.created").source).toMatch(/^cli@/);
    expect(only(data, "workspace.plan_changed").changes).toMatchObject({ plan: "pro" });
    expect(only(data, "api_key.created")).toMatchObject({
      target: { type: "api_key", id: key.id },
      changes: { key: "[changed]", scope: "send-only" },
    });
    expect(only(data, "webhook.created")).toMatchObject({
      target: { type: "webhook", id: hook.id },
      changes: { secret: "[changed]", events: ["sent"] },
    });
    expect(only(data, "suppression.exported").target).toEqual({ type: "suppression_list", id: workspace.id });
    expect(JSON.stringify(data)).not.toContain(key.key);
    expect(JSON.stringify(data)).not.toContain(hook.secret);
    // The operator grant is install-wide: not in the workspace's entries, in the install-wide ones.
    expect(data.some((e) => e.action === "operator.granted")).toBe(false);
    const wide = await runCliJson<Page>(["audit-log", "list", "--install-wide", "--action", "operator.granted", "--target", email]);
    expect(wide.data).toHaveLength(1);
    expect(wide.data[0]).toMatchObject({ workspaceId: null, actor, changes: { isOperator: true } });

    const filtered = await runCliJson<Page>([
      "audit-log",
      "list",
      "--workspace",
      workspace.id,
      "--action",
      "api_key.created",
      "--limit",
      "1",
    ]);
    expect(filtered.data.map((e) => e.target?.id)).toEqual([key.id]);

    const bad = await runCli(["audit-log", "list", "--workspace", workspace.id, "--after", "nonsense"]);
    expect({ code: bad.code, stdout: bad.stdout }).toEqual({ code: 1, stdout: "" });
    expect(bad.stderr).toMatch(/after/);
    const neither = await runCli(["audit-log", "list"]);
    expect(neither.code).toBe(2);
  });
});
