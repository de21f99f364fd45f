import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createApiKey } from "@svc/core";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { queuedId, type RelayInstance, refusalOf, startRelay, throughProxy, transport } from "./harness.ts";

/**
 * Keys bound to sending domains and source networks, used through the relay with nodemailer: the
 * client's address comes from the PROXY header the test writes as a load balancer would.
 */
const handle = openTestDb();
const db = handle.prisma;
let relay: RelayInstance;
let fx: WorkspaceFixture;

beforeAll(async () => {
  relay = await startRelay({ SMTP_PROXY_PROTOCOL: "127.0.0.1", QUEUE_PREFIX: `smtp-bindings-${Date.now()}` });
  fx = await createWorkspaceFixture(handle);
}, 60_000);
afterAll(async () => {
  await relay?.close();
  await handle.close();
});

/** Like throughProxy, for an IPv6 origin. */
function throughProxy6(origin: string): SMTPTransport.Options["getSocket"] {
  return (_options, callback) => {
    const socket = net.connect(relay.smtpPort, "127.0.0.1", () => {
      socket.write(`PROXY TCP6 ${origin} ::1 45000 ${relay.smtpPort}\r\n`);
      callback(null, { connection: socket });
    });
    socket.once("error", (error) => callback(error, false));
  };
}

const emailCount = () => db.email.count({ where: { organizationId: fx.workspaceId } });
const message = (domain: string, subject: string) => ({ from: `Acme <hello@${domain}>`, to: "someone@example.org", subject, text: "Hi" });

async function key(bindings: { domains?: string[]; cidrs?: string[] }): Promise<string> {
  return (await createApiKey(db, { workspaceId: fx.workspaceId, environment: "live", scope: "send-only", ...bindings })).key;
}

describe("a key bound to sending domains, over SMTP", () => {
  it("queues a message from its domain; one from another answers 550 5.7.1 with the REST API's message and stores nothing", async () => {
    const bound = await key({ domains: [fx.domain] });
    const client = transport(relay, bound, { getSocket: throughProxy(relay, "198.51.100.10") });
    const info = await client.sendMail(message(fx.domain, "bound ok"));
    expect((await db.email.findUniqueOrThrow({ where: { id: queuedId(info.response) } })).subject).toBe("bound ok");

    const before = await emailCount();
    const other = `elsewhere-${fx.domain}`;
    const refusal = await refusalOf(client.sendMail(message(other, "bound refused")));
    expect(refusal.responseCode).toBe(550);
    expect(refusal.response).toBe(`550 5.7.1 This API key may not send from ${other}: it is bound to other sending domains.`);
    expect(await emailCount()).toBe(before);
    client.close();
  });

  it("a key without bindings sends from any address, as before (the domain check alone refuses an unverified one)", async () => {
    const client = transport(relay, fx.keys["send-only"], { getSocket: throughProxy(relay, "198.51.100.11") });
    const info = await client.sendMail(message(fx.domain, "unbound ok"));
    expect(queuedId(info.response)).toMatch(/^email_/);
    const refusal = await refusalOf(client.sendMail(message(`elsewhere-${fx.domain}`, "unbound unverified")));
    expect(refusal.response).toMatch(/^550 5\.7\.1 /);
    expect(refusal.response).not.toContain("bound to other sending domains");
    client.close();
  });
});

describe("a key bound to source networks, over SMTP", () => {
  it("IPv4: AUTH from inside its CIDR sends; from outside, AUTH is refused 550 5.7.1 and nothing is stored", async () => {
    const bound = await key({ cidrs: ["203.0.113.0/24"] });
    const inside = transport(relay, bound, { getSocket: throughProxy(relay, "203.0.113.99") });
    const info = await inside.sendMail(message(fx.domain, "cidr v4 ok"));
    expect(queuedId(info.response)).toMatch(/^email_/);
    inside.close();

    const before = await emailCount();
    const outside = transport(relay, bound, { getSocket: throughProxy(relay, "203.0.114.1") });
    const refusal = await refusalOf(outside.sendMail(message(fx.domain, "cidr v4 refused")));
    expect(refusal.response).toBe("550 5.7.1 This API key may not be used from 203.0.114.1: it is bound to other source networks.");
    expect(await emailCount()).toBe(before);
    outside.close();
  });

  it("IPv6: inside its CIDR sends, outside is refused", async () => {
    const bound = await key({ cidrs: ["2001:db8::/32"] });
    const inside = transport(relay, bound, { getSocket: throughProxy6("2001:db8:5::1") });
    expect(queuedId((await inside.sendMail(message(fx.domain, "cidr v6 ok"))).response)).toMatch(/^email_/);
    inside.close();
    const outside = transport(relay, bound, { getSocket: throughProxy6("2001:db9::1") });
    const refusal = await refusalOf(outside.sendMail(message(fx.domain, "cidr v6 refused")));
    expect(refusal.response).toBe("550 5.7.1 This API key may not be used from 2001:db9::1: it is bound to other source networks.");
    outside.close();
  });

  it("a refusal for the source is not a failed AUTH: the owner's key is not locked out by a leaked copy used elsewhere", async () => {
    const bound = await key({ cidrs: ["192.0.2.0/24"] });
    // More refusals than SMTP_AUTH_MAX_FAILURES (10 by default) from outside.
    for (let i = 0; i < 12; i++) {
      const outside = transport(relay, bound, { getSocket: throughProxy(relay, "198.51.100.77") });
      expect((await refusalOf(outside.verify())).response).toMatch(/^550 5\.7\.1 This API key may not be used from 198\.51\.100\.77/);
      outside.close();
    }
    const inside = transport(relay, bound, { getSocket: throughProxy(relay, "192.0.2.5") });
    expect(queuedId((await inside.sendMail(message(fx.domain, "owner still sends"))).response)).toMatch(/^email_/);
    inside.close();
  });
});
