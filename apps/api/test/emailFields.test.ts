import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { purgeExpiredEmails } from "@svc/core";
import request from "supertest";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { type ApiInstance, bearer, sendBody, startApi } from "./harness.ts";

const handle = openTestDb();
const db = handle.prisma;
let api: ApiInstance;
let fx: WorkspaceFixture;

beforeAll(async () => {
  api = await startApi();
  fx = await createWorkspaceFixture(handle);
});
afterAll(async () => {
  await api.close();
  await handle.close();
});

const send = (body: unknown, headers: Record<string, string> = {}) =>
  request(api.url)
    .post("/emails")
    .set(bearer(fx.keys["full-access"]))
    .set(headers)
    .send(body as object);
const read = (path: string) => request(api.url).get(path).set(bearer(fx.keys["read-only"]));

const pdf = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0xfe, 0x0d, 0x0a, 0x80]);
const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001", "hex");

function fullBody(overrides: Record<string, unknown> = {}) {
  return sendBody(fx.domain, {
    to: ["ann@example.com"],
    cc: "bob@example.com",
    bcc: ["carol@example.com"],
    replyTo: ["Support <support@example.com>", "help@example.com"],
    html: '<p>Your invoice <img src="cid:logo@acme"></p>',
    headers: { "X-Entity-Ref-ID": "inv-42", "List-Unsubscribe": "<https://example.com/u/1>", "In-Reply-To": "<t1@example.com>" },
    tags: [
      { name: "category", value: "invoice" },
      { name: "tenant", value: "t-42" },
    ],
    attachments: [
      { filename: "invoice.pdf", content: pdf.toString("base64") },
      { filename: "logo.png", content: png.toString("base64"), contentType: "image/png", contentId: "logo@acme" },
    ],
    ...overrides,
  });
}

/** Rows a send could have written, for "changed nothing" checks. */
async function footprint() {
  const [emails, files, keys] = await Promise.all([
    db.email.count({ where: { organizationId: fx.workspaceId } }),
    db.emailAttachment.count({ where: { email: { organizationId: fx.workspaceId } } }),
    db.idempotencyKey.count({ where: { workspaceId: fx.workspaceId } }),
  ]);
  return { emails, files, keys };
}

describe("POST /emails with every field", () => {
  it("stores them; GET /emails/{id} and GET /emails answer them, files as name, type and size, never bytes", async () => {
    const res = await send(fullBody());
    expect(res.status).toBe(202);
    const id = res.body.id as string;

    const one = await read(`/emails/${id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      to: ["ann@example.com"],
      cc: ["bob@example.com"],
      bcc: ["carol@example.com"],
      replyTo: ["Support <support@example.com>", "help@example.com"],
      headers: { "X-Entity-Ref-ID": "inv-42", "List-Unsubscribe": "<https://example.com/u/1>", "In-Reply-To": "<t1@example.com>" },
      tags: [
        { name: "category", value: "invoice" },
        { name: "tenant", value: "t-42" },
      ],
      attachments: [
        { filename: "invoice.pdf", contentType: "application/pdf", contentId: null, size: pdf.length },
        { filename: "logo.png", contentType: "image/png", contentId: "logo@acme", size: png.length },
      ],
    });
    expect(Object.keys(one.body.headers)).toEqual(["X-Entity-Ref-ID", "List-Unsubscribe", "In-Reply-To"]);
    expect(JSON.stringify(one.body)).not.toContain(pdf.toString("base64"));

    const list = await read("/emails?limit=5");
    const listed = (list.body as Array<Record<string, unknown>>).find((email) => email.id === id)!;
    expect(listed).toMatchObject({
      cc: one.body.cc,
      bcc: one.body.bcc,
      replyTo: one.body.replyTo,
      headers: one.body.headers,
      tags: one.body.tags,
      attachments: one.body.attachments,
    });

    // The bytes are in their own table, in order, exactly as sent.
    const files = await db.emailAttachment.findMany({ where: { emailId: id }, orderBy: { position: "asc" } });
    expect(files.map((file) => Buffer.from(file.content))).toEqual([pdf, png]);
  });

  it("replays an idempotent send with files, and refuses the same key with other file bytes", async () => {
    const key = `files-${Date.now()}`;
    const first = await send(fullBody(), { "Idempotency-Key": key });
    const again = await send(fullBody(), { "Idempotency-Key": key });
    expect(again.status).toBe(202);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    const other = await send(fullBody({ attachments: [{ filename: "invoice.pdf", content: Buffer.from("other").toString("base64") }] }), {
      "Idempotency-Key": key,
    });
    expect(other.status).toBe(409);
  });
});

describe("POST /emails refusals name the field and change nothing", () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    [
      "a service-owned header",
      { headers: { "X-Ok": "1", Bcc: "spy@evil.test", "Content-Type": "text/plain" } },
      "headers: Bcc, Content-Type are set by the service and cannot be given",
    ],
    [
      "a header value with CR/LF",
      { headers: { "X-A": "x\r\nBcc: spy@evil.test" } },
      "headers: X-A: the value must be printable ASCII on one line",
    ],
    [
      "an executable attachment",
      { attachments: [{ filename: "update.exe", content: "TVo=" }] },
      "attachments[0].filename: .exe files are executable content the provider refuses to send",
    ],
    [
      "attachment content that is not base64",
      { attachments: [{ filename: "a.pdf", content: "%%%" }] },
      "attachments[0].content: must be base64",
    ],
    [
      "a tag outside the charset",
      { tags: [{ name: "cat egory", value: "x" }] },
      "tags[0].name: may contain only ASCII letters, digits, _ and -",
    ],
    ["51 tags", { tags: Array.from({ length: 51 }, (_, i) => ({ name: `t${i}`, value: "v" })) }, "tags: must contain at most 50 tags"],
    [
      "more than 50 recipients in to, cc and bcc",
      { to: ["a@example.com"], cc: Array.from({ length: 50 }, (_, i) => `c${i}@example.com`) },
      "to, cc and bcc together must contain at most 50 addresses (52 given)",
    ],
    [
      "11 reply-to addresses",
      { replyTo: Array.from({ length: 11 }, (_, i) => `r${i}@example.com`) },
      "replyTo: must contain at most 10 addresses",
    ],
    ["a bad cc address", { cc: ["nope"] }, "cc[0]: must be a valid email address"],
  ];
  for (const [what, overrides, message] of cases) {
    it(`${what}: 422`, async () => {
      const before = await footprint();
      const res = await send(fullBody(overrides));
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("validation_failed");
      expect(res.body.error).toContain(message);
      expect(await footprint()).toEqual(before);
    });
  }

  it("a message over 40 MB once encoded: 422 naming attachments; one that fits (28 MB of files) is accepted", async () => {
    // fetch rather than supertest: it writes a large body in one piece.
    const post = async (megabytes: number) => {
      const body = JSON.stringify(
        sendBody(fx.domain, {
          attachments: [{ filename: "scan.tiff", content: Buffer.alloc(megabytes * 1024 * 1024, 1).toString("base64") }],
        }),
      );
      const res = await fetch(`${api.url}/emails`, {
        method: "POST",
        headers: { ...bearer(fx.keys["full-access"]), "content-type": "application/json" },
        body,
      });
      return { status: res.status, body: (await res.json()) as Record<string, string> };
    };
    const before = await footprint();
    const tooBig = await post(30);
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.error).toMatch(/attachments: the message would be over 40 MB once encoded/);
    expect(await footprint()).toEqual(before);
    const fits = await post(28);
    expect(fits.status).toBe(202);
    const [file] = await db.emailAttachment.findMany({ where: { emailId: fits.body.id } });
    expect(file!.content.length).toBe(28 * 1024 * 1024);
  });

  it("a body over 48 MB: 413 naming the limit, read to its end so the client gets the answer", async () => {
    const before = await footprint();
    const size = 48 * 1024 * 1024 + 1;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL(`${api.url}/emails`);
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: "POST",
          headers: { ...bearer(fx.keys["full-access"]), "content-type": "application/json", "content-length": size },
        },
        (res) => {
          let body = "";
          res.on("data", (chunk: Buffer) => (body += chunk.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", reject);
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      for (let sent = 0; sent < size; sent += chunk.length) req.write(chunk.subarray(0, Math.min(chunk.length, size - sent)));
      req.end();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: "The request body is larger than 48 MB.", code: "payload_too_large" });
    expect(await footprint()).toEqual(before);
  });

  it("other routes keep their 1 MB body limit", async () => {
    const res = await request(api.url)
      .post("/suppressions")
      .set(bearer(fx.keys["full-access"]))
      .send({ address: "a@example.com", note: "x".repeat(1024 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe("The request body is larger than 1 MB.");
  });
});

describe("retention", () => {
  it("deletes files of emails past their handoff that the sender left behind, and keeps those still waiting to be sent", async () => {
    const waiting = (await send(fullBody())).body.id as string;
    const handedOff = (await send(fullBody())).body.id as string;
    await db.email.update({ where: { id: handedOff }, data: { status: "delivered" } });
    const result = await purgeExpiredEmails(db, new Date());
    expect(result.attachmentContentsDeleted).toBeGreaterThanOrEqual(2);
    expect(await db.emailAttachment.count({ where: { emailId: handedOff } })).toBe(0);
    expect(await db.emailAttachment.count({ where: { emailId: waiting } })).toBe(2);
    // What the files were stays readable.
    expect((await read(`/emails/${handedOff}`)).body.attachments).toHaveLength(2);
  });
});
