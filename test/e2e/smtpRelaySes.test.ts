import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { addTestRecipient } from "@svc/core";
import nodemailer from "nodemailer";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../support/fixtures.ts";
import { FAKE_AWS_CREDENTIALS, type SesLocal, type StoredEmail, startSesLocal } from "../support/ses.ts";
import { type Stack, startStack } from "../support/stack.ts";

/**
 * The relay → api's core service → sender → the real AWS SDK → aws-ses-v2-local, each app its own
 * process: a message sent by nodemailer over STARTTLS with every kind of part arrives in the
 * emulator's store exactly, and a test key reaches only pre-verified recipients.
 */
const handle = openTestDb();
let emulator: SesLocal;
let stack: Stack;
let fx: WorkspaceFixture;
let ca: string;

beforeAll(async () => {
  emulator = await startSesLocal();
  stack = await startStack({
    apps: ["api", "sender", "smtp"],
    env: { EMAIL_PROVIDER: "ses", SES_ENDPOINT: emulator.url, AWS_REGION: "eu-west-1", ...FAKE_AWS_CREDENTIALS },
  });
  ca = readFileSync(path.join(stack.env.SMTP_TLS_DIR!, "tls-localhost.pem"), "utf8");
  fx = await createWorkspaceFixture(handle, { plan: "unlimited" });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  await emulator?.stop();
  await handle.close();
});

const client = (key: string) =>
  nodemailer.createTransport({
    host: "127.0.0.1",
    port: Number(stack.env.SMTP_PORT),
    secure: false,
    requireTLS: true,
    tls: { ca, servername: "localhost" },
    auth: { user: "svc", pass: key },
  });

const queuedId = (response: string) => /queued as (email_[A-Za-z0-9]+)/.exec(response)![1]!;

/** The emulator's copy of an email, once the sender has handed it off. */
async function storedCopy(emailId: string): Promise<StoredEmail> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const row = await handle.prisma.email.findUnique({ where: { id: emailId } });
    if (row?.providerMessageId) {
      const stored = (await emulator.emails()).find((e) => e.messageId === row.providerMessageId);
      if (stored) return stored;
    }
    if (row?.status === "failed") throw new Error(`email failed: ${row.errorMessage}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`email ${emailId} never reached the emulator`);
}

describe("the relay to SES (aws-ses-v2-local)", () => {
  it("delivers cc, bcc, reply-to, a custom header, an attachment and an inline image exactly", async () => {
    const pdf = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x10, 0x80, 0x0d, 0x0a, 0x1a]);
    const png = Buffer.from("89504e470d0a1a0a0000000d494844520000000100000001", "hex");
    const info = await client(fx.keys["send-only"]).sendMail({
      from: `Acme Billing <billing@${fx.domain}>`,
      to: "ann@example.com",
      cc: "carl@example.com",
      bcc: "bea@example.com",
      replyTo: "Support <support@example.com>",
      subject: "Your invoice ✓",
      text: "Invoice attached.",
      html: '<p>Invoice attached. <img src="cid:logo@acme"></p>',
      headers: { "X-Entity-Ref-ID": "inv-42" },
      messageId: `<ses-exact-${Date.now()}@${fx.domain}>`,
      attachments: [
        { filename: "invoice.pdf", content: pdf, contentType: "application/pdf" },
        { filename: "logo.png", content: png, contentType: "image/png", cid: "logo@acme" },
      ],
    });
    const stored = await storedCopy(queuedId(info.response));

    expect(stored.from).toBe(`Acme Billing <billing@${fx.domain}>`);
    expect(stored.destination).toEqual({ to: ["ann@example.com"], cc: ["carl@example.com"], bcc: ["bea@example.com"] });
    expect(stored.replyTo).toEqual(["Support <support@example.com>"]);
    expect(stored.subject).toBe("Your invoice ✓");
    expect(stored.body).toEqual({ text: "Invoice attached.", html: '<p>Invoice attached. <img src="cid:logo@acme"></p>' });
    expect(stored.headers).toEqual([{ name: "X-Entity-Ref-ID", value: "inv-42" }]);
    const byName = Object.fromEntries((stored.attachments ?? []).map((a) => [a.filename, a]));
    expect(Object.keys(byName).sort()).toEqual(["invoice.pdf", "logo.png"]);
    expect(Buffer.from(byName["invoice.pdf"]!.content, "base64").equals(pdf)).toBe(true);
    expect(byName["invoice.pdf"]).toMatchObject({ contentType: "application/pdf", contentDisposition: "ATTACHMENT", size: pdf.length });
    expect(Buffer.from(byName["logo.png"]!.content, "base64").equals(png)).toBe(true);
    expect(byName["logo.png"]).toMatchObject({ contentType: "image/png", contentDisposition: "INLINE", contentId: "logo@acme" });
  });

  it("with a test key reaches only the pre-verified recipients", async () => {
    await addTestRecipient(handle.prisma, { workspaceId: fx.workspaceId, email: "qa@example.com" });
    const info = await client(fx.testKey).sendMail({
      from: `hello@${fx.domain}`,
      to: ["qa@example.com", "stranger@example.com"],
      subject: "Test key over SMTP",
      text: "Only QA sees this",
    });
    const stored = await storedCopy(queuedId(info.response));
    expect(stored.destination).toEqual({ to: ["qa@example.com"], cc: [], bcc: [] });
  });
});
