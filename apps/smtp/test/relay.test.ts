import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { revokeApiKey, setWorkspacePlan, utcDay } from "@svc/core";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { queuedId, refusalOf, startRelay, transport, type RelayInstance, type SmtpFailure } from "./harness.ts";

/**
 * The relay in this process against the real Postgres and Redis, driven by nodemailer (a real
 * SMTP client) over STARTTLS: what is queued, what is refused with which reply, and that nothing
 * is stored for a refusal.
 */
const handle = openTestDb();
const db = handle.prisma;
let relay: RelayInstance;
let fx: WorkspaceFixture;

beforeAll(async () => {
  relay = await startRelay();
  fx = await createWorkspaceFixture(handle, { plan: "unlimited" });
}, 60_000);

afterAll(async () => {
  await relay?.close();
  await handle.close();
});

const emailsOf = (workspaceId: string) => db.email.findMany({ where: { organizationId: workspaceId }, orderBy: { createdAt: "asc" } });

let counter = 0;
/** A message from the fixture's verified domain, with its own Message-ID. */
function message(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    from: `Acme <hello@${fx.domain}>`,
    to: "someone@example.org",
    subject: `Hello ${counter}`,
    text: "Hi there",
    html: "<p>Hi there</p>",
    messageId: `<relay-test-${counter}-${Date.now()}@${fx.domain}>`,
    ...overrides,
  };
}

describe("accepted messages", () => {
  it("become one queued email each, with its send job, answered 250 … queued as email_…", async () => {
    const client = transport(relay, fx.keys["send-only"]);
    const info = await client.sendMail(message({ subject: "Welcome", text: "Hi\nthere", html: "<p>Hi <b>there</b></p>" }));
    const id = queuedId(info.response);
    const row = await db.email.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({
      organizationId: fx.workspaceId,
      apiKeyId: fx.keyIds["send-only"],
      environment: "live",
      from: `Acme <hello@${fx.domain}>`,
      to: ["someone@example.org"],
      subject: "Welcome",
      text: "Hi\nthere",
      html: "<p>Hi <b>there</b></p>",
      status: "queued",
    });
    expect(await relay.producer.has(id)).toBe(true);
    client.close();
  });

  it("sends many messages over one connection, each its own email (a pooled client)", async () => {
    const client = transport(relay, fx.keys["full-access"], { pool: true, maxConnections: 1 } as never);
    const infos = await Promise.all([1, 2, 3, 4, 5].map((n) => client.sendMail(message({ subject: `Pooled ${n}` }))));
    const ids = infos.map((info) => queuedId(info.response));
    expect(new Set(ids).size).toBe(5);
    expect(await db.email.count({ where: { id: { in: ids } } })).toBe(5);
    client.close();
  });

  it("takes the recipients from the envelope (RCPT TO), not from the headers", async () => {
    const client = transport(relay, fx.keys["send-only"]);
    const info = await client.sendMail({
      ...message(),
      to: "visible@example.org",
      envelope: { from: `bounces@${fx.domain}`, to: ["visible@example.org", "hidden@example.org"] },
    });
    const row = await db.email.findUniqueOrThrow({ where: { id: queuedId(info.response) } });
    // The one not named in the headers is a Bcc recipient: it gets the message, unseen by others.
    expect(row).toMatchObject({ to: ["visible@example.org"], cc: [], bcc: ["hidden@example.org"] });
    client.close();
  });

  it("maps Cc, Bcc, Reply-To, extra headers, attachments and inline images to the email's fields", async () => {
    const client = transport(relay, fx.keys["send-only"]);
    const pdf = Buffer.from("%PDF-1.4 not really a pdf\n\u0000\u00ff binary", "latin1");
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    const info = await client.sendMail(
      message({
        to: ["Ann <ann@example.org>"],
        cc: ["carl@example.org"],
        bcc: ["bea@example.org"],
        replyTo: "Support Desk <support@example.org>",
        headers: { "X-Campaign": "spring", "List-Unsubscribe": "<mailto:unsubscribe@example.org>" },
        html: '<p>Logo: <img src="cid:logo@acme"></p>',
        attachments: [
          { filename: "invoice.pdf", content: pdf, contentType: "application/pdf" },
          { filename: "logo.png", content: png, contentType: "image/png", cid: "logo@acme" },
        ],
      }),
    );
    const id = queuedId(info.response);
    const row = await db.email.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({
      to: ["ann@example.org"],
      cc: ["carl@example.org"],
      bcc: ["bea@example.org"],
      replyTo: ["Support Desk <support@example.org>"],
      html: '<p>Logo: <img src="cid:logo@acme"></p>',
      headers: [
        { name: "X-Campaign", value: "spring" },
        { name: "List-Unsubscribe", value: "<mailto:unsubscribe@example.org>" },
      ],
      // In the message's MIME order: the inline image sits with the HTML (multipart/related),
      // before the attachment of the outer multipart/mixed.
      attachments: [
        { filename: "logo.png", contentType: "image/png", contentId: "logo@acme", size: png.length },
        { filename: "invoice.pdf", contentType: "application/pdf", contentId: null, size: pdf.length },
      ],
    });
    const files = await db.emailAttachment.findMany({ where: { emailId: id }, orderBy: { position: "asc" } });
    expect(files.map((f) => Buffer.from(f.content).toString("hex"))).toEqual([png.toString("hex"), pdf.toString("hex")]);
    client.close();
  });

  it("refuses what the REST API refuses in the new fields too, with its message (an executable attachment)", async () => {
    const client = transport(relay, fx.keys["send-only"]);
    const refusal = await refusalOf(client.sendMail(message({ attachments: [{ filename: "setup.exe", content: Buffer.from("MZ") }] })));
    expect(refusal.response).toBe("554 5.6.0 Invalid request: attachments[0].filename: .exe files are executable content the provider refuses to send.");
    client.close();
  });

  it("accepts a display name that needs quoting", async () => {
    const client = transport(relay, fx.keys["send-only"]);
    const info = await client.sendMail(message({ from: { name: "Doe, Jane \"JD\"", address: `jane@${fx.domain}` } }));
    const row = await db.email.findUniqueOrThrow({ where: { id: queuedId(info.response) } });
    expect(row.from).toBe(`"Doe, Jane \\"JD\\"" <jane@${fx.domain}>`);
    client.close();
  });

  it("serves implicit TLS on SMTPS_PORT as well", async () => {
    const client = transport(relay, fx.keys["send-only"], { port: relay.smtpsPort, secure: true, requireTLS: false });
    const info = await client.sendMail(message());
    expect(await db.email.count({ where: { id: queuedId(info.response) } })).toBe(1);
    client.close();
  });

  it("stores a test key's email as a test email (the sender then holds it to pre-verified recipients)", async () => {
    const client = transport(relay, fx.testKey);
    const info = await client.sendMail(message());
    const row = await db.email.findUniqueOrThrow({ where: { id: queuedId(info.response) } });
    expect(row).toMatchObject({ environment: "test", apiKeyId: fx.testKeyId });
    client.close();
  });
});

describe("a retransmitted message (same Message-ID, same workspace, within 24 hours)", () => {
  it("creates no second email, also when sent again with another key of the workspace", async () => {
    const again = message();
    const first = transport(relay, fx.keys["send-only"]);
    const second = transport(relay, fx.keys["full-access"]);
    const ids = [
      queuedId((await first.sendMail(again)).response),
      queuedId((await first.sendMail(again)).response),
      queuedId((await second.sendMail(again)).response),
    ];
    expect(new Set(ids).size).toBe(1);
    expect(await db.email.count({ where: { organizationId: fx.workspaceId, subject: again.subject } })).toBe(1);
    first.close();
    second.close();
  });

  it("is another workspace's own message in that workspace", async () => {
    const other = await createWorkspaceFixture(handle, { plan: "unlimited", domain: fx.domain.replace(/^/, "other-") });
    const shared = message();
    const a = queuedId((await transport(relay, fx.keys["send-only"]).sendMail(shared)).response);
    const b = queuedId((await transport(relay, other.keys["send-only"]).sendMail({ ...shared, from: `hello@${other.domain}` })).response);
    expect(a).not.toBe(b);
  });

  it("with different content is refused (554 5.6.0), and nothing is stored", async () => {
    const original = message();
    const client = transport(relay, fx.keys["send-only"]);
    await client.sendMail(original);
    const before = await db.email.count({ where: { organizationId: fx.workspaceId } });
    const refusal = await refusalOf(client.sendMail({ ...original, subject: "Something else" }));
    expect(refusal.responseCode).toBe(554);
    expect(refusal.response).toMatch(/^554 5\.6\.0 This Message-ID was already used for a different message/);
    expect(await db.email.count({ where: { organizationId: fx.workspaceId } })).toBe(before);
    client.close();
  });
});

describe("refusals: the SMTP code and the REST API's message, nothing stored", () => {
  it("an unverified From domain: 550 5.7.1", async () => {
    const client = transport(relay, fx.keys["send-only"]);
    const before = await emailsOf(fx.workspaceId);
    const refusal = await refusalOf(client.sendMail(message({ from: "Mallory <m@not-verified.example>" })));
    expect(refusal.responseCode).toBe(550);
    expect(refusal.response).toBe("550 5.7.1 The from domain not-verified.example is not verified for this workspace.");
    expect(await emailsOf(fx.workspaceId)).toHaveLength(before.length);
    client.close();
  });

  it("the daily limit: 452 4.5.3 (the client keeps the message and retries)", async () => {
    const free = await createWorkspaceFixture(handle, { plan: "free" });
    await db.dailyUsage.create({ data: { workspaceId: free.workspaceId, day: utcDay(), count: 100 } });
    const client = transport(relay, free.keys["send-only"]);
    const refusal = await refusalOf(client.sendMail(message({ from: `hello@${free.domain}` })));
    expect(refusal.responseCode).toBe(452);
    expect(refusal.response).toBe(
      "452 4.5.3 Daily send limit reached: the Free plan allows 100 emails per day. Upgrade your plan to send more, or wait until tomorrow (UTC) when the limit resets.",
    );
    expect(await emailsOf(free.workspaceId)).toHaveLength(0);
    // The plan is read again for each message: after an upgrade the same connection sends.
    await setWorkspacePlan(db, free.workspaceId, "pro");
    queuedId((await client.sendMail(message({ from: `hello@${free.domain}` }))).response);
    client.close();
  });

  it("a key over its request rate: 451 4.7.1 with the REST API's message (a message is one request)", async () => {
    const limited = await createWorkspaceFixture(handle, { plan: "unlimited" });
    await db.workspace.update({ where: { id: limited.workspaceId }, data: { apiRateLimitPerSecond: 1, apiRateLimitBurst: 1 } });
    const client = transport(relay, limited.keys["send-only"]);
    queuedId((await client.sendMail(message({ from: `hello@${limited.domain}` }))).response);
    const refusal = await refusalOf(client.sendMail(message({ from: `hello@${limited.domain}` })));
    expect(refusal.responseCode).toBe(451);
    expect(refusal.response).toMatch(/^451 4\.7\.1 Too many requests: this API key may make 1 requests per second, in bursts of up to 1\. Retry after \d+ s\.$/);
    expect(await emailsOf(limited.workspaceId)).toHaveLength(1);
    client.close();
  });

  it("a recipient that is not an address: 501 from the protocol parser, 553 5.1.3 by the REST API's address rule", async () => {
    const client = transport(relay, fx.keys["send-only"]);
    const envelope = (to: string) => ({ ...message(), envelope: { from: `hello@${fx.domain}`, to: [to] } });
    expect((await refusalOf(client.sendMail(envelope("no-at-sign.example.org")))).response).toBe("501 Error: Bad recipient address syntax");
    expect((await refusalOf(client.sendMail(envelope("someone@[192.0.2.1]")))).response).toBe(
      "553 5.1.3 Invalid recipient someone@[192.0.2.1]: must be a valid email address (at most 254 characters).",
    );
    client.close();
  });

  it("more than 50 recipients: 452 4.5.3 for each one over, and the first 50 get the message", async () => {
    const client = transport(relay, fx.keys["send-only"]);
    const recipients = Array.from({ length: 52 }, (_, n) => `r${n}@example.org`);
    const info = await client.sendMail({ ...message({ to: recipients }), envelope: { from: `hello@${fx.domain}`, to: recipients } });
    expect(info.rejected).toEqual(["r50@example.org", "r51@example.org"]);
    expect((info as unknown as { rejectedErrors: Array<{ response: string }> }).rejectedErrors[0]!.response).toBe(
      "452 4.5.3 Too many recipients: at most 50 per message.",
    );
    const row = await db.email.findUniqueOrThrow({ where: { id: queuedId(info.response) } });
    expect(row.to).toHaveLength(50);
    client.close();
  });

  it("a message whose recipients are all Bcc: 554 5.6.0, as the REST API needs one `to`", async () => {
    const client = transport(relay, fx.keys["send-only"]);
    const refusal = await refusalOf(client.sendMail({ ...message({ to: "list@example.org" }), envelope: { from: `hello@${fx.domain}`, to: ["hidden@example.org"] } }));
    expect(refusal.response).toBe("554 5.6.0 Invalid request: to: must contain at least one address.");
    client.close();
  });

  it("a message the REST API would refuse (no subject): 554 5.6.0 naming the field", async () => {
    const client = transport(relay, fx.keys["send-only"]);
    const refusal = await refusalOf(client.sendMail(message({ subject: undefined })));
    expect(refusal.response).toBe("554 5.6.0 Invalid request: subject: is required.");
    client.close();
  });

  it("a message over 40 MB: 552, announced (SIZE) or streamed, and nothing stored", async () => {
    const before = (await emailsOf(fx.workspaceId)).length;
    const client = transport(relay, fx.keys["send-only"]);
    const huge = Buffer.alloc(41 * 1024 * 1024, "a");
    const refusal = await refusalOf(client.sendMail(message({ text: huge.toString() })));
    expect(refusal.responseCode).toBe(552);
    // SIZE is advertised: a client that knows the size up front does not even try.
    const announced = (await refusalOf(client.sendMail({ ...message(), envelope: { from: `hello@${fx.domain}`, to: ["a@example.org"], size: 50_000_000 } as never }))) as Error & SmtpFailure;
    expect(announced.message).toBe(`Message size larger than allowed ${40 * 1024 * 1024}`);
    expect(await emailsOf(fx.workspaceId)).toHaveLength(before);
    client.close();
  }, 60_000);
});

describe("authentication", () => {
  it("a wrong key: 535 5.7.8 with the REST API's message", async () => {
    const refusal = await refusalOf(transport(relay, "svc_live_" + "x".repeat(32)).sendMail(message()));
    expect(refusal.responseCode).toBe(535);
    expect(refusal.response).toBe("535 5.7.8 Invalid or missing API key.");
  });

  it("a key without the send permission: 535 5.7.8 naming the scope", async () => {
    const refusal = await refusalOf(transport(relay, fx.keys["read-only"]).sendMail(message()));
    expect(refusal.response).toBe("535 5.7.8 This API key (scope read-only) lacks the emails:send permission required for this request.");
  });

  it("another user name than svc: 535 5.7.8", async () => {
    const client = transport(relay, fx.keys["send-only"], { auth: { user: "admin", pass: fx.keys["send-only"] } });
    expect((await refusalOf(client.sendMail(message()))).responseCode).toBe(535);
  });

  it("a key revoked while its connection is open: the next message is refused", async () => {
    const other = await createWorkspaceFixture(handle, { plan: "unlimited" });
    const client = transport(relay, other.keys["send-only"], { pool: true, maxConnections: 1 } as never);
    queuedId((await client.sendMail(message({ from: `hello@${other.domain}` }))).response);
    await revokeApiKey(db, other.keyIds["send-only"], other.workspaceId);
    const refusal = await refusalOf(client.sendMail(message({ from: `hello@${other.domain}` })));
    expect(refusal.response).toBe("535 5.7.8 Invalid or missing API key.");
    expect(await emailsOf(other.workspaceId)).toHaveLength(1);
    client.close();
  });

  it("AUTH before STARTTLS is refused; the key is never sent in the clear", async () => {
    const client = transport(relay, fx.keys["send-only"], { ignoreTLS: true, requireTLS: false });
    const refusal = await refusalOf(client.sendMail(message()));
    expect(refusal.response).toBe("538 Error: Must issue a STARTTLS command first");
  });

  it("mail without AUTH is refused", async () => {
    const client = transport(relay, "", { auth: undefined });
    const refusal = await refusalOf(client.sendMail(message()));
    expect(refusal.responseCode).toBe(530);
  });

  it("failed attempts are throttled per client address across relay instances (421 4.7.0); a right key is then refused too", async () => {
    // Two relays of one install (one QUEUE_PREFIX, so one set of counters in Redis).
    const shared = { SMTP_AUTH_MAX_FAILURES: "3", QUEUE_PREFIX: `smtp-throttle-${Date.now()}` };
    const [a, b] = [await startRelay(shared), await startRelay(shared)];
    try {
      const wrong = (n: number) => `svc_live_${String(n).repeat(32)}`;
      for (const [n, target] of [a, b, a].entries()) expect((await refusalOf(transport(target, wrong(n)).sendMail(message()))).responseCode).toBe(535);
      for (const target of [a, b]) {
        const refusal = await refusalOf(transport(target, fx.keys["send-only"]).sendMail(message()));
        expect(refusal.response).toMatch(/^421 4\.7\.0 Too many failed authentication attempts; try again in \d+ seconds\.$/);
      }
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it("failed attempts are throttled per key prefix, whatever the address", async () => {
    const own = await startRelay({ SMTP_AUTH_MAX_FAILURES: "2", QUEUE_PREFIX: `smtp-throttle-prefix-${Date.now()}` });
    try {
      // Same first 17 characters, different rest: one key family.
      const guess = (tail: string) => `svc_live_AAAAAAAA${tail.repeat(24)}`;
      // Each from its own loopback address, so that no address counter fills up.
      const from = (address: string, tail: string) => transport(own, guess(tail), { localAddress: address }).sendMail(message());
      expect((await refusalOf(from("127.0.0.2", "b"))).responseCode).toBe(535);
      expect((await refusalOf(from("127.0.0.3", "c"))).responseCode).toBe(535);
      expect((await refusalOf(from("127.0.0.4", "d"))).response).toMatch(/^421 4\.7\.0 /);
      // Another key family from a fresh address is still heard.
      expect((await refusalOf(transport(own, "svc_live_" + "Z".repeat(32), { localAddress: "127.0.0.5" }).sendMail(message()))).responseCode).toBe(535);
    } finally {
      await own.close();
    }
  });
});

describe("health and shutdown", () => {
  it("answers /healthz and /readyz", async () => {
    expect((await fetch(`${relay.healthUrl}/healthz`)).status).toBe(200);
    const ready = await fetch(`${relay.healthUrl}/readyz`);
    expect(await ready.json()).toEqual({ status: "ready", checks: { postgres: "ok", redis: "ok", smtp: "ok" } });
  });

  it("lets a message being received finish (250) before closing, and refuses new connections", async () => {
    const own = await startRelay();
    try {
      const client = transport(own, fx.keys["send-only"]);
      const raw = new PassThrough();
      const sending = client.sendMail({ envelope: { from: `hello@${fx.domain}`, to: ["someone@example.org"] }, raw });
      raw.write(`From: hello@${fx.domain}\r\nTo: someone@example.org\r\nSubject: In flight\r\nMessage-ID: <in-flight-${Date.now()}@${fx.domain}>\r\n\r\n`);
      while (own.app.messagesInFlight() === 0) await new Promise((r) => setTimeout(r, 20));
      const stopping = own.shutdown();
      await new Promise((r) => setTimeout(r, 200));
      raw.end("Still arriving while the relay shuts down.\r\n");
      const info = await sending;
      const row = await db.email.findUniqueOrThrow({ where: { id: queuedId(info.response) } });
      expect(row.subject).toBe("In flight");
      await stopping;
      await expect(transport(own, fx.keys["send-only"]).verify()).rejects.toThrow();
    } finally {
      await own.close();
    }
  });
});
