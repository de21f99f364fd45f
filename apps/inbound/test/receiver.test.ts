import { generateKeyPairSync } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import {
  addInboundRoute,
  addReceivingDomain,
  createDnsResolver,
  getInbound,
  listRepliesToEmail,
  openInboundAttachment,
  openInboundRaw,
  purgeExpiredEmails,
  type ReceivingDomainView,
  type StoredFileStream,
  verifyReceivingDomain,
} from "@svc/core";
import { type DbHandle, newId } from "@svc/db";
import dkim from "mailauth/lib/dkim/sign.js";
import { startDnsServer, type TestDnsServer } from "../../../test/support/dns-server.ts";
import { createWorkspaceFixture, insertEmail, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { swaks } from "../../../test/support/swaks.ts";
import { type ApiInstance, bearer, startApi } from "../../api/test/harness.ts";
import { startTestInbound, verifiedReceivingDomain } from "./harness.ts";

let dns: TestDnsServer;
let db: DbHandle;
let shutdown: () => Promise<void>;
let port: number;
let dir: string;
let fx: WorkspaceFixture;
let other: WorkspaceFixture;
let receiving: ReceivingDomainView;
let subscriptionId: string;
let api: ApiInstance;

const SENDER_DOMAIN = `sender-${Date.now()}.test`;
const STRICT_DOMAIN = `strict-${Date.now()}.test`;
const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const DKIM_RECORD = `v=DKIM1; k=rsa; p=${publicKey.export({ type: "spki", format: "der" }).toString("base64")}`;
const PRIVATE_PEM = privateKey.export({ type: "pkcs8", format: "pem" }).toString();

beforeAll(async () => {
  dns = await startDnsServer();
  dir = await mkdtemp(path.join(os.tmpdir(), "svc-inbound-"));
  const inbound = await startTestInbound(dns, "inbound-test");
  ({ db, port } = inbound);
  api = await startApi();
  shutdown = inbound.close;

  fx = await createWorkspaceFixture(db);
  other = await createWorkspaceFixture(db);
  receiving = await verifiedReceivingDomain(db, dns, fx.workspaceId, `reply.${fx.domain}`);
  receiving = await addInboundRoute(db.prisma, { receivingDomainId: receiving.id, address: "support", workspaceId: fx.workspaceId });

  // The sender's domain: SPF lets 127.0.0.1 send, its DKIM key is published, DMARC asks for reject.
  dns.setTxt(SENDER_DOMAIN, ["v=spf1 ip4:127.0.0.1 -all"]);
  dns.setTxt(`sel1._domainkey.${SENDER_DOMAIN}`, [DKIM_RECORD]);
  dns.setTxt(`_dmarc.${SENDER_DOMAIN}`, ["v=DMARC1; p=reject"]);
  // A domain that lets nobody send and rejects what fails.
  dns.setTxt(STRICT_DOMAIN, ["v=spf1 -all"]);
  dns.setTxt(`_dmarc.${STRICT_DOMAIN}`, ["v=DMARC1; p=reject"]);

  subscriptionId = newId("webhook");
  await db.prisma.webhookSubscription.create({
    data: {
      id: subscriptionId,
      workspaceId: fx.workspaceId,
      url: "https://hooks.example.com/in",
      events: ["received"],
      secretEncrypted: "unused",
    },
  });
});

afterAll(async () => {
  await api?.close();
  await shutdown?.();
  await dns?.close();
  await rm(dir, { recursive: true, force: true });
});

function message(options: { from: string; to: string; subject: string; body?: string; headers?: string[] }): string {
  return [
    `From: Customer <${options.from}>`,
    `To: ${options.to}`,
    `Subject: ${options.subject}`,
    `Message-ID: <${newId("inbound")}@${options.from.split("@")[1]}>`,
    "Date: Thu, 26 Nov 2026 12:00:00 +0000",
    "MIME-Version: 1.0",
    ...(options.headers ?? []),
    "Content-Type: text/plain; charset=utf-8",
    "",
    options.body ?? "Hello there.",
    "",
  ].join("\r\n");
}

async function signed(raw: string): Promise<string> {
  const result = await dkim.dkimSign(raw, { signatureData: [{ signingDomain: SENDER_DOMAIN, selector: "sel1", privateKey: PRIVATE_PEM }] });
  return result.signatures + raw;
}

async function send(raw: string, envelope: { from: string; to: string }, extra: string[] = []) {
  const file = path.join(dir, `${newId("inbound")}.eml`);
  // swaks ends the data with CRLF itself before the final dot.
  await writeFile(file, raw.replace(/\r\n$/, ""));
  return swaks([
    "--server",
    "127.0.0.1",
    "--port",
    String(port),
    "--helo",
    "client.test",
    "--from",
    envelope.from,
    "--to",
    envelope.to,
    "--data",
    `@${file}`,
    ...extra,
  ]);
}

const bytesOf = async (file: StoredFileStream) => Buffer.concat((await file.body.toArray()) as Buffer[]);

const storedId = (replies: string[]) => /stored as (inb_[A-Za-z0-9]+)/.exec(replies.join("\n"))?.[1];

describe("the built-in MX receiver", () => {
  it("verifies a receiving domain like a sending domain (ownership TXT), with the MX shown and checked", () => {
    expect(receiving.status).toBe("verified");
    expect(receiving.records.map((record) => record.type)).toEqual(["TXT", "MX"]);
    expect(receiving.lastChecks?.every((check) => check.ok)).toBe(true);
  });

  it("stores a DKIM-signed message to a +tag address with its verdicts, a received delivery, and REST-readable parts", async () => {
    const to = `support+ticket42@${receiving.domain}`;
    const multipart = [
      `From: Customer <ann@${SENDER_DOMAIN}>`,
      `To: ${to}`,
      "Subject: With a file",
      `Message-ID: <m1@${SENDER_DOMAIN}>`,
      "MIME-Version: 1.0",
      'Content-Type: multipart/mixed; boundary="b1"',
      "",
      "--b1",
      'Content-Type: multipart/alternative; boundary="b2"',
      "",
      "--b2",
      "Content-Type: text/plain; charset=utf-8",
      "",
      "Plain body",
      "--b2",
      "Content-Type: text/html; charset=utf-8",
      "",
      "<p>HTML body</p>",
      "--b2--",
      "--b1",
      'Content-Type: application/pdf; name="invoice.pdf"',
      'Content-Disposition: attachment; filename="invoice.pdf"',
      "Content-Transfer-Encoding: base64",
      "",
      Buffer.from("%PDF-1.4 fake bytes \x00\x01\x02").toString("base64"),
      "--b1--",
      "",
    ].join("\r\n");
    const raw = await signed(multipart);
    const run = await send(raw, { from: `bounces@${SENDER_DOMAIN}`, to });
    expect(run.replies.at(-2)).toMatch(/^250 /);
    const id = storedId(run.replies)!;
    expect(id).toMatch(/^inb_/);
    const record = await getInbound(db.prisma, fx.workspaceId, id);
    expect(record.verdicts).toMatchObject({
      spf: { result: "pass" },
      dkim: { result: "pass", domain: SENDER_DOMAIN },
      dmarc: { result: "pass" },
    });
    expect(record.recipients).toEqual([to]);
    expect(record.text?.trim()).toBe("Plain body");
    expect(record.html?.trim()).toBe("<p>HTML body</p>");
    expect(record.attachments).toEqual([{ filename: "invoice.pdf", contentType: "application/pdf", size: 23 }]);
    expect(await bytesOf((await openInboundAttachment(db, fx.workspaceId, id, 0)).file)).toEqual(
      Buffer.from("%PDF-1.4 fake bytes \x00\x01\x02", "latin1"),
    );
    expect((await bytesOf(await openInboundRaw(db, fx.workspaceId, id))).toString()).toBe(raw);
    expect(record.parseError).toBeNull();

    const deliveries = await db.prisma.webhookDelivery.findMany({ where: { inboundEmailId: id } });
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ subscriptionId, eventType: "received", eventId: null, status: "pending" });
    expect(JSON.parse(deliveries[0]!.body)).toMatchObject({
      type: "email.received",
      data: { inboundId: id, subject: "With a file", attachmentCount: 1 },
    });
  });

  it("keeps a tampered DKIM-signed message with a failing DKIM verdict", async () => {
    const raw = (
      await signed(message({ from: `ann@${SENDER_DOMAIN}`, to: `support@${receiving.domain}`, subject: "Tampered", body: "Pay 10 EUR." }))
    ).replace("Pay 10 EUR.", "Pay 99 EUR.");
    const run = await send(raw, { from: `bounces@${SENDER_DOMAIN}`, to: `support@${receiving.domain}` });
    const record = await getInbound(db.prisma, fx.workspaceId, storedId(run.replies)!);
    // mailauth says `neutral` for a body that no longer matches its signed hash (RFC 6376 6.1.3: not a pass).
    expect(["fail", "neutral"]).toContain((record.verdicts.dkim as { result: string }).result);
    expect(record.verdicts).toMatchObject({ spf: { result: "pass" } });
  });

  it("refuses a message failing DMARC under p=reject with 550 5.7.1", async () => {
    const run = await send(message({ from: `ceo@${STRICT_DOMAIN}`, to: `support@${receiving.domain}`, subject: "Spoof" }), {
      from: `ceo@${STRICT_DOMAIN}`,
      to: `support@${receiving.domain}`,
    });
    expect(run.replies.some((reply) => reply.startsWith("550 5.7.1"))).toBe(true);
  });

  it("answers 550 5.1.1 at RCPT for an address no route takes, and for a domain nobody receives", async () => {
    for (const to of [`sales@${receiving.domain}`, "someone@unknown-domain.test"]) {
      const run = await send(message({ from: `ann@${SENDER_DOMAIN}`, to, subject: "Hi" }), { from: `bounces@${SENDER_DOMAIN}`, to });
      expect(run.replies.some((reply) => reply.startsWith("550 5.1.1"))).toBe(true);
      expect(run.transcript).not.toMatch(/stored as/);
    }
  });

  it("stores malformed MIME raw with a parse error", async () => {
    const raw = `This is no header at all\r\n\r\nbody\r\n`;
    const run = await send(raw, { from: `bounces@${SENDER_DOMAIN}`, to: `support@${receiving.domain}` });
    const id = storedId(run.replies)!;
    const record = await getInbound(db.prisma, fx.workspaceId, id);
    expect(record.parseError).toMatch(/header/);
    expect((await bytesOf(await openInboundRaw(db, fx.workspaceId, id))).toString()).toBe(raw);
  });

  it("stores many attachments, small and large, each at its position with its exact bytes", async () => {
    // Forty small parts (several to a statement) around a large one (a statement of its own).
    const files = Array.from({ length: 41 }, (_, n) =>
      Buffer.from(Array.from({ length: n === 20 ? 400_000 : 10_000 + n }, (_, i) => (i * 7 + n) % 256)),
    );
    const parts = files.flatMap((file, n) => [
      "--b1",
      `Content-Type: application/octet-stream; name="f${n}.bin"`,
      `Content-Disposition: attachment; filename="f${n}.bin"`,
      "Content-Transfer-Encoding: base64",
      "",
      ...(file.toString("base64").match(/.{1,76}/g) ?? []),
    ]);
    const raw = [
      `From: Customer <c@${SENDER_DOMAIN}>`,
      `To: support@${receiving.domain}`,
      "Subject: Many files",
      "MIME-Version: 1.0",
      'Content-Type: multipart/mixed; boundary="b1"',
      "",
      "--b1",
      "Content-Type: text/plain",
      "",
      "See attached.",
      ...parts,
      "--b1--",
      "",
    ].join("\r\n");
    const run = await send(raw, { from: `bounces@${SENDER_DOMAIN}`, to: `support@${receiving.domain}` });
    const id = storedId(run.replies)!;
    const record = await getInbound(db.prisma, fx.workspaceId, id);
    expect(record.parseError).toBeNull();
    expect(record.attachments.map((file) => file.size)).toEqual(files.map((file) => file.length));
    for (const position of [0, 1, 19, 20, 21, 40])
      expect((await bytesOf((await openInboundAttachment(db, fx.workspaceId, id, position)).file)).equals(files[position]!)).toBe(true);
  });

  it("links a reply (In-Reply-To one of our Message-IDs) to the sent email", async () => {
    const providerMessageId = `0100019${Date.now()}-abc`;
    const emailId = await insertEmail(db, fx, { providerMessageId });
    const raw = message({
      from: `ann@${SENDER_DOMAIN}`,
      to: `support@${receiving.domain}`,
      subject: "Re: Hello",
      headers: [`In-Reply-To: <${providerMessageId}@email.amazonses.com>`],
    });
    const run = await send(raw, { from: `bounces@${SENDER_DOMAIN}`, to: `support@${receiving.domain}` });
    const id = storedId(run.replies)!;
    expect((await getInbound(db.prisma, fx.workspaceId, id)).replyToEmailId).toBe(emailId);
    expect((await listRepliesToEmail(db.prisma, fx.workspaceId, emailId)).map((reply) => reply.id)).toEqual([id]);
  });

  it("answers 552 for a 45 MB message (40 MB limit) and stores nothing", async () => {
    const body = "x"
      .repeat(76)
      .concat("\r\n")
      .repeat(Math.ceil((45 * 1024 * 1024) / 78));
    const run = await send(
      message({ from: `ann@${SENDER_DOMAIN}`, to: `support@${receiving.domain}`, subject: "Huge", body }),
      { from: `bounces@${SENDER_DOMAIN}`, to: `support@${receiving.domain}` },
      [
        // The transcript would otherwise hold the 45 MB.
        "--suppress-data",
      ],
    );
    expect(run.replies).toContainEqual(expect.stringMatching(/^552 /));
    expect(run.transcript).not.toMatch(/stored as/);
  });

  it("stores a message for two workspaces once each when the sending server retries after the second failed", async () => {
    // A second workspace receives too; its first store fails (a trigger refusing its row).
    const other = await createWorkspaceFixture(db);
    const name = `reply.${other.domain}`;
    let second = await addReceivingDomain(
      db.prisma,
      { workspaceId: other.workspaceId, domain: name },
      { mxHost: "mx.svc.test", region: "us-east-1" },
    );
    const ownership = second.records.find((record) => record.purpose === "ownership")!;
    dns.setTxt(ownership.name, [ownership.value]);
    dns.setMx(name, [{ priority: 10, exchange: "mx.svc.test" }]);
    second = await verifyReceivingDomain(db.prisma, second.id, {
      resolver: createDnsResolver({ servers: [dns.address], timeoutMs: 500 }),
      workspaceId: other.workspaceId,
    });
    await addInboundRoute(db.prisma, { receivingDomainId: second.id, address: "support", workspaceId: other.workspaceId });
    const raw = message({ from: `bounces@${SENDER_DOMAIN}`, to: `support@${receiving.domain}`, subject: "For both" });
    const messageId = /^Message-ID: <([^>]+)>/m.exec(raw)![1]!;
    const envelope = { from: `bounces@${SENDER_DOMAIN}`, to: `support@${receiving.domain},support@${name}` };
    await db.prisma.$executeRawUnsafe(
      `CREATE FUNCTION refuse_second_inbound() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
         IF NEW."workspaceId" = '${other.workspaceId}' THEN RAISE EXCEPTION 'refused for the test'; END IF; RETURN NEW; END $$`,
    );
    await db.prisma.$executeRawUnsafe(
      `CREATE TRIGGER refuse_second_inbound BEFORE INSERT ON inbound_emails FOR EACH ROW EXECUTE FUNCTION refuse_second_inbound()`,
    );
    let first: Awaited<ReturnType<typeof send>>;
    try {
      first = await send(raw, envelope);
    } finally {
      await db.prisma.$executeRawUnsafe(`DROP TRIGGER IF EXISTS refuse_second_inbound ON inbound_emails`);
      await db.prisma.$executeRawUnsafe(`DROP FUNCTION IF EXISTS refuse_second_inbound()`);
    }
    expect(first.replies.join("\n")).toMatch(/451 4\.3\.0/);
    const retry = await send(raw, envelope);
    expect(retry.replies.join("\n")).toMatch(/250 2\.0\.0 Ok: stored as inb_\w+ inb_\w+/);
    const count = (workspaceId: string) => db.prisma.inboundEmail.count({ where: { workspaceId, messageId: `<${messageId}>` } });
    expect(await count(fx.workspaceId)).toBe(1);
    expect(await count(other.workspaceId)).toBe(1);
  });

  it("another workspace cannot read the record (404)", async () => {
    const run = await send(message({ from: `ann@${SENDER_DOMAIN}`, to: `support@${receiving.domain}`, subject: "Mine" }), {
      from: `bounces@${SENDER_DOMAIN}`,
      to: `support@${receiving.domain}`,
    });
    const id = storedId(run.replies)!;
    await expect(getInbound(db.prisma, other.workspaceId, id)).rejects.toMatchObject({ code: "not_found" });
    await expect(openInboundRaw(db, other.workspaceId, id)).rejects.toMatchObject({ code: "not_found" });
  });

  it("serves the record over REST: text, HTML, attachments and raw bytes exactly; another workspace gets 404", async () => {
    const to = `support@${receiving.domain}`;
    const pdf = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x10, 0x80]);
    const raw = [
      `From: Customer <ann@${SENDER_DOMAIN}>`,
      `To: ${to}`,
      "Subject: Over REST",
      "MIME-Version: 1.0",
      'Content-Type: multipart/mixed; boundary="b1"',
      "",
      "--b1",
      'Content-Type: multipart/alternative; boundary="b2"',
      "",
      "--b2",
      "Content-Type: text/plain; charset=utf-8",
      "",
      "Plain é",
      "--b2",
      "Content-Type: text/html; charset=utf-8",
      "",
      "<b>Bold</b>",
      "--b2--",
      "--b1",
      'Content-Type: application/pdf; name="résumé.pdf"',
      "Content-Disposition: attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf",
      "Content-Transfer-Encoding: base64",
      "",
      pdf.toString("base64"),
      "--b1--",
      "",
    ].join("\r\n");
    const run = await send(raw, { from: `bounces@${SENDER_DOMAIN}`, to });
    const id = storedId(run.replies)!;
    const key = bearer(fx.keys["read-only"]);

    const record = await fetch(`${api.url}/inbound/${id}`, { headers: key });
    expect(record.status).toBe(200);
    expect(await record.json()).toMatchObject({
      id,
      subject: "Over REST",
      text: "Plain é",
      html: "<b>Bold</b>",
      attachments: [{ filename: "résumé.pdf", contentType: "application/pdf", size: 8 }],
    });

    const rawAnswer = await fetch(`${api.url}/inbound/${id}/raw`, { headers: key });
    expect(rawAnswer.headers.get("content-type")).toMatch(/^message\/rfc822/);
    expect(Buffer.from(await rawAnswer.arrayBuffer())).toEqual(Buffer.from(raw, "utf8"));

    const file = await fetch(`${api.url}/inbound/${id}/attachments/0`, { headers: key });
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await file.arrayBuffer())).toEqual(pdf);
    expect((await fetch(`${api.url}/inbound/${id}/attachments/1`, { headers: key })).status).toBe(404);
    expect((await fetch(`${api.url}/inbound/${id}/attachments/x`, { headers: key })).status).toBe(422);

    const list = (await (await fetch(`${api.url}/inbound?limit=2`, { headers: key })).json()) as {
      data: Array<{ id: string }>;
      nextCursor: string | null;
    };
    expect(list.data[0]!.id).toBe(id);
    expect(list.nextCursor).toBe(list.data[1]!.id);

    const stranger = bearer(other.keys["full-access"]);
    for (const route of [`/inbound/${id}`, `/inbound/${id}/raw`, `/inbound/${id}/attachments/0`]) {
      expect((await fetch(`${api.url}${route}`, { headers: stranger })).status).toBe(404);
    }
    expect(((await (await fetch(`${api.url}/inbound`, { headers: stranger })).json()) as { data: unknown[] }).data).toEqual([]);
    expect((await fetch(`${api.url}/inbound`, { headers: bearer(fx.keys["send-only"]) })).status).toBe(403);
  });

  it("retention deletes a record older than its workspace plan's retention, with its files and deliveries", async () => {
    const run = await send(message({ from: `ann@${SENDER_DOMAIN}`, to: `support@${receiving.domain}`, subject: "Old" }), {
      from: `bounces@${SENDER_DOMAIN}`,
      to: `support@${receiving.domain}`,
    });
    const id = storedId(run.replies)!;
    const young = storedId(
      (
        await send(message({ from: `ann@${SENDER_DOMAIN}`, to: `support@${receiving.domain}`, subject: "Young" }), {
          from: `bounces@${SENDER_DOMAIN}`,
          to: `support@${receiving.domain}`,
        })
      ).replies,
    )!;
    await db.prisma.inboundEmail.update({ where: { id }, data: { receivedAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) } });
    const result = await purgeExpiredEmails(db.prisma);
    expect(result.inboundDeleted).toBeGreaterThanOrEqual(1);
    expect(await db.prisma.inboundEmail.findUnique({ where: { id } })).toBeNull();
    expect(await db.prisma.webhookDelivery.count({ where: { inboundEmailId: id } })).toBe(0);
    expect(await db.prisma.inboundEmail.findUnique({ where: { id: young } })).not.toBeNull();
  });
});
