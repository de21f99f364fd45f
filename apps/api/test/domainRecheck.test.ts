import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { SecretBox, addDomain, createApiKey, createDnsResolver, createWorkspace, markDomainVerified, recheckDomains, verifyDomain, type DomainView } from "@svc/core";
import { createLogger } from "@svc/logger";
import request from "supertest";
import { startDnsServer, type TestDnsServer } from "../../../test/support/dns-server.ts";
import { openTestDb } from "../../../test/support/fixtures.ts";
import { bearer, sendBody, startApi, type ApiInstance } from "./harness.ts";

const handle = openTestDb();
const db = handle.prisma;
const log = createLogger("domain-recheck-test", "silent");
/** The simulator's context: the same commands and records, checked locally. */
const local = { secrets: new SecretBox("33".repeat(32)), identities: null, region: "us-east-1" };
let api: ApiInstance;
let dns: TestDnsServer;
let resolver: ReturnType<typeof createDnsResolver>;

beforeAll(async () => {
  [api, dns] = await Promise.all([startApi(), startDnsServer()]);
  resolver = createDnsResolver({ servers: [dns.address], timeoutMs: 400, tries: 1 });
});
afterAll(async () => {
  await Promise.all([api.close(), dns.close()]);
  await handle.close();
});

function publish(domain: DomainView): void {
  const txt = new Map<string, string[]>();
  for (const record of domain.records) {
    if (record.type === "MX") dns.setMx(record.name, [{ priority: record.priority!, exchange: record.value }]);
    else txt.set(record.name, [...(txt.get(record.name) ?? []), record.value]);
  }
  for (const [name, values] of txt) dns.setTxt(name, values);
}

describe("the scheduled domain re-check", () => {
  it("leaves a domain the operator marked verified without DNS alone (a local trial keeps sending)", async () => {
    const workspace = await createWorkspace(db, { name: "Override", plan: "unlimited" });
    const domain = await addDomain(db, { workspaceId: workspace.id, domain: `trial-${Date.now()}.example.test` }, local);
    await markDomainVerified(db, domain.id);
    const result = await recheckDomains(db, { resolver, maxAgeMs: 0, log, workspaceIds: [workspace.id] }, local);
    expect(result).toMatchObject({ checked: 0, failed: [] });
    expect((await db.domain.findUniqueOrThrow({ where: { id: domain.id } })).status).toBe("verified");
  });

  it("turns a domain whose DKIM record vanished into failed, and the next send from it gets 403 saying why and when it was last verified", async () => {
    const workspace = await createWorkspace(db, { name: "Recheck", plan: "unlimited" });
    const key = await createApiKey(db, { workspaceId: workspace.id, environment: "live", scope: "send-only" });
    const domain = await addDomain(db, { workspaceId: workspace.id, domain: `recheck-${Date.now()}.example.test` }, local);
    publish(domain);
    expect((await verifyDomain(db, domain.id, { resolver }, local)).status).toBe("verified");
    const send = () => request(api.url).post("/emails").set(bearer(key.key)).send(sendBody(domain.domain));
    expect((await send()).status).toBe(202);

    // Checked recently: not due yet, nothing changes.
    const mine = [workspace.id];
    const early = await recheckDomains(db, { resolver, maxAgeMs: 3_600_000, log, workspaceIds: mine }, local);
    expect(early.checked).toBe(0);
    expect(early.failed.map((entry) => entry.id)).not.toContain(domain.id);

    const dkim = domain.records.find((record) => record.name.includes("._domainkey."))!;
    dns.remove(dkim.name);
    const lastVerifiedAt = (await db.domain.findUniqueOrThrow({ where: { id: domain.id } })).lastVerifiedAt!;
    const result = await recheckDomains(db, { resolver, maxAgeMs: 0, log, workspaceIds: mine }, local);
    expect(result.failed).toContainEqual({ id: domain.id, workspaceId: workspace.id, domain: domain.domain, reason: expect.stringContaining(dkim.name) });
    expect((await db.domain.findUniqueOrThrow({ where: { id: domain.id } })).status).toBe("failed");

    const emailsBefore = await db.email.count({ where: { organizationId: workspace.id } });
    const refused = await send();
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("domain_not_verified");
    expect(refused.body.error).toContain(`The from domain ${domain.domain} is not verified for this workspace.`);
    expect(refused.body.error).toContain(`TXT ${dkim.name}: No such name in DNS (NXDOMAIN).`);
    expect(refused.body.error).toContain(`Last seen verified: ${lastVerifiedAt.toISOString()}.`);
    expect(await db.email.count({ where: { organizationId: workspace.id } })).toBe(emailsBefore);

    // The record comes back: the next re-check verifies it again and sending resumes.
    publish(domain);
    const back = await recheckDomains(db, { resolver, maxAgeMs: 0, log, workspaceIds: mine }, local);
    expect(back).toMatchObject({ checked: 1, verified: 1, failed: [] });
    expect((await send()).status).toBe(202);
  });
});
