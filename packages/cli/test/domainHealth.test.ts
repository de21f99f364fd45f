import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import { addDomain, createDnsResolver, recordDomainHealth, SecretBox } from "@svc/core";
import { startDnsServer, type TestDnsServer } from "../../../test/support/dns-server.ts";
import { createWorkspaceFixture, openTestDb } from "../../../test/support/fixtures.ts";
import { CLI_TEST_TIMEOUT_MS, runCli, runCliJson } from "./runCli.ts";

jest.setTimeout(CLI_TEST_TIMEOUT_MS);

/** `svc domain health`: the history the re-check recorded, scoped to a workspace when one is given. */
const handle = openTestDb();
let dns: TestDnsServer;

beforeAll(async () => {
  dns = await startDnsServer();
});
afterAll(async () => {
  await dns.close();
  await handle.close();
});

describe("svc domain health", () => {
  it("prints the latest findings and the changes, and not another workspace's", async () => {
    const fx = await createWorkspaceFixture(handle);
    const local = { secrets: new SecretBox("55".repeat(32)), identities: null, region: "us-east-1" };
    const added = await addDomain(handle.prisma, { workspaceId: fx.workspaceId, domain: `cli-health.${fx.domain}` }, local);
    const domain = await handle.prisma.domain.findUniqueOrThrow({ where: { id: added.id } });
    const resolver = createDnsResolver({ servers: [dns.address], timeoutMs: 400, tries: 1 });
    dns.setTxt(`_dmarc.${domain.name}`, ["v=DMARC1; p=none"]);
    await recordDomainHealth(handle.prisma, resolver, domain, new Date(Date.now() - 60_000));
    dns.setTxt(`_dmarc.${domain.name}`, ["v=DMARC1; p=reject; rua=mailto:d@example.test"]);
    await recordDomainHealth(handle.prisma, resolver, domain, new Date());

    const health = await runCliJson<{
      domain: string;
      latest: { findings: Array<{ kind: string; status: string; fix: string | null }> };
      changes: Array<{ changes: unknown[] }>;
      checks: number;
    }>(["domain", "health", "--id", added.id, "--workspace", fx.workspaceId]);
    expect(health.domain).toBe(domain.name);
    expect(health.checks).toBe(2);
    expect(health.latest.findings.find((f) => f.kind === "dmarc")).toMatchObject({ status: "ok" });
    expect(health.latest.findings.find((f) => f.kind === "spf")).toMatchObject({
      status: "warning",
      fix: expect.stringContaining("amazonses"),
    });
    expect(health.changes.map((c) => c.changes)).toEqual([[{ kind: "dmarc", from: "warning", to: "ok" }]]);

    const other = await createWorkspaceFixture(handle);
    const refused = await runCli(["domain", "health", "--id", added.id, "--workspace", other.workspaceId]);
    expect(refused.code).not.toBe(0);
    expect(refused.stdout).toBe("");
    expect(refused.stderr).toContain("Domain not found");
  });
});
