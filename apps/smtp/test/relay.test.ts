import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { revokeApiKey, setWorkspacePlan, utcDay } from "@svc/core";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { queuedId, type RelayInstance, refusalOf, type SmtpFailure, startRelay, throughProxy, transport } from "./harness.ts";

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
    expect(refusal.response).toBe(
      "554 5.6.0 Invalid request: attachments[0].filename: .exe files are executable content the provider refuses to send.",
    );
    client.close();
  });

  it("accepts a display name that needs quoting", async () => {
    const client = transport(relay, fx.keys["send-only"]);
    const info = await client.sendMail(message({ from: { name: 'Doe, Jane "JD"', address: `jane@${fx.domain}` } }));
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

describe("ordinary client mail", () => {
  /** What Outlook and Exchange add to a reply in a long thread, and a few of the client's own. */
  const outlookHeaders = {
    "Thread-Topic": "Quarterly numbers",
    "Thread-Index": "AQHZ1234567890abcdefABCDEF==",
    "X-MS-Has-Attach": "",
    "X-MS-TNEF-Correlator": "",
    "X-MS-Exchange-Organization-SCL": "-1",
    "X-MS-Exchange-Organization-AuthAs": "Internal",
    "X-MS-Office365-Filtering-Correlation-Id": "0f0e0d0c-0b0a-0908-0706-050403020100",
    "X-Microsoft-Antispam": "BCL:0;",
    "X-Originating-IP": "[192.0.2.10]",
    "Accept-Language": "en-US",
    msip_labels: "",
    "X-Mailer": "Microsoft Outlook 16.0",
    Importance: "high",
    "X-Priority": "1",
    "X-Campaign": "q3",
    "X-Ticket": "T-1234",
  };

  it("accepts 16 extra headers and a 1,200-character References: trace headers dropped, threading and the client's own kept", async () => {
    const client = transport(relay, fx.keys["send-only"]);
    const ids = Array.from({ length: 40 }, (_, n) => `<thread-${String(n).padStart(2, "0")}-${"x".repeat(16)}@mail.example.org>`);
    const references = ids.join(" ");
    expect(Object.keys(outlookHeaders)).toHaveLength(16);
    expect(references.length).toBeGreaterThan(1_200);
    const info = await client.sendMail(message({ headers: outlookHeaders, references, inReplyTo: ids.at(-1) }));
    const row = await db.email.findUniqueOrThrow({ where: { id: queuedId(info.response) } });
    const headers = row.headers as Array<{ name: string; value: string }>;
    const value = (name: string) => headers.find((header) => header.name.toLowerCase() === name.toLowerCase())?.value;
    expect(headers.map((header) => header.name).sort()).toEqual([
      "Importance",
      "In-Reply-To",
      "References",
      "X-Campaign",
      "X-Priority",
      "X-Ticket",
    ]);
    expect(value("In-Reply-To")).toBe(ids.at(-1));
    // The thread's root and the latest messages, within one header line.
    const kept = value("References")!.split(" ");
    expect("References".length + value("References")!.length).toBeLessThanOrEqual(996);
    expect(kept[0]).toBe(ids[0]);
    expect(kept.slice(1)).toEqual(ids.slice(ids.length - (kept.length - 1)));
    expect(kept.length).toBeGreaterThan(10);
    client.close();
  });

  it("keeps at most the provider's 15 extra headers, the ones recipients act on first", async () => {
    const client = transport(relay, fx.keys["send-only"]);
    const own = Object.fromEntries(Array.from({ length: 20 }, (_, n) => [`X-Custom-${n}`, String(n)]));
    const info = await client.sendMail(message({ headers: { ...own, "List-Unsubscribe": "<mailto:u@example.org>" } }));
    const row = await db.email.findUniqueOrThrow({ where: { id: queuedId(info.response) } });
    const names = (row.headers as Array<{ name: string }>).map((header) => header.name);
    expect(names).toHaveLength(15);
    expect(names).toContain("List-Unsubscribe");
    expect(names.slice(0, 14)).toEqual(Array.from({ length: 14 }, (_, n) => `X-Custom-${n}`));
    client.close();
  });

  it("takes a message without a Subject, with an empty subject", async () => {
    const client = transport(relay, fx.keys["send-only"]);
    const raw = `From: hello@${fx.domain}\r\nTo: someone@example.org\r\nMessage-ID: <no-subject-${Date.now()}@${fx.domain}>\r\n\r\nNo subject here.\r\n`;
    const info = await client.sendMail({ envelope: { from: `hello@${fx.domain}`, to: ["someone@example.org"] }, raw });
    const row = await db.email.findUniqueOrThrow({ where: { id: queuedId(info.response) } });
    expect(row).toMatchObject({ subject: "", text: "No subject here.\n" });
    client.close();
  });
});

describe("a retransmitted message (same Message-ID, same workspace, within 24 hours)", () => {
  it("sent first with a test key and then with a live key is a new, live email; the live one's retransmission is the live email", async () => {
    const again = message();
    const test = queuedId((await transport(relay, fx.testKey).sendMail(again)).response);
    const live = queuedId((await transport(relay, fx.keys["send-only"]).sendMail(again)).response);
    expect(live).not.toBe(test);
    expect(await db.email.findUniqueOrThrow({ where: { id: live } })).toMatchObject({ environment: "live" });
    expect(queuedId((await transport(relay, fx.keys["full-access"]).sendMail(again)).response)).toBe(live);
    expect(queuedId((await transport(relay, fx.testKey).sendMail(again)).response)).toBe(test);
  });

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
    expect(refusal.response).toMatch(
      /^451 4\.7\.1 Too many requests: this API key may make 1 requests per second, in bursts of up to 1\. Retry after \d+ s\.$/,
    );
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
    const refusal = await refusalOf(
      client.sendMail({ ...message({ to: "list@example.org" }), envelope: { from: `hello@${fx.domain}`, to: ["hidden@example.org"] } }),
    );
    expect(refusal.response).toBe("554 5.6.0 Invalid request: to: must contain at least one address.");
    client.close();
  });

  it("a message the REST API would refuse (an empty body): 554 5.6.0 naming the field", async () => {
    const client = transport(relay, fx.keys["send-only"]);
    const refusal = await refusalOf(client.sendMail(message({ text: undefined, html: undefined })));
    expect(refusal.response).toBe("554 5.6.0 Invalid request: html: at least one of html or text is required.");
    client.close();
  });

  it("a message over 40 MB: 552, announced (SIZE) or streamed, and nothing stored", async () => {
    const before = (await emailsOf(fx.workspaceId)).length;
    const client = transport(relay, fx.keys["send-only"]);
    const huge = Buffer.alloc(41 * 1024 * 1024, "a");
    const refusal = await refusalOf(client.sendMail(message({ text: huge.toString() })));
    expect(refusal.responseCode).toBe(552);
    // SIZE is advertised: a client that knows the size up front does not even try.
    const announced = (await refusalOf(
      client.sendMail({ ...message(), envelope: { from: `hello@${fx.domain}`, to: ["a@example.org"], size: 50_000_000 } as never }),
    )) as Error & SmtpFailure;
    expect(announced.message).toBe(`Message size larger than allowed ${40 * 1024 * 1024}`);
    expect(await emailsOf(fx.workspaceId)).toHaveLength(before);
    client.close();
  }, 60_000);
});

describe("authentication", () => {
  it("a wrong key: 535 5.7.8 with the REST API's message", async () => {
    const refusal = await refusalOf(transport(relay, `svc_live_${"x".repeat(32)}`).sendMail(message()));
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
      for (const [n, target] of [a, b, a].entries())
        expect((await refusalOf(transport(target, wrong(n)).sendMail(message()))).responseCode).toBe(535);
      for (const target of [a, b]) {
        const refusal = await refusalOf(transport(target, fx.keys["send-only"]).sendMail(message()));
        expect(refusal.response).toMatch(/^421 4\.7\.0 Too many failed authentication attempts; try again in \d+ seconds\.$/);
      }
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it("never counts failures by a key's prefix: guesses sharing a real key's first characters do not lock it out", async () => {
    const own = await startRelay({ SMTP_AUTH_MAX_FAILURES: "2", QUEUE_PREFIX: `smtp-throttle-prefix-${Date.now()}` });
    try {
      const real = fx.keys["send-only"];
      // Same first 17 characters as the real key, from fresh addresses each (no address counter fills up).
      for (const [n, address] of ["127.0.0.2", "127.0.0.3", "127.0.0.4"].entries()) {
        const guess = real.slice(0, 17) + String(n).repeat(real.length - 17);
        expect((await refusalOf(transport(own, guess, { localAddress: address }).sendMail(message()))).response).toBe(
          "535 5.7.8 Invalid or missing API key.",
        );
      }
      queuedId((await transport(own, real, { localAddress: "127.0.0.5" }).sendMail(message())).response);
    } finally {
      await own.close();
    }
  });

  it("failures of a key that was presented whole count for that key, whatever the address", async () => {
    const own = await startRelay({ SMTP_AUTH_MAX_FAILURES: "2", QUEUE_PREFIX: `smtp-throttle-key-${Date.now()}` });
    try {
      const other = await createWorkspaceFixture(handle, { plan: "unlimited" });
      const key = other.keys["send-only"];
      // The right key under another user name, from two addresses: two failures of that key.
      for (const address of ["127.0.0.6", "127.0.0.7"]) {
        const client = transport(own, key, { localAddress: address, auth: { user: "admin", pass: key } });
        expect((await refusalOf(client.sendMail(message({ from: `hello@${other.domain}` })))).responseCode).toBe(535);
      }
      const refusal = await refusalOf(
        transport(own, key, { localAddress: "127.0.0.8" }).sendMail(message({ from: `hello@${other.domain}` })),
      );
      expect(refusal.response).toMatch(/^421 4\.7\.0 Too many failed authentication attempts/);
      // Another key is heard from that address.
      queuedId((await transport(own, fx.keys["send-only"], { localAddress: "127.0.0.8" }).sendMail(message())).response);
    } finally {
      await own.close();
    }
  });
});

describe("behind a load balancer (SMTP_PROXY_PROTOCOL)", () => {
  it("counts failures per origin from the PROXY header: ten bad AUTHs from one origin do not refuse another origin's valid AUTH", async () => {
    const own = await startRelay({ SMTP_PROXY_PROTOCOL: "127.0.0.1", QUEUE_PREFIX: `smtp-proxy-${Date.now()}` });
    try {
      // Every connection comes from the balancer's address (127.0.0.1); the header names the client.
      const via = (origin: string, key: string) => transport(own, key, { getSocket: throughProxy(own, origin) });
      for (let n = 0; n < 10; n += 1) {
        expect((await refusalOf(via("203.0.113.7", `svc_live_${String(n).repeat(32)}`).sendMail(message()))).responseCode).toBe(535);
      }
      expect((await refusalOf(via("203.0.113.7", fx.keys["send-only"]).sendMail(message()))).response).toMatch(/^421 4\.7\.0 /);
      const info = await via("198.51.100.20", fx.keys["send-only"]).sendMail(message());
      expect(await db.email.count({ where: { id: queuedId(info.response) } })).toBe(1);
    } finally {
      await own.close();
    }
  });

  it("gives a client that bypasses the balancer (no PROXY header) no session", async () => {
    const own = await startRelay({ SMTP_PROXY_PROTOCOL: "*" });
    try {
      await expect(transport(own, fx.keys["send-only"], { connectionTimeout: 3000, greetingTimeout: 3000 }).verify()).rejects.toThrow();
    } finally {
      await own.close();
    }
  });
});

describe("the message budget (SMTP_MESSAGE_BUDGET_MB)", () => {
  it("answers 451 4.3.1 to a message that finds it full, takes it once there is room, and gives every byte back", async () => {
    const own = await startRelay({ SMTP_MESSAGE_BUDGET_MB: "120" });
    try {
      const client = transport(own, fx.keys["send-only"]);
      // A large message, held open half-way: its bytes so far hold most of the budget.
      const raw = new PassThrough();
      const first = client.sendMail({ envelope: { from: `hello@${fx.domain}`, to: ["someone@example.org"] }, raw });
      raw.write(
        [
          `From: hello@${fx.domain}`,
          "To: someone@example.org",
          "Subject: Large",
          `Message-ID: <large-${Date.now()}@${fx.domain}>`,
          "MIME-Version: 1.0",
          'Content-Type: multipart/mixed; boundary="b1"',
          "",
          "--b1",
          "Content-Type: text/plain",
          "",
          "See the file.",
          "--b1",
          'Content-Type: application/octet-stream; name="large.bin"',
          'Content-Disposition: attachment; filename="large.bin"',
          "Content-Transfer-Encoding: base64",
          "",
          "",
        ].join("\r\n"),
      );
      // 30 MB of base64 lines (76 characters, zeros once decoded).
      const chunk = `${"A".repeat(76)}\r\n`.repeat(10_000);
      const chunks = Math.ceil((30 * 1024 * 1024) / chunk.length);
      for (let n = 0; n < chunks; n += 1) raw.write(chunk);
      while (own.app.budgetInUse() < 80 * 1024 * 1024) await new Promise((r) => setTimeout(r, 20));

      const attachment = Buffer.alloc(12 * 1024 * 1024, 7);
      const second = message({ attachments: [{ filename: "data.bin", content: attachment }] });
      const refusal = await refusalOf(transport(own, fx.keys["send-only"]).sendMail(second));
      expect(refusal.response).toBe("451 4.3.1 The relay is busy with other messages; please try again shortly.");

      raw.end("--b1--\r\n");
      const stored = await db.email.findUniqueOrThrow({ where: { id: queuedId((await first).response) } });
      expect(stored.attachments).toEqual([
        { filename: "large.bin", contentType: "application/octet-stream", contentId: null, size: chunks * 10_000 * 57 },
      ]);
      expect(own.app.budgetInUse()).toBe(0);
      // The client retries and is taken.
      const retried = await transport(own, fx.keys["send-only"]).sendMail(second);
      const row = await db.email.findUniqueOrThrow({ where: { id: queuedId(retried.response) } });
      expect(row.attachments).toEqual([
        { filename: "data.bin", contentType: "application/octet-stream", contentId: null, size: attachment.length },
      ]);
      expect(own.app.budgetInUse()).toBe(0);
      client.close();
    } finally {
      await own.close();
    }
  }, 60_000);
});

describe("the message budget, when a client goes away", () => {
  it("gives back the share of a message whose client disconnects half-way", async () => {
    const client = transport(relay, fx.keys["send-only"]);
    const raw = new PassThrough();
    const sending = client.sendMail({ envelope: { from: `hello@${fx.domain}`, to: ["someone@example.org"] }, raw });
    raw.write(`From: hello@${fx.domain}\r\nTo: someone@example.org\r\nSubject: Gone\r\n\r\n`);
    raw.write(`${"a".repeat(998)}\r\n`.repeat(2_000));
    while (relay.app.budgetInUse() === 0) await new Promise((r) => setTimeout(r, 20));
    client.close();
    raw.destroy();
    await sending.catch(() => {});
    const deadline = Date.now() + 5_000;
    while ((relay.app.budgetInUse() > 0 || relay.app.messagesInFlight() > 0) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(relay.app.budgetInUse()).toBe(0);
    expect(relay.app.messagesInFlight()).toBe(0);
  });
});

describe("health and shutdown", () => {
  it("answers /healthz and /readyz", async () => {
    expect((await fetch(`${relay.healthUrl}/healthz`)).status).toBe(200);
    const ready = await fetch(`${relay.healthUrl}/readyz`);
    expect(await ready.json()).toEqual({ status: "ready", checks: { postgres: "ok", redis: "ok", smtp: "ok" } });
  });

  it("serves /metrics behind METRICS_TOKEN, with the message budget", async () => {
    const own = await startRelay({ METRICS_TOKEN: "relay-metrics-token" });
    try {
      const open = await fetch(`${own.healthUrl}/metrics`);
      expect(open.status).toBe(401);
      expect(await open.json()).toEqual({ error: "A valid metrics bearer token is required.", code: "unauthorized" });
      expect((await fetch(`${own.healthUrl}/metrics`, { headers: { authorization: "Bearer wrong" } })).status).toBe(401);
      const scraped = await fetch(`${own.healthUrl}/metrics`, { headers: { authorization: "Bearer relay-metrics-token" } });
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toMatch(/^svc_smtp_message_budget_bytes\{state="capacity"[^}]*\} \d+/m);
    } finally {
      await own.close();
    }
  });

  it("lets a message being received finish (250) before closing, and refuses new connections", async () => {
    const own = await startRelay();
    try {
      const client = transport(own, fx.keys["send-only"]);
      const raw = new PassThrough();
      const sending = client.sendMail({ envelope: { from: `hello@${fx.domain}`, to: ["someone@example.org"] }, raw });
      raw.write(
        `From: hello@${fx.domain}\r\nTo: someone@example.org\r\nSubject: In flight\r\nMessage-ID: <in-flight-${Date.now()}@${fx.domain}>\r\n\r\n`,
      );
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
