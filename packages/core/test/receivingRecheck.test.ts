import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import {
  addInboundRoute,
  addReceivingDomain,
  createDnsResolver,
  markReceivingDomainVerified,
  recheckDomains,
  routeRecipients,
  SecretBox,
  verifyReceivingDomain,
} from "@svc/core";
import { createLogger } from "@svc/logger";
import { startDnsServer, type TestDnsServer } from "../../../test/support/dns-server.ts";
import { createWorkspaceFixture, openTestDb } from "../../../test/support/fixtures.ts";

const handle = openTestDb();
const db = handle.prisma;
const log = createLogger("receiving-recheck-test", "silent");
const local = { secrets: new SecretBox("33".repeat(32)), identities: null, region: "us-east-1" };
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

describe("the domain re-check, for receiving domains", () => {
  it("fails a verified receiving domain whose ownership record vanished, and the receiver stops routing it; it verifies again when the record is back", async () => {
    const fx = await createWorkspaceFixture(handle);
    const name = `in.${fx.domain}`;
    const added = await addReceivingDomain(
      db,
      { workspaceId: fx.workspaceId, domain: name },
      { mxHost: "mx.svc.test", region: "us-east-1" },
    );
    const ownership = added.records.find((record) => record.purpose === "ownership")!;
    dns.setTxt(ownership.name, [ownership.value]);
    dns.setMx(name, [{ priority: 10, exchange: "mx.svc.test" }]);
    expect((await verifyReceivingDomain(db, added.id, { resolver, workspaceId: fx.workspaceId })).status).toBe("verified");
    await addInboundRoute(db, { receivingDomainId: added.id, address: "support" });
    const mine = [fx.workspaceId];

    // Checked just now: not due, nothing changes.
    const early = await recheckDomains(handle, { resolver, maxAgeMs: 3_600_000, log, deliveries: null, workspaceIds: mine }, local);
    expect(early.receiving.checked).toBe(0);

    dns.remove(ownership.name);
    const result = await recheckDomains(handle, { resolver, maxAgeMs: 0, log, deliveries: null, workspaceIds: mine }, local);
    expect(result.receiving.failed).toEqual([{ id: added.id, workspaceId: fx.workspaceId, domain: name }]);
    expect((await db.receivingDomain.findUniqueOrThrow({ where: { id: added.id } })).status).toBe("failed");
    expect(await routeRecipients(db, [`support@${name}`])).toEqual([null]);

    dns.setTxt(ownership.name, [ownership.value]);
    const again = await recheckDomains(handle, { resolver, maxAgeMs: 0, log, deliveries: null, workspaceIds: mine }, local);
    expect(again.receiving.failed).toEqual([]);
    expect((await db.receivingDomain.findUniqueOrThrow({ where: { id: added.id } })).status).toBe("verified");
    expect((await routeRecipients(db, [`support@${name}`]))[0]).toMatchObject({ workspaceId: fx.workspaceId });
  });

  it("leaves a receiving domain the operator marked verified without DNS alone", async () => {
    const fx = await createWorkspaceFixture(handle);
    const added = await addReceivingDomain(
      db,
      { workspaceId: fx.workspaceId, domain: `trial.${fx.domain}` },
      { mxHost: null, region: "us-east-1" },
    );
    await markReceivingDomainVerified(db, added.id);
    const result = await recheckDomains(handle, { resolver, maxAgeMs: 0, log, deliveries: null, workspaceIds: [fx.workspaceId] }, local);
    expect(result.receiving.checked).toBe(0);
    expect((await db.receivingDomain.findUniqueOrThrow({ where: { id: added.id } })).status).toBe("verified");
  });
});
