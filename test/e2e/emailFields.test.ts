import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../support/fixtures.ts";
import { FAKE_AWS_CREDENTIALS, type SesLocal, type StoredEmail, startSesLocal } from "../support/ses.ts";
import { type ApiCall, callApi, type Stack, startStack } from "../support/stack.ts";

/**
 * Every field of one email from POST /emails to the provider: the api and the sender run as
 * their own processes, the sender hands off through the AWS SDK to aws-ses-v2-local, and what the
 * emulator stored is compared with what was sent, file bytes included.
 */
const handle = openTestDb();
let emulator: SesLocal;
let stack: Stack;
let fx: WorkspaceFixture;

beforeAll(async () => {
  emulator = await startSesLocal();
  stack = await startStack({
    apps: ["api", "sender"],
    env: { EMAIL_PROVIDER: "ses", SES_ENDPOINT: emulator.url, ...FAKE_AWS_CREDENTIALS },
  });
  fx = await createWorkspaceFixture(handle, { plan: "unlimited" });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await emulator?.stop();
  await handle.close();
});

const api = (path: string, init: ApiCall = {}) => callApi(stack.apiUrl, fx.keys["full-access"], path, init);

async function waitForSent(id: string): Promise<{ email: any; stored: StoredEmail }> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const { body: email } = await api(`/emails/${id}`);
    if (email.status !== "queued" && email.status !== "sending") {
      const stored = (await emulator.emails()).find((e) => e.messageId === email.providerMessageId);
      if (!stored) throw new Error(`${id} is ${email.status} (${email.errorMessage}) but the emulator has no ${email.providerMessageId}`);
      return { email, stored };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${id} was not handed off in time`);
}

describe("an email with every field, through the api and the sender to the SES emulator", () => {
  it("arrives with every recipient, reply-to, header and file byte for byte (an inline image too); its files are then deleted", async () => {
    const pdf = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37) % 256));
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex");
    const sent = await api("/emails", {
      body: {
        from: `Acme Billing <billing@${fx.domain}>`,
        to: ["ann@example.com", "ann2@example.com"],
        cc: "bob@example.com",
        bcc: ["carol@example.com"],
        replyTo: ["Acme Support <support@example.com>"],
        subject: "Your invoice",
        html: '<p>Invoice attached. <img src="cid:logo@acme" alt="Acme"></p>',
        text: "Invoice attached.",
        headers: {
          "List-Unsubscribe": "<https://example.com/unsubscribe/42>, <mailto:unsubscribe@example.com>",
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          "In-Reply-To": "<thread-41@example.com>",
          References: "<thread-40@example.com> <thread-41@example.com>",
          "X-Entity-Ref-ID": "invoice-42",
        },
        tags: [{ name: "category", value: "invoice" }],
        attachments: [
          { filename: "invoice.pdf", content: pdf.toString("base64") },
          { filename: "logo.png", content: png.toString("base64"), contentId: "logo@acme" },
        ],
      },
    });
    expect(sent.status).toBe(202);
    const { email, stored } = await waitForSent(sent.body.id);

    expect(email.status).toBe("sent");
    expect(stored.from).toBe(`Acme Billing <billing@${fx.domain}>`);
    expect(stored.destination).toEqual({
      to: ["ann@example.com", "ann2@example.com"],
      cc: ["bob@example.com"],
      bcc: ["carol@example.com"],
    });
    expect(stored.replyTo).toEqual(["Acme Support <support@example.com>"]);
    expect(stored.subject).toBe("Your invoice");
    expect(stored.body).toEqual({ html: '<p>Invoice attached. <img src="cid:logo@acme" alt="Acme"></p>', text: "Invoice attached." });
    expect(stored.headers).toEqual([
      { name: "List-Unsubscribe", value: "<https://example.com/unsubscribe/42>, <mailto:unsubscribe@example.com>" },
      { name: "List-Unsubscribe-Post", value: "List-Unsubscribe=One-Click" },
      { name: "In-Reply-To", value: "<thread-41@example.com>" },
      { name: "References", value: "<thread-40@example.com> <thread-41@example.com>" },
      { name: "X-Entity-Ref-ID", value: "invoice-42" },
    ]);
    const [file, image] = stored.attachments!;
    expect(Buffer.from(file!.content, "base64").equals(pdf)).toBe(true);
    expect(file).toMatchObject({
      filename: "invoice.pdf",
      contentType: "application/pdf",
      contentDisposition: "ATTACHMENT",
      size: pdf.length,
    });
    expect(Buffer.from(image!.content, "base64").equals(png)).toBe(true);
    expect(image).toMatchObject({
      filename: "logo.png",
      contentType: "image/png",
      contentDisposition: "INLINE",
      contentId: "logo@acme",
      size: png.length,
    });

    // Handed off: the bytes are gone, what they were is still answered.
    expect(await handle.prisma.emailAttachment.count({ where: { emailId: email.id } })).toBe(0);
    expect(email.attachments).toEqual([
      { filename: "invoice.pdf", contentType: "application/pdf", contentId: null, size: pdf.length },
      { filename: "logo.png", contentType: "image/png", contentId: "logo@acme", size: png.length },
    ]);
    expect(email.tags).toEqual([{ name: "category", value: "invoice" }]);
  });

  it("drops a suppressed cc and a suppressed bcc recipient before the handoff and lists them on the email", async () => {
    for (const address of ["blocked-cc@example.com", "blocked-bcc@example.com"]) {
      expect((await api("/suppressions", { method: "POST", body: { address } })).status).toBe(201);
    }
    const sent = await api("/emails", {
      body: {
        from: `billing@${fx.domain}`,
        to: "dana@example.com",
        cc: ["blocked-cc@example.com", "erin@example.com"],
        bcc: ["Blocked-BCC@example.com"],
        subject: "Suppression of copies",
        text: "Hi",
      },
    });
    expect(sent.status).toBe(202);
    const { email, stored } = await waitForSent(sent.body.id);
    expect(stored.destination).toEqual({ to: ["dana@example.com"], cc: ["erin@example.com"], bcc: [] });
    expect(email.suppressedRecipients).toEqual([
      { address: "blocked-cc@example.com", reason: "manual" },
      { address: "blocked-bcc@example.com", reason: "manual" },
    ]);
    // What was asked for stays on the email.
    expect(email.cc).toEqual(["blocked-cc@example.com", "erin@example.com"]);
    expect(email.bcc).toEqual(["Blocked-BCC@example.com"]);
  });

  it("fails an email whose every recipient, bcc included, is suppressed, without a handoff", async () => {
    await api("/suppressions", { method: "POST", body: { address: "only-bcc@example.com" } });
    await api("/suppressions", { method: "POST", body: { address: "only-to@example.com" } });
    const before = (await emulator.emails()).length;
    const sent = await api("/emails", {
      body: { from: `billing@${fx.domain}`, to: "only-to@example.com", bcc: "only-bcc@example.com", subject: "None left", text: "Hi" },
    });
    const deadline = Date.now() + 30_000;
    let email: any;
    while (Date.now() < deadline) {
      email = (await api(`/emails/${sent.body.id}`)).body;
      if (email.status === "failed") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(email.status).toBe("failed");
    expect(email.errorMessage).toContain("only-bcc@example.com");
    expect((await emulator.emails()).length).toBe(before);
  });
});
