import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { startDnsServer, type TestDnsServer } from "../../../test/support/dns-server.ts";
import { type Agent, createTestDashboard, signedUpAgent, type TestDashboard } from "./support.ts";

/** Receiving domains from the dashboard: added with their records shown, verified by the re-check button, routed. */

let dns: TestDnsServer;
let dashboard: TestDashboard;
let owner: { agent: Agent; email: string; csrf: string };
let stranger: { agent: Agent; email: string; csrf: string };
let workspaceId: string;
// A proven name has one owner across runs sharing the database: each run proves its own.
const name = `reply-${Date.now().toString(36)}.receiving.example.com`;

beforeAll(async () => {
  dns = await startDnsServer();
  dashboard = await createTestDashboard({ DNS_SERVERS: dns.address, DNS_TIMEOUT_MS: "500", INBOUND_MX_HOST: "mx.svc.test" });
  owner = await signedUpAgent(dashboard.url, { workspaceName: "Receiving" });
  stranger = await signedUpAgent(dashboard.url);
  workspaceId = (await dashboard.db.member.findFirstOrThrow({ where: { user: { email: owner.email } } })).workspaceId;
});

afterAll(async () => {
  await dashboard?.close();
  await dns?.close();
});

describe("receiving domains in the dashboard", () => {
  let domainId: string;

  it("adds a domain and shows the records to publish; a bad name is answered with the reason, keeping what was typed", async () => {
    const bad = await owner.agent.post("/inbound/domains").type("form").send({ _csrf: owner.csrf, domain: "not a domain" }).expect(422);
    expect(bad.text).toContain("alert-error");
    expect(bad.text).toContain('value="not a domain"');
    expect(await dashboard.db.receivingDomain.count({ where: { workspaceId } })).toBe(0);

    const added = await owner.agent
      .post("/inbound/domains")
      .type("form")
      .send({ _csrf: owner.csrf, domain: name.toUpperCase() })
      .expect(303);
    const row = await dashboard.db.receivingDomain.findFirstOrThrow({ where: { workspaceId, name } });
    domainId = row.id;
    expect(added.headers.location).toBe(`/inbound/domains/${domainId}?notice=domain_added`);
    const page = await owner.agent.get(`/inbound/domains/${domainId}`).expect(200);
    const records = row.records as Array<{ type: string; name: string; value: string }>;
    expect(records.map((record) => record.type).sort()).toEqual(["MX", "TXT"]);
    expect(records.find((record) => record.type === "MX")!.value).toBe("mx.svc.test");
    for (const record of records) {
      expect(page.text).toContain(`value="${record.name}"`);
      expect(page.text).toContain(`value="${record.value}"`);
    }
    expect(page.text).toContain("Verify DNS records");
    expect((await owner.agent.get("/inbound/domains").expect(200)).text).toContain(`data-receiving-domain="${domainId}"`);
  });

  it("verifies with the re-check button once the records are published", async () => {
    await owner.agent
      .post(`/inbound/domains/${domainId}/verify`)
      .type("form")
      .send({ _csrf: owner.csrf })
      .expect(303)
      .expect("location", `/inbound/domains/${domainId}?notice=domain_unverified`);
    expect((await dashboard.db.receivingDomain.findUniqueOrThrow({ where: { id: domainId } })).status).toBe("pending");

    const records = (await dashboard.db.receivingDomain.findUniqueOrThrow({ where: { id: domainId } })).records as Array<{
      type: string;
      name: string;
      value: string;
    }>;
    for (const record of records) {
      if (record.type === "TXT") dns.setTxt(record.name, [record.value]);
      else dns.setMx(record.name, [{ priority: 10, exchange: record.value }]);
    }
    await owner.agent
      .post(`/inbound/domains/${domainId}/verify`)
      .type("form")
      .send({ _csrf: owner.csrf })
      .expect(303)
      .expect("location", `/inbound/domains/${domainId}?notice=receiving_verified`);
    expect((await dashboard.db.receivingDomain.findUniqueOrThrow({ where: { id: domainId } })).status).toBe("verified");
  });

  it("adds and removes routes; a bad one is answered with the reason", async () => {
    await owner.agent
      .post(`/inbound/domains/${domainId}/routes`)
      .type("form")
      .send({ _csrf: owner.csrf, address: "support" })
      .expect(303)
      .expect("location", `/inbound/domains/${domainId}?notice=route_added`);
    const route = await dashboard.db.inboundRoute.findFirstOrThrow({ where: { receivingDomainId: domainId } });
    expect((await owner.agent.get(`/inbound/domains/${domainId}`).expect(200)).text).toContain(`support@${name}`);

    const wrongDomain = await owner.agent
      .post(`/inbound/domains/${domainId}/routes`)
      .type("form")
      .send({ _csrf: owner.csrf, address: "help@elsewhere.test" })
      .expect(422);
    expect(wrongDomain.text).toContain(`must be an address of ${name}`);
    const duplicate = await owner.agent
      .post(`/inbound/domains/${domainId}/routes`)
      .type("form")
      .send({ _csrf: owner.csrf, address: "support" })
      .expect(409);
    expect(duplicate.text).toContain("already exists");
    expect(await dashboard.db.inboundRoute.count({ where: { receivingDomainId: domainId } })).toBe(1);

    await owner.agent.post(`/inbound/domains/${domainId}/routes/${route.id}/remove`).type("form").send({ _csrf: owner.csrf }).expect(303);
    expect(await dashboard.db.inboundRoute.count({ where: { receivingDomainId: domainId } })).toBe(0);
  });

  it("is not found for another workspace, which changes nothing", async () => {
    await owner.agent.post(`/inbound/domains/${domainId}/routes`).type("form").send({ _csrf: owner.csrf, address: "*" }).expect(303);
    const route = await dashboard.db.inboundRoute.findFirstOrThrow({ where: { receivingDomainId: domainId } });
    await stranger.agent.get(`/inbound/domains/${domainId}`).expect(404);
    await stranger.agent.post(`/inbound/domains/${domainId}/verify`).type("form").send({ _csrf: stranger.csrf }).expect(404);
    await stranger.agent
      .post(`/inbound/domains/${domainId}/routes`)
      .type("form")
      .send({ _csrf: stranger.csrf, address: "sneaky" })
      .expect(404);
    await stranger.agent
      .post(`/inbound/domains/${domainId}/routes/${route.id}/remove`)
      .type("form")
      .send({ _csrf: stranger.csrf })
      .expect(404);
    await stranger.agent.post(`/inbound/domains/${domainId}/remove`).type("form").send({ _csrf: stranger.csrf }).expect(404);
    expect((await stranger.agent.get("/inbound/domains").expect(200)).text).not.toContain(name);
    expect(await dashboard.db.inboundRoute.count({ where: { receivingDomainId: domainId } })).toBe(1);
    expect(await dashboard.db.receivingDomain.count({ where: { id: domainId } })).toBe(1);
  });

  it("removes the domain after asking", async () => {
    const ask = await owner.agent.get(`/inbound/domains/${domainId}/remove`).expect(200);
    expect(ask.text).toContain(name);
    await owner.agent
      .post(`/inbound/domains/${domainId}/remove`)
      .type("form")
      .send({ _csrf: owner.csrf })
      .expect(303)
      .expect("location", "/inbound/domains?notice=receiving_removed");
    expect(await dashboard.db.receivingDomain.count({ where: { id: domainId } })).toBe(0);
  });
});
