import { request as httpRequest } from "node:http";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { storedIdempotencyKey } from "@svc/core";
import { newId } from "@svc/db";
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

const send = (body: unknown, key = fx.keys["send-only"]) =>
  request(api.url)
    .post("/emails")
    .set(bearer(key))
    .send(body as object);

/** Rows a send could have written, for "changed nothing" checks. */
async function footprint(workspaceId: string) {
  const [emails, idempotencyKeys, usage] = await Promise.all([
    db.email.count({ where: { organizationId: workspaceId } }),
    db.idempotencyKey.count({ where: { workspaceId } }),
    db.dailyUsage.aggregate({ where: { workspaceId }, _sum: { count: true } }),
  ]);
  return { emails, idempotencyKeys, usage: usage._sum.count ?? 0 };
}

describe("POST /emails: success", () => {
  it("answers 202 with the id, after committing the row and enqueueing the job (job id = email id)", async () => {
    const res = await send(sendBody(fx.domain, { html: "<p>Hi</p>" }));
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ id: expect.stringMatching(/^email_[A-Za-z0-9]{24}$/), status: "queued" });
    const row = await db.email.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row).toMatchObject({
      organizationId: fx.workspaceId,
      apiKeyId: fx.keyIds["send-only"],
      environment: "live",
      from: `Acme <hello@${fx.domain}>`,
      to: ["someone@example.org"],
      subject: "Hello",
      html: "<p>Hi</p>",
      text: "Hi there",
      status: "queued",
      provider: null,
      sentAt: null,
    });
    const job = await api.producer.queue.getJob(res.body.id);
    expect(job?.data).toEqual({ emailId: res.body.id });
  });

  it("accepts a bare from address, a single `to` string and html only; stores the key's environment", async () => {
    const res = await send(
      { from: `hello@${fx.domain.toUpperCase()}`, to: "one@example.org", subject: "Only html", html: "<b>x</b>" },
      fx.testKey,
    );
    expect(res.status).toBe(202);
    const row = await db.email.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row).toMatchObject({ to: ["one@example.org"], html: "<b>x</b>", text: null, environment: "test", apiKeyId: fx.testKeyId });
  });

  it("takes exactly 50 recipients and a 998-character subject", async () => {
    const to = Array.from({ length: 50 }, (_, i) => `r${i}@example.org`);
    const res = await send(sendBody(fx.domain, { to, subject: "s".repeat(998) }));
    expect(res.status).toBe(202);
    expect((await db.email.findUniqueOrThrow({ where: { id: res.body.id } })).to).toHaveLength(50);
  });
});

describe("POST /emails: bad input changes nothing", () => {
  const long = (n: number) => "a".repeat(n);
  const cases: Array<[string, (domain: string) => unknown, number, RegExp]> = [
    ["from missing", (d) => ({ ...sendBody(d), from: undefined }), 422, /from: is required/],
    ["from not an address", (d) => sendBody(d, { from: "not an address" }), 422, /from: must be an email address/],
    ["from with a header injected", (d) => sendBody(d, { from: `A\r\nBcc: x@y.com <a@${d}>` }), 422, /from:/],
    ["from a number", (d) => sendBody(d, { from: 42 }), 422, /from: must be a string/],
    ["from address too long", (d) => sendBody(d, { from: `${long(250)}@${d}` }), 422, /from:/],
    ["to missing", (d) => ({ ...sendBody(d), to: undefined }), 422, /to: is required/],
    ["to empty", (d) => sendBody(d, { to: [] }), 422, /to: must contain at least one address/],
    [
      "to over 50",
      (d) => sendBody(d, { to: Array.from({ length: 51 }, (_, i) => `r${i}@example.org`) }),
      422,
      /to: must contain at most 50/,
    ],
    ["to with an invalid address", (d) => sendBody(d, { to: ["ok@example.org", "nope"] }), 422, /to\[1\]: must be a valid email address/],
    ["to with a non-string", (d) => sendBody(d, { to: ["ok@example.org", 7] }), 422, /to\[1\]: must be a string/],
    ["to an object", (d) => sendBody(d, { to: { a: 1 } }), 422, /to: must be an address or an array/],
    ["to address too long", (d) => sendBody(d, { to: [`${long(250)}@example.org`] }), 422, /to\[0\]: must be at most 254/],
    ["subject missing", (d) => ({ ...sendBody(d), subject: undefined }), 422, /subject: is required/],
    ["subject empty", (d) => sendBody(d, { subject: "" }), 422, /subject: must not be empty/],
    ["subject blank", (d) => sendBody(d, { subject: "   " }), 422, /subject: must not be empty/],
    ["subject too long", (d) => sendBody(d, { subject: long(999) }), 422, /subject: must be at most 998/],
    ["subject with a line break", (d) => sendBody(d, { subject: "a\r\nBcc: x@y.com" }), 422, /subject: must not contain line breaks/],
    ["subject a number", (d) => sendBody(d, { subject: 5 }), 422, /subject: must be a string/],
    ["neither html nor text", (d) => ({ ...sendBody(d), text: undefined }), 422, /at least one of html or text/],
    ["both bodies empty", (d) => sendBody(d, { text: "", html: "" }), 422, /at least one of html or text/],
    ["html a number", (d) => sendBody(d, { html: 5 }), 422, /html: must be a string/],
    ["text an object", (d) => sendBody(d, { text: { a: 1 } }), 422, /text: must be a string/],
    ["an unknown field", (d) => sendBody(d, { priority: "high" }), 422, /unknown field\(s\): priority/],
    ["an array body", () => [], 422, /must be a JSON object/],
  ];

  it.each(cases)("%s → 422", async (_name, build, status, message) => {
    const before = await footprint(fx.workspaceId);
    const res = await send(build(fx.domain));
    expect(res.status).toBe(status);
    expect(res.body.error).toMatch(message);
    expect(res.body.code).toBe("validation_failed");
    expect(await footprint(fx.workspaceId)).toEqual(before);
  });

  it("answers 400 for malformed JSON and for a JSON body that is not an object or array", async () => {
    const before = await footprint(fx.workspaceId);
    for (const raw of ['{"from": ', '"just a string"', "42"]) {
      const res = await request(api.url)
        .post("/emails")
        .set(bearer(fx.keys["send-only"]))
        .set("Content-Type", "application/json")
        .send(raw);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: "The request body is not valid JSON.", code: "bad_request" });
    }
    expect(await footprint(fx.workspaceId)).toEqual(before);
  });

  it("reads JSON however it is framed: with a charset, with a byte order mark, chunked, gzip-compressed", async () => {
    const raw = JSON.stringify(sendBody(fx.domain));
    const post = () => request(api.url).post("/emails").set(bearer(fx.keys["send-only"]));
    expect((await post().set("Content-Type", "application/json; charset=UTF-8").send(raw)).status).toBe(202);
    expect((await post().set("Content-Type", "application/json").send(`\uFEFF${raw}`)).status).toBe(202);
    // Node's own client, so the bytes go out exactly as given (superagent would re-serialise them).
    const rawPost = (headers: Record<string, string>, parts: Buffer[]) =>
      new Promise<number>((resolve, reject) => {
        const req = httpRequest(`${api.url}/emails`, {
          method: "POST",
          headers: { ...bearer(fx.keys["send-only"]), "Content-Type": "application/json", ...headers },
        });
        req.on("response", (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on("error", reject);
        const [first, ...rest] = parts;
        req.write(first);
        setTimeout(() => req.end(Buffer.concat(rest)), 20);
      });
    const bytes = Buffer.from(raw);
    expect(await rawPost({ "Transfer-Encoding": "chunked" }, [bytes.subarray(0, 10), bytes.subarray(10)])).toBe(202);
    const gzipped = gzipSync(raw);
    expect(
      await rawPost({ "Content-Encoding": "gzip", "Content-Length": String(gzipped.length) }, [
        gzipped.subarray(0, 5),
        gzipped.subarray(5),
      ]),
    ).toBe(202);
    // A body that claims gzip but is not: a 400 naming the problem, not a 500.
    expect(await rawPost({ "Content-Encoding": "gzip", "Content-Length": "10" }, [Buffer.from("not-gzip!!")])).toBe(400);
    // An empty JSON body reads as {} (as body-parser has it), so it is refused field by field.
    const empty = await post().set("Content-Type", "application/json").set("Content-Length", "0");
    expect(empty.status).toBe(422);
    expect(empty.body.error).toMatch(/from: is required/);
  });

  it("answers 415 for another content type or no body at all", async () => {
    const before = await footprint(fx.workspaceId);
    const asText = await request(api.url)
      .post("/emails")
      .set(bearer(fx.keys["send-only"]))
      .set("Content-Type", "text/plain")
      .send(JSON.stringify(sendBody(fx.domain)));
    expect(asText.status).toBe(415);
    expect(asText.body.code).toBe("unsupported_media_type");
    const asForm = await request(api.url).post("/emails").set(bearer(fx.keys["send-only"])).type("form").send({ from: "a@b.com" });
    expect(asForm.status).toBe(415);
    const empty = await request(api.url).post("/emails").set(bearer(fx.keys["send-only"]));
    expect(empty.status).toBe(415);
    expect(await footprint(fx.workspaceId)).toEqual(before);
  });

  it("answers 422 for html and text over 1 MB together (the row carries them) and accepts them just under", async () => {
    const before = await footprint(fx.workspaceId);
    const tooBig = await send(sendBody(fx.domain, { html: "x".repeat(1024 * 1024), text: "y" }));
    expect(tooBig.status).toBe(422);
    expect(tooBig.body).toEqual({
      error: "Invalid request: html: html and text together must be at most 1 MB.",
      code: "validation_failed",
    });
    expect(await footprint(fx.workspaceId)).toEqual(before);
    const fits = await send(sendBody(fx.domain, { html: "x".repeat(1024 * 1024 - 1024), text: null }));
    expect(fits.status).toBe(202);
  });

  it("refuses an Idempotency-Key over 256 characters or with control characters", async () => {
    const before = await footprint(fx.workspaceId);
    for (const key of ["k".repeat(257), "a\tb"]) {
      const res = await send(sendBody(fx.domain)).set("Idempotency-Key", key);
      expect(res.status).toBe(422);
      expect(res.body.error).toMatch(/^Idempotency-Key: /);
    }
    expect(await footprint(fx.workspaceId)).toEqual(before);
    const longest = await send(sendBody(fx.domain)).set("Idempotency-Key", "k".repeat(256));
    expect(longest.status).toBe(202);
  });
});

describe("POST /emails: sending domain", () => {
  it("refuses a from domain the workspace has not verified, with the exact message", async () => {
    const before = await footprint(fx.workspaceId);
    const res = await send(sendBody(fx.domain, { from: "Me <me@unverified.example.net>" }));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: "The from domain unverified.example.net is not verified for this workspace.",
      code: "domain_not_verified",
    });
    expect(await footprint(fx.workspaceId)).toEqual(before);
  });

  it("refuses a `verified` row whose name this workspace never proved while another workspace owns it; the owner sends", async () => {
    const shared = `owned-${newId("domain").slice(4).toLowerCase()}.example.com`;
    const owner = await createWorkspaceFixture(handle, { domain: shared });
    const squatter = await createWorkspaceFixture(handle);
    // Verified before names were claimed: no proof of its own.
    await db.domain.create({
      data: {
        id: newId("domain"),
        workspaceId: squatter.workspaceId,
        name: shared,
        status: "verified",
        verifiedAt: new Date(),
        records: [],
        verificationToken: "t",
        dkimSelector: "svc",
        dkimPublicKey: "p",
        dkimPrivateKey: "k",
      },
    });
    const before = await footprint(squatter.workspaceId);
    const refused = await send(sendBody(shared, { from: `Bank <security@${shared}>` }), squatter.keys["send-only"]);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("domain_not_verified");
    expect(refused.body.error).toContain(`The from domain ${shared} is not verified for this workspace.`);
    expect(refused.body.error).toContain("has not been proven by this workspace's DNS");
    expect(await footprint(squatter.workspaceId)).toEqual(before);
    expect((await send(sendBody(shared), owner.keys["send-only"])).status).toBe(202);
  });

  it("refuses a domain that is only pending, and another workspace's verified domain", async () => {
    await db.domain.create({
      data: {
        id: newId("domain"),
        workspaceId: fx.workspaceId,
        name: `pending-${fx.domain}`,
        status: "pending",
        records: [],
        verificationToken: "t",
        dkimSelector: "svc",
        dkimPublicKey: "p",
        dkimPrivateKey: "k",
      },
    });
    const other = await createWorkspaceFixture(handle);
    const before = await footprint(fx.workspaceId);
    for (const domain of [`pending-${fx.domain}`, other.domain, `sub.${fx.domain}`]) {
      const res = await send(sendBody(fx.domain, { from: `me@${domain}` }));
      expect(res.status).toBe(403);
      expect(res.body.error.startsWith(`The from domain ${domain} is not verified for this workspace.`)).toBe(true);
    }
    // Only the workspace's own pending domain says more (never another workspace's).
    expect((await send(sendBody(fx.domain, { from: `me@pending-${fx.domain}` }))).body.error).toContain("waiting for its DNS records");
    expect((await send(sendBody(fx.domain, { from: `me@${other.domain}` }))).body.error).toBe(
      `The from domain ${other.domain} is not verified for this workspace.`,
    );
    expect(await footprint(fx.workspaceId)).toEqual(before);
  });
});

describe("POST /emails: Idempotency-Key", () => {
  it("replays the original answer for the same key and body, creating and counting nothing", async () => {
    const own = await createWorkspaceFixture(handle, { plan: "free" }); // a plan with a limit, so the usage counter is written;
    const body = sendBody(own.domain);
    const first = await send(body, own.keys["send-only"]).set("Idempotency-Key", "order-1");
    expect(first.status).toBe(202);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const before = await footprint(own.workspaceId);
    expect(before).toEqual({ emails: 1, idempotencyKeys: 1, usage: 1 });

    // Same body with keys in another order, from the same API key: still a replay.
    const reordered = { text: body.text, subject: body.subject, to: body.to, from: body.from };
    const again = await send(reordered, own.keys["send-only"]).set("Idempotency-Key", "order-1");
    expect(again.status).toBe(202);
    expect(again.text).toBe(first.text);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(await footprint(own.workspaceId)).toEqual(before);
  });

  it("answers 409 for the same key with another body, and creates nothing", async () => {
    const own = await createWorkspaceFixture(handle, { plan: "free" }); // a plan with a limit, so the usage counter is written;
    await send(sendBody(own.domain), own.keys["send-only"]).set("Idempotency-Key", "k-409").expect(202);
    const before = await footprint(own.workspaceId);
    const res = await send(sendBody(own.domain, { subject: "Different" }), own.keys["send-only"]).set("Idempotency-Key", "k-409");
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("conflict");
    expect(res.body.error).toMatch(/Idempotency-Key/);
    expect(await footprint(own.workspaceId)).toEqual(before);
  });

  it("creates exactly one email for concurrent requests with one key", async () => {
    const own = await createWorkspaceFixture(handle, { plan: "free" }); // a plan with a limit, so the usage counter is written;
    const body = sendBody(own.domain);
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(body, own.keys["send-only"]).set("Idempotency-Key", "burst")));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(202));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers["idempotent-replayed"] !== "true")).toHaveLength(1);
    expect(await footprint(own.workspaceId)).toEqual({ emails: 1, idempotencyKeys: 1, usage: 1 });
  });

  it("scopes keys per API key: a test key and a live key of one workspace never replay each other", async () => {
    const own = await createWorkspaceFixture(handle);
    const body = sendBody(own.domain);
    const live = await send(body, own.keys["full-access"]).set("Idempotency-Key", "per-key");
    const test = await send(body, own.testKey).set("Idempotency-Key", "per-key");
    const otherLive = await send(body, own.keys["send-only"]).set("Idempotency-Key", "per-key");
    expect([live.status, test.status, otherLive.status]).toEqual([202, 202, 202]);
    expect(new Set([live.body.id, test.body.id, otherLive.body.id]).size).toBe(3);
    expect(test.headers["idempotent-replayed"]).toBeUndefined();
    expect(await db.email.count({ where: { organizationId: own.workspaceId } })).toBe(3);
    // The same key again replays each key's own answer.
    const again = await send(body, own.testKey).set("Idempotency-Key", "per-key");
    expect(again.body.id).toBe(test.body.id);
    expect(again.headers["idempotent-replayed"]).toBe("true");
  });

  it("scopes keys per workspace, forgets them after 24 hours, and stores nothing for a refused request", async () => {
    const a = await createWorkspaceFixture(handle);
    const b = await createWorkspaceFixture(handle);
    const fromA = await send(sendBody(a.domain), a.keys["send-only"]).set("Idempotency-Key", "shared");
    const fromB = await send(sendBody(b.domain), b.keys["send-only"]).set("Idempotency-Key", "shared");
    expect(fromA.status).toBe(202);
    expect(fromB.status).toBe(202);
    expect(fromB.body.id).not.toBe(fromA.body.id);

    await db.idempotencyKey.update({
      where: { workspaceId_key: { workspaceId: a.workspaceId, key: storedIdempotencyKey(a.keyIds["send-only"], "shared") } },
      data: { createdAt: new Date(Date.now() - 25 * 3600 * 1000) },
    });
    const afterExpiry = await send(sendBody(a.domain), a.keys["send-only"]).set("Idempotency-Key", "shared");
    expect(afterExpiry.status).toBe(202);
    expect(afterExpiry.body.id).not.toBe(fromA.body.id);
    expect(await db.email.count({ where: { organizationId: a.workspaceId } })).toBe(2);

    const refused = sendBody(a.domain, { from: "x@unverified.example.net" });
    expect((await send(refused, a.keys["send-only"]).set("Idempotency-Key", "refused")).status).toBe(403);
    expect((await send(refused, a.keys["send-only"]).set("Idempotency-Key", "refused")).status).toBe(403);
    expect(await db.idempotencyKey.count({ where: { workspaceId: a.workspaceId, key: "refused" } })).toBe(0);
  });
});
