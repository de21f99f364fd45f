import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import { listAuditLog, sqlPool } from "@svc/core";
import { startDnsServer, type TestDnsServer } from "../../../test/support/dns-server.ts";
import { openTestDb } from "../../../test/support/fixtures.ts";
import { CLI_TEST_TIMEOUT_MS, runCliJson } from "./runCli.ts";

jest.setTimeout(CLI_TEST_TIMEOUT_MS);

/**
 * Domain and receiving-domain commands that name their target by id alone (no --workspace) record
 * their entry in the workspace that owns the target, removals included (the owner is read before
 * the row goes); nothing of it lands among the install-wide entries.
 */
const handle = openTestDb();
let dns: TestDnsServer;

beforeAll(async () => {
  // A real DNS server with no records: every check finds nothing, at once.
  dns = await startDnsServer();
});
afterAll(async () => {
  await dns.close();
  await handle.close();
});

const run = <T = Record<string, unknown>>(args: string[]) => runCliJson<T>(args, { DNS_SERVERS: dns.address, DNS_TIMEOUT_MS: "500" });
const entriesOf = async (workspaceId: string) => (await listAuditLog(sqlPool(handle), { workspaceId }, { limit: 1000 })).data;
const installWideFor = async (targetId: string) =>
  (await listAuditLog(sqlPool(handle), { installWide: true }, { limit: 1000 })).data.filter((entry) => entry.target?.id === targetId);
const operator = { type: "operator", id: expect.stringMatching(/^cli:/) };

describe("CLI changes named by id alone", () => {
  it("domain verify, tracking, mark-verified and remove land in the domain's workspace", async () => {
    const workspace = await run<{ id: string }>(["workspace", "create", "--name", "Audit by id: domains"]);
    const domain = await run<{ id: string }>(["domain", "add", "--workspace", workspace.id, "--domain", `d${Date.now()}.cli-audit.test`]);
    await run(["domain", "verify", "--id", domain.id]);
    await run(["domain", "tracking", "--id", domain.id, "--open", "on"]);
    await run(["domain", "mark-verified", "--id", domain.id]);
    await run(["domain", "remove", "--id", domain.id]);

    const entries = (await entriesOf(workspace.id)).filter((entry) => entry.target?.id === domain.id);
    const target = { type: "domain", id: domain.id };
    const verified = entries.filter((entry) => entry.action === "domain.verified");
    expect(verified.map((entry) => entry.changes.override ?? false).sort()).toEqual([false, true]);
    expect(verified.every((entry) => entry.target?.type === target.type && entry.actor.type === "operator")).toBe(true);
    const tracking = entries.filter((entry) => entry.action === "domain.tracking_changed");
    expect(tracking).toHaveLength(1);
    expect(tracking[0]).toMatchObject({ actor: operator, target, changes: { tracking: expect.objectContaining({ open: true }) } });
    expect(entries.filter((entry) => entry.action === "domain.removed")).toHaveLength(1);
    expect(await installWideFor(domain.id)).toEqual([]);
  });

  it("inbound verify-domain, mark-verified, add-route, remove-route and remove-domain land in the receiving domain's workspace", async () => {
    const workspace = await run<{ id: string }>(["workspace", "create", "--name", "Audit by id: receiving"]);
    const name = `r${Date.now()}.cli-audit.test`;
    const domain = await run<{ id: string }>([
      "inbound",
      "add-domain",
      "--workspace",
      workspace.id,
      "--domain",
      name,
      "--mx-host",
      "mx.cli.test",
    ]);
    await run(["inbound", "verify-domain", "--id", domain.id]);
    await run(["inbound", "mark-verified", "--id", domain.id]);
    const routed = await run<{ routes: Array<{ id: string; address: string }> }>([
      "inbound",
      "add-route",
      "--domain-id",
      domain.id,
      "--address",
      "support",
    ]);
    const route = routed.routes.find((r) => r.address === `support@${name}`)!;
    await run(["inbound", "remove-route", "--id", route.id]);
    await run(["inbound", "remove-domain", "--id", domain.id]);

    const entries = await entriesOf(workspace.id);
    const actions = entries.filter((entry) => [domain.id, route.id].includes(entry.target?.id ?? "")).map((entry) => entry.action);
    expect(actions.sort()).toEqual(
      [
        "inbound_route.created",
        "inbound_route.removed",
        "receiving_domain.created",
        "receiving_domain.removed",
        "receiving_domain.verified",
        "receiving_domain.verified",
      ].sort(),
    );
    expect(entries.find((entry) => entry.action === "inbound_route.removed")).toMatchObject({
      actor: operator,
      target: { type: "inbound_route", id: route.id },
    });
    expect(await installWideFor(domain.id)).toEqual([]);
    expect(await installWideFor(route.id)).toEqual([]);
  });
});
