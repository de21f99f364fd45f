import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import {
  AppError,
  addDomain,
  createDnsResolver,
  type DomainView,
  getDomainHealth,
  type HealthFinding,
  type HealthKind,
  recheckDomains,
  SecretBox,
} from "@svc/core";
import { createLogger } from "@svc/logger";
import { startDnsServer, type TestDnsServer } from "../../../test/support/dns-server.ts";
import { createWorkspaceFixture, openTestDb } from "../../../test/support/fixtures.ts";
import { insertHealthCheck } from "../src/stores/domainHealthChecks.ts";

const handle = openTestDb();
const db = handle.prisma;
const log = createLogger("domain-health-test", "silent");
const local = { secrets: new SecretBox("44".repeat(32)), identities: null, region: "us-east-1" };
let dns: TestDnsServer;
let resolver: ReturnType<typeof createDnsResolver>;

beforeAll(async () => {
  dns = await startDnsServer();
  resolver = createDnsResolver({ servers: [dns.address], timeoutMs: 400, tries: 1 });
});
afterAll(async () => {
  await dns.close();
  await handle.close();
});

/** A sending domain whose DKIM and MAIL FROM records are published, with `spf` and `dmarc` at the domain. */
async function healthyDomain(spf: string | null, dmarc: string | null): Promise<{ workspaceId: string; domain: DomainView }> {
  const fx = await createWorkspaceFixture(handle);
  const domain = await addDomain(
    db,
    { workspaceId: fx.workspaceId, domain: `health-${fx.workspaceId.slice(4).toLowerCase()}.example.test` },
    local,
  );
  for (const record of domain.records) {
    if (record.type === "MX") dns.setMx(record.name, [{ priority: record.priority!, exchange: record.value }]);
    else if (!record.name.startsWith("_svc.")) dns.setTxt(record.name, [record.value]);
  }
  if (spf) dns.setTxt(domain.domain, [spf, "google-site-verification=abc"]);
  if (dmarc) dns.setTxt(`_dmarc.${domain.domain}`, [dmarc]);
  return { workspaceId: fx.workspaceId, domain };
}

async function recheck(workspaceId: string) {
  return recheckDomains(handle, { resolver, maxAgeMs: 0, log, deliveries: null, workspaceIds: [workspaceId] }, local);
}

const finding = (findings: HealthFinding[] | undefined, kind: HealthKind) => findings?.find((f) => f.kind === kind);

describe("DNS health over time", () => {
  it("records every kind ok for a healthy domain, and SPF's lookup count", async () => {
    dns.setTxt("_spf.health-mail.test", ["v=spf1 ip4:192.0.2.0/24 include:_inner.health-mail.test -all"]);
    dns.setTxt("_inner.health-mail.test", ["v=spf1 a mx -all"]);
    const { workspaceId, domain } = await healthyDomain(
      "v=spf1 include:amazonses.com include:_spf.health-mail.test ~all",
      "v=DMARC1; p=quarantine; rua=mailto:dmarc@example.test",
    );
    await recheck(workspaceId);
    const health = await getDomainHealth(db, domain.id, workspaceId);
    expect(health.latest?.findings.map((f) => [f.kind, f.status])).toEqual([
      ["spf", "ok"],
      ["dkim", "ok"],
      ["dmarc", "ok"],
      ["mail_from_mx", "ok"],
      ["mail_from_spf", "ok"],
    ]);
    // amazonses.com is not served here (NXDOMAIN): 1; _spf: 1, its include: 1, a and mx: 2.
    expect(finding(health.latest?.findings, "spf")).toMatchObject({ lookups: 5, found: [expect.stringContaining("amazonses")] });
    expect(finding(health.latest?.findings, "dmarc")).toMatchObject({ policy: "quarantine", rua: true });
    expect(health.changes).toEqual([]);
  });

  it("marks SPF without SES's include broken, with the fix", async () => {
    const { workspaceId, domain } = await healthyDomain(
      "v=spf1 include:_spf.google.com ~all",
      "v=DMARC1; p=reject; rua=mailto:d@example.test",
    );
    await recheck(workspaceId);
    const spf = finding((await getDomainHealth(db, domain.id, workspaceId)).latest?.findings, "spf");
    expect(spf).toMatchObject({ status: "broken", found: ["v=spf1 include:_spf.google.com ~all"] });
    expect(spf?.fix).toContain("include:amazonses.com");
  });

  it("marks SPF that takes 11 lookups broken, and stops counting past the limit", async () => {
    // A chain: each include costs one and includes the next, 11 deep; also a loop back to the start.
    for (let i = 0; i < 11; i += 1) dns.setTxt(`l${i}.spf-chain.test`, [`v=spf1 include:l${i + 1}.spf-chain.test -all`]);
    dns.setTxt("l11.spf-chain.test", ["v=spf1 include:l0.spf-chain.test -all"]);
    const { workspaceId, domain } = await healthyDomain(
      "v=spf1 include:amazonses.com a mx include:l0.spf-chain.test ~all",
      "v=DMARC1; p=none; rua=mailto:d@example.test",
    );
    const queriesBefore = dns.queries.length;
    await recheck(workspaceId);
    const spf = finding((await getDomainHealth(db, domain.id, workspaceId)).latest?.findings, "spf");
    expect(spf?.status).toBe("broken");
    expect(spf?.lookups).toBe(11);
    expect(spf?.detail).toContain("more than 10 DNS lookups");
    // The loop is not followed forever: the chain's queries are bounded by the limit.
    expect(dns.queries.slice(queriesBefore).filter((name) => name.endsWith("spf-chain.test")).length).toBeLessThanOrEqual(10);
  });

  it("warns on DMARC p=none without rua", async () => {
    const { workspaceId, domain } = await healthyDomain("v=spf1 include:amazonses.com ~all", "v=DMARC1; p=none;");
    await recheck(workspaceId);
    const dmarc = finding((await getDomainHealth(db, domain.id, workspaceId)).latest?.findings, "dmarc");
    expect(dmarc).toMatchObject({ status: "warning", policy: "none", rua: false });
    expect(dmarc?.fix).toContain("rua=mailto:");
  });

  it("records a timeout as unknown, never broken, and the changes between checks", async () => {
    const { workspaceId, domain } = await healthyDomain("v=spf1 include:amazonses.com ~all", "v=DMARC1; p=none; rua=mailto:d@example.test");
    await recheck(workspaceId);
    const dkimName = domain.records.find((record) => record.name.includes("._domainkey."))!.name;

    dns.misbehave(dkimName, "timeout");
    dns.misbehave(domain.domain, "servfail");
    await recheck(workspaceId);
    let health = await getDomainHealth(db, domain.id, workspaceId);
    expect(finding(health.latest?.findings, "dkim")).toMatchObject({ status: "unknown", fix: null });
    expect(finding(health.latest?.findings, "spf")).toMatchObject({ status: "unknown", fix: null });
    expect(health.changes[0]?.changes).toEqual(
      expect.arrayContaining([
        { kind: "spf", from: "ok", to: "unknown" },
        { kind: "dkim", from: "ok", to: "unknown" },
      ]),
    );

    dns.misbehave(dkimName, null);
    dns.misbehave(domain.domain, null);
    dns.setTxt(domain.domain, ["v=spf1 -all"]);
    await recheck(workspaceId);
    health = await getDomainHealth(db, domain.id, workspaceId);
    expect(health.checks).toBe(3);
    expect(health.changes.map((change) => change.changes)).toEqual([
      [
        { kind: "spf", from: "unknown", to: "broken" },
        { kind: "dkim", from: "unknown", to: "ok" },
      ],
      expect.any(Array),
    ]);
  });

  it("keeps a bounded history per domain", async () => {
    const { workspaceId, domain } = await healthyDomain(null, null);
    for (let i = 0; i < 5; i += 1) {
      await insertHealthCheck(
        db,
        { domainId: domain.id, workspaceId, checkedAt: new Date(Date.UTC(2026, 0, 1 + i)), findings: [], changes: [] },
        3,
      );
    }
    const kept = await db.domainHealthCheck.findMany({ where: { domainId: domain.id }, orderBy: { checkedAt: "asc" } });
    expect(kept.map((row) => row.checkedAt.getUTCDate())).toEqual([3, 4, 5]);
  });

  it("does not show one workspace's history to another", async () => {
    const { workspaceId, domain } = await healthyDomain("v=spf1 include:amazonses.com ~all", null);
    await recheck(workspaceId);
    const other = await createWorkspaceFixture(handle);
    const error = await getDomainHealth(db, domain.id, other.workspaceId).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("not_found");
    expect((await getDomainHealth(db, domain.id, workspaceId)).checks).toBe(1);
  });
});
