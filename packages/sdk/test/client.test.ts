import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type InboundVerdicts, receiveDmarcReports, storeInbound } from "@svc/core";
import { newId } from "@svc/db";
import { createProducerConnection, Producer } from "@svc/queues";
import { googleFileName, googleXml, reportEmail } from "../../../test/support/dmarcReports.ts";
import { TEST_REDIS_URL, testEnv, uniquePrefix } from "../../../test/support/env.ts";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { freePort, type RunningApp, startApp } from "../../../test/support/stack.ts";
import { type SendEmailRequest, Svc, SvcApiError, SvcConnectionError, SvcTimeoutError } from "../src/index.ts";
import { type FrontProxy, startFrontProxy } from "./frontProxy.ts";

const handle = openTestDb();
let api: RunningApp;
let fx: WorkspaceFixture;
const proxies: FrontProxy[] = [];

beforeAll(async () => {
  // The real API process, as in production, on the test database and Redis.
  api = await startApp(
    "api",
    testEnv({ API_PORT: String(await freePort()), RETENTION_INTERVAL_SECONDS: "0", WEBHOOK_ALLOW_PRIVATE_URLS: "true" }),
    "API_PORT",
  );
  fx = await createWorkspaceFixture(handle);
});
afterAll(async () => {
  await Promise.all(proxies.map((proxy) => proxy.close()));
  await api?.stop();
  await handle.close();
});

const client = (key = fx.keys["full-access"], options: Partial<ConstructorParameters<typeof Svc>[0]> = {}) =>
  new Svc({ apiKey: key, baseUrl: api.url, ...options });

const email = (subject = `sdk ${newId("email")}`): SendEmailRequest => ({
  from: `Acme <hello@${fx.domain}>`,
  to: ["someone@example.org"],
  subject,
  text: "Hi",
});

async function proxy(decide: Parameters<typeof startFrontProxy>[1]): Promise<FrontProxy> {
  const started = await startFrontProxy(api.url, decide);
  proxies.push(started);
  return started;
}

const emailsWithSubject = (subject: string) => handle.prisma.email.count({ where: { organizationId: fx.workspaceId, subject } });

describe("the SDK against the API process", () => {
  it("sends an email and reads it back with its events", async () => {
    const svc = client();
    const sent = await svc.emails.send(email("sdk hello"));
    expect(sent).toEqual({ id: expect.stringMatching(/^email_/), status: "queued", replayed: false });
    const read = await svc.emails.get(sent.id);
    expect(read).toMatchObject({
      id: sent.id,
      subject: "sdk hello",
      to: ["someone@example.org"],
      organizationId: fx.workspaceId,
      events: [],
    });
  });

  it("sends a batch in order, strict and permissive, replaying it under the same key", async () => {
    const svc = client(fx.keys["send-only"]);
    const subjects = [0, 1, 2].map((i) => `sdk batch ${i} ${newId("email")}`);
    const sent = await svc.emails.batch(
      subjects.map((subject) => email(subject)),
      { idempotencyKey: `batch-${subjects[0]}` },
    );
    expect(sent.replayed).toBe(false);
    expect(sent.entries).toEqual(subjects.map(() => ({ id: expect.stringMatching(/^email_/), status: "queued" })));
    for (const [i, entry] of sent.entries.entries()) {
      expect((await client().emails.get((entry as { id: string }).id)).subject).toBe(subjects[i]);
    }
    const again = await svc.emails.batch(
      subjects.map((subject) => email(subject)),
      { idempotencyKey: `batch-${subjects[0]}` },
    );
    expect(again).toEqual({ entries: sent.entries, replayed: true });

    const mixed = [email(), { ...email(), to: ["not-an-address"] }];
    const refused = await svc.emails.batch(mixed).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SvcApiError);
    expect(refused).toMatchObject({
      status: 422,
      code: "validation_failed",
      details: { errors: [{ index: 1, code: "validation_failed" }] },
    });
    const permissive = await svc.emails.batch(mixed, { mode: "permissive" });
    expect(permissive.entries).toEqual([
      { id: expect.stringMatching(/^email_/), status: "queued" },
      { error: expect.any(String), code: "validation_failed" },
    ]);
  });

  it("schedules, reschedules and cancels an email; canceling it again is a typed 409", async () => {
    const svc = client(fx.keys["send-only"]);
    const inAnHour = new Date(Date.now() + 3600_000);
    const scheduled = await svc.emails.send({ ...email(), scheduledAt: inAnHour.toISOString() });
    expect(scheduled.status).toBe("scheduled");
    const later = new Date(Date.now() + 7200_000);
    expect(await svc.emails.reschedule(scheduled.id, later)).toEqual({
      id: scheduled.id,
      status: "scheduled",
      scheduledAt: later.toISOString(),
    });
    expect(await svc.emails.cancel(scheduled.id)).toEqual({ id: scheduled.id, status: "canceled", scheduledAt: null });
    expect((await client().emails.get(scheduled.id)).status).toBe("canceled");
    expect(await svc.emails.cancel(scheduled.id).catch((error: unknown) => error)).toMatchObject({ status: 409, code: "conflict" });
  });

  it("lists every email over several pages, newest first", async () => {
    const own = await createWorkspaceFixture(handle);
    const svc = client(own.keys["full-access"]);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await svc.emails.send({ ...email(), from: `hello@${own.domain}` })).id);
    }
    const front = await proxy(() => "forward");
    const listed: string[] = [];
    for await (const item of client(own.keys["read-only"], { baseUrl: front.url }).emails.list({ pageSize: 2 })) listed.push(item.id);
    const expected = await handle.prisma.email.findMany({
      where: { organizationId: own.workspaceId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { id: true },
    });
    expect(listed).toEqual(expected.map((row) => row.id));
    expect([...listed].sort()).toEqual([...ids].sort());
    // 2 + 2 + 1: three pages, the last one short.
    expect(front.seen.map((request) => request.path)).toEqual([
      "/emails?limit=2",
      `/emails?limit=2&after=${listed[1]}`,
      `/emails?limit=2&after=${listed[3]}`,
    ]);
  });

  it("lists and revokes keys; the revoked key is refused with a typed 401", async () => {
    const own = await createWorkspaceFixture(handle);
    const svc = client(own.keys["full-access"]);
    const keys = await svc.apiKeys.list();
    expect(keys.map((key) => key.id).sort()).toEqual([...Object.values(own.keyIds), own.testKeyId].sort());
    const revoked = await svc.apiKeys.revoke(own.keyIds["read-only"]);
    expect(revoked).toMatchObject({ id: own.keyIds["read-only"], revokedAt: expect.any(String) });
    const refused = await client(own.keys["read-only"])
      .emails.listPage()
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SvcApiError);
    expect(refused).toMatchObject({ status: 401, code: "unauthorized" });
  });

  it("throws typed errors carrying status and code", async () => {
    const missing = await client()
      .emails.get("email_doesnotexist")
      .catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(SvcApiError);
    expect(missing).toMatchObject({ status: 404, code: "not_found", message: "Email not found." });

    const invalid = await client()
      .emails.send({ ...email(), to: [] })
      .catch((error: unknown) => error);
    expect(invalid).toMatchObject({ status: 422, code: "validation_failed" });

    const forbidden = await client(fx.keys["send-only"])
      .apiKeys.list()
      .catch((error: unknown) => error);
    expect(forbidden).toMatchObject({ status: 403, code: "forbidden" });

    const unverified = await client()
      .emails.send({ ...email(), from: "someone@not-verified.example" })
      .catch((error: unknown) => error);
    expect(unverified).toMatchObject({ status: 403, code: "domain_not_verified" });
  });

  it("manages suppressions", async () => {
    const own = await createWorkspaceFixture(handle);
    const svc = client(own.keys["full-access"]);
    const added = await svc.suppressions.add({ address: "Gone@Example.org" });
    expect(added).toMatchObject({ created: true, suppression: { address: "gone@example.org", reason: "manual", active: true } });
    expect(await svc.suppressions.add({ address: "gone@example.org" })).toMatchObject({ created: false });
    for (const address of ["a@example.org", "b@example.org", "c@example.org"]) await svc.suppressions.add({ address });
    const listed: string[] = [];
    for await (const entry of svc.suppressions.list({ pageSize: 2 })) listed.push(entry.address);
    expect(listed).toEqual(["a@example.org", "b@example.org", "c@example.org", "gone@example.org"]);
    expect(await svc.suppressions.remove("gone@example.org")).toMatchObject({ address: "gone@example.org" });
    expect(await svc.suppressions.remove("gone@example.org").catch((error: unknown) => error)).toMatchObject({
      status: 404,
      code: "not_found",
    });
  });

  it("lists topic suppressions a page at a time and removes one, its topic and address encoded as path segments", async () => {
    const own = await createWorkspaceFixture(handle);
    const other = await createWorkspaceFixture(handle);
    // Only a recipient's one-click unsubscribe adds an entry, so the test writes the rows itself.
    const entry = (workspaceId: string, topic: string, address: string) =>
      handle.prisma.topicSuppression.create({ data: { id: newId("topicSuppression"), workspaceId, topic, address } });
    for (const [topic, address] of [
      ["news.letter", "b@example.org"],
      ["news.letter", "a+x/y?z@example.org"],
      ["billing:eu", "a@example.org"],
    ] as const) {
      await entry(own.workspaceId, topic, address);
    }
    await entry(other.workspaceId, "news.letter", "theirs@example.org");
    const svc = client(own.keys["full-access"]);
    const listed: string[] = [];
    for await (const item of client(own.keys["read-only"]).suppressions.listTopics({ pageSize: 2 }))
      listed.push(`${item.topic} ${item.address}`);
    expect(listed).toEqual(["billing:eu a@example.org", "news.letter a+x/y?z@example.org", "news.letter b@example.org"]);
    expect((await svc.suppressions.listTopicsPage({ topic: "news.letter", address: "B@" })).map((item) => item.address)).toEqual([
      "b@example.org",
    ]);
    expect(await svc.suppressions.removeTopic("news.letter", "a+x/y?z@example.org")).toMatchObject({
      id: expect.stringMatching(/^tsup_/),
      topic: "news.letter",
      address: "a+x/y?z@example.org",
    });
    expect(await svc.suppressions.removeTopic("news.letter", "theirs@example.org").catch((error: unknown) => error)).toMatchObject({
      status: 404,
      code: "not_found",
    });
    expect((await svc.suppressions.listTopicsPage()).map((item) => item.address)).toEqual(["a@example.org", "b@example.org"]);
    expect(await handle.prisma.topicSuppression.count({ where: { workspaceId: other.workspaceId } })).toBe(1);
  });

  it("lists DMARC reports a page at a time, reads one with its records and sums them up; another workspace's report is a 404", async () => {
    const own = await createWorkspaceFixture(handle);
    const other = await createWorkspaceFixture(handle);
    const verdicts: InboundVerdicts = {
      spf: { result: "pass" },
      dkim: { result: "pass" },
      dmarc: { result: "pass" },
      arc: { result: "none" },
    };
    // Reports that began two days ago, received at the workspace's address as Google sends them.
    const begin = Math.floor(Date.now() / 86_400_000 - 2) * 86_400;
    const deliver = async (workspace: WorkspaceFixture, reportId: string, records: Parameters<typeof googleXml>[2]) => {
      const content = zlib.gzipSync(googleXml(workspace.domain, reportId, records, begin));
      const raw = reportEmail({
        from: "noreply-dmarc-support@google.com",
        to: "dmarc-rua@in.test",
        subject: "Report",
        filename: googleFileName(workspace.domain, begin),
        contentType: "application/gzip",
        content,
      });
      await receiveDmarcReports(handle.prisma, {
        workspaceId: workspace.workspaceId,
        raw: Buffer.from(raw),
        verdicts,
        receivedAt: new Date(),
      });
    };
    await deliver(own, "1001", [
      { ip: "209.85.220.41", count: 900, dkim: "pass", spf: "pass", headerFrom: own.domain },
      { ip: "203.0.113.66", count: 40, disposition: "quarantine", dkim: "fail", spf: "fail", headerFrom: own.domain },
    ]);
    await deliver(own, "1002", [{ ip: "209.85.220.41", count: 10, dkim: "pass", spf: "pass", headerFrom: own.domain }]);
    await deliver(other, "2001", [{ ip: "198.51.100.23", count: 5, dkim: "fail", spf: "fail", headerFrom: other.domain }]);
    const dmarc = client(own.keys["read-only"]).dmarc;

    // Newest first by id; two received in the same millisecond may come either way round.
    const listed: { id: string; reportId: string }[] = [];
    for await (const report of dmarc.listReports({ pageSize: 1 })) listed.push(report);
    expect(listed.map((report) => report.reportId).sort()).toEqual(["1001", "1002"]);
    expect((await dmarc.listReportsPage({ domain: other.domain })).data).toEqual([]);
    expect((await dmarc.listReportsPage({ domain: own.domain, limit: 1 })).nextCursor).toEqual(expect.any(String));
    const newest = listed.find((report) => report.reportId === "1002");
    expect(await dmarc.getReport(newest!.id)).toMatchObject({
      id: newest!.id,
      domain: own.domain,
      orgName: "google.com",
      messageCount: 10,
      records: [{ sourceIp: "209.85.220.41", count: 10, aligned: true }],
    });
    const theirs = (await client(other.keys["read-only"]).dmarc.listReportsPage()).data[0]!;
    expect(await dmarc.getReport(theirs.id).catch((error: unknown) => error)).toMatchObject({ status: 404, code: "not_found" });

    const summary = await dmarc.summary({ domain: own.domain });
    expect(summary.totals).toEqual({ messages: 950, aligned: 910, notAligned: 40 });
    expect(summary.sources.map((source) => [source.sourceIp, source.messages])).toEqual(
      expect.arrayContaining([
        ["209.85.220.41", 910],
        ["203.0.113.66", 40],
      ]),
    );
    expect(summary.sources).toHaveLength(2);
    const from = new Date(Date.UTC(2020, 0, 1)).toISOString();
    expect(await dmarc.summary({ from, to: "2020-01-08T00:00:00Z" })).toMatchObject({ from, totals: { messages: 0 }, sources: [] });
  });

  it("erases an address and reads the erasure and its receipt; a malformed address is a typed 422", async () => {
    const own = await createWorkspaceFixture(handle);
    const svc = client(own.keys["full-access"]);
    await svc.suppressions.add({ address: "forget.me@example.org" });
    const bad = await svc.erasures.create({ addresses: ["nope"] }).catch((error: unknown) => error);
    expect(bad).toMatchObject({ status: 422, code: "validation_failed" });
    const erasure = await svc.erasures.create({ addresses: ["Forget.Me@example.org"] });
    expect(erasure).toMatchObject({ status: "queued", addressCount: 1 });
    let current = erasure;
    for (let tries = 0; current.status !== "completed" && tries < 300; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      current = await svc.erasures.get(erasure.id);
    }
    expect(current.status).toBe("completed");
    expect(current.receipt.redacted.suppressions).toBe(1);
    expect((await svc.erasures.list()).map((e) => e.id)).toEqual([erasure.id]);
    expect(await svc.erasures.receipt(erasure.id)).toMatchObject({
      erasureId: erasure.id,
      workspaceId: own.workspaceId,
      status: "completed",
    });
    const listed: string[] = [];
    for await (const entry of svc.suppressions.list()) listed.push(entry.address);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatch(/^erased-[0-9a-f]{64}@erased\.invalid$/);
  });

  it("manages webhook subscriptions as code", async () => {
    const own = await createWorkspaceFixture(handle);
    const svc = client(own.keys["full-access"]);
    const created = await svc.webhooks.create({ url: "http://127.0.0.1:9/hook", events: ["delivered"] });
    expect(created.secret).toMatch(/^whsec_/);
    expect(await svc.webhooks.list()).toEqual([expect.objectContaining({ id: created.id, url: "http://127.0.0.1:9/hook" })]);
    expect(await svc.webhooks.update(created.id, { events: ["sent", "bounced"], maxDeliveriesPerSecond: 10 })).toMatchObject({
      events: ["sent", "bounced"],
      maxDeliveriesPerSecond: 10,
    });
    const test = await svc.webhooks.test(created.id, { eventType: "bounced" });
    expect(test).toMatchObject({ subscriptionId: created.id, eventType: "bounced", test: true });
    expect((await svc.webhooks.deliveries(created.id, { status: "pending" })).map((d) => d.id)).toEqual([test.id]);
    expect((await svc.webhooks.delivery(created.id, test.id)).body).toBe(test.body);
    expect(
      await client(own.keys["read-only"])
        .webhooks.create({ url: "http://127.0.0.1:9/x", events: ["sent"] })
        .catch((error: unknown) => error),
    ).toMatchObject({ status: 403, code: "forbidden" });
    // Nothing finished yet: a replay selects nothing, and says so.
    const replay = await svc.webhooks.replay(created.id, {
      kind: "failed_since",
      since: new Date(Date.now() - 60_000).toISOString(),
      perSecond: 5,
    });
    expect(replay).toMatchObject({
      kind: "failed_since",
      perSecond: 5,
      rearmed: 0,
      copied: 0,
      progress: { pending: 0, succeeded: 0, failed: 0 },
    });
    expect(await svc.webhooks.replayStatus(created.id, replay.id)).toMatchObject({ id: replay.id });
    expect((await svc.webhooks.replays(created.id)).map((r) => r.id)).toEqual([replay.id]);
    expect(await svc.webhooks.delete(created.id)).toEqual({ id: created.id, deleted: true });
    expect(await svc.webhooks.get(created.id).catch((error: unknown) => error)).toMatchObject({ status: 404, code: "not_found" });
  });

  it("reads the audit log a page at a time and exports it; reads the service's key-less operations", async () => {
    const own = await createWorkspaceFixture(handle);
    const svc = client(own.keys["full-access"]);
    const created = await svc.webhooks.create({ url: "http://127.0.0.1:9/audited", events: ["delivered"] });
    await svc.webhooks.delete(created.id);
    const entries = [];
    for await (const entry of svc.auditLog.list({ pageSize: 1 })) entries.push(entry);
    expect(entries.map((entry) => entry.action)).toEqual(["webhook.deleted", "webhook.created"]);
    expect(entries.every((entry) => entry.workspaceId === own.workspaceId && entry.target?.id === created.id)).toBe(true);
    const csv = await svc.auditLog.export({ action: "webhook.created" });
    expect(csv.split("\n").filter(Boolean)).toHaveLength(2); // the header and the one entry
    expect(csv).toContain(created.id);
    const jsonl = await svc.auditLog.export({ format: "jsonl" });
    expect(
      jsonl
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line).action),
    ).toEqual(["webhook.deleted", "webhook.created"]);

    // No key is needed, and none is sent: a revoked-looking key changes nothing.
    const keyless = client("svc_live_notakey");
    expect(await keyless.service.health()).toEqual({ status: "ok" });
    expect((await keyless.service.readiness()).status).toBe("ready");
    expect((await keyless.service.openApiDocument()).openapi).toMatch(/^3\./);
    expect(await keyless.service.apiReference()).toContain("<html");
    expect((await keyless.service.apiReferenceScript()).length).toBeGreaterThan(0);
  });

  it("manages templates and sends by template", async () => {
    const own = await createWorkspaceFixture(handle);
    const svc = client(own.keys["full-access"]);
    const created = await svc.templates.create({
      name: "Reset",
      alias: "reset",
      subject: "Reset for {{ user }}",
      html: "<p>{{ link }}</p>",
      variables: [
        { name: "user", type: "string" },
        { name: "link", type: "string" },
      ],
    });
    expect(created).toMatchObject({ alias: "reset", publishedVersion: null });
    expect(await svc.templates.publish("reset")).toMatchObject({ version: 1 });
    await svc.templates.update("reset", { name: "Password reset" });
    expect((await svc.templates.get(created.id)).name).toBe("Password reset");
    expect((await svc.templates.versions("reset")).map((v) => v.version)).toEqual([1]);
    expect(await svc.templates.render("reset", { variables: { user: "ann", link: "<x>" } })).toMatchObject({
      subject: "Reset for ann",
      html: "<p>&lt;x&gt;</p>",
    });
    const listed: string[] = [];
    for await (const template of svc.templates.list({ pageSize: 1 })) listed.push(template.alias);
    expect(listed).toEqual(["reset"]);
    const sent = await client(own.keys["send-only"]).emails.send({
      from: `Acme <hello@${own.domain}>`,
      to: ["someone@example.org"],
      template: { alias: "reset", variables: { user: "ann", link: "https://x" } },
    });
    expect(sent.status).toBe("queued");
    const refused = await svc.emails
      .send({ from: `Acme <hello@${own.domain}>`, to: ["someone@example.org"], template: { alias: "reset", variables: {} } })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 422, code: "validation_failed" });
    expect(await svc.templates.delete("reset")).toEqual({ id: created.id, deleted: true });
  });
});

describe("inbound messages", () => {
  it("lists and reads a received message, its raw bytes and attachments exactly; another workspace gets a typed 404", async () => {
    const other = await createWorkspaceFixture(handle);
    const pdf = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x10, 0x80]);
    const raw = Buffer.from(
      [
        "From: ann@customer.test",
        `To: help@reply.${fx.domain}`,
        "Subject: SDK inbound é",
        "MIME-Version: 1.0",
        'Content-Type: multipart/mixed; boundary="b"',
        "",
        "--b",
        "Content-Type: text/plain; charset=utf-8",
        "",
        "Body",
        "--b",
        'Content-Type: application/pdf; name="a.pdf"',
        "Content-Transfer-Encoding: base64",
        'Content-Disposition: attachment; filename="a.pdf"',
        "",
        pdf.toString("base64"),
        "--b--",
        "",
      ].join("\r\n"),
    );
    const redis = createProducerConnection(TEST_REDIS_URL, { disconnectTimeout: 100 });
    const producer = new Producer("webhookDelivery", redis, uniquePrefix("sdk-inbound"));
    let inboundId: string;
    try {
      const [stored] = await storeInbound(handle, producer, {
        source: "mx",
        sourceKey: null,
        mailFrom: "ann@customer.test",
        recipients: [{ address: `help@reply.${fx.domain}`, workspaceId: fx.workspaceId, receivingDomainId: "rdom_unused" }],
        raw,
        verdicts: { spf: { result: "pass" }, dkim: { result: "none" }, dmarc: { result: "none" }, arc: { result: "none" } },
        receivedAt: new Date(),
      });
      inboundId = stored!.inboundId!;
    } finally {
      await producer.close();
      redis.disconnect();
    }

    const svc = client(fx.keys["read-only"]);
    expect((await svc.inbound.listPage({ limit: 1 })).data[0]!.id).toBe(inboundId);
    const listed: string[] = [];
    for await (const message of svc.inbound.list({ pageSize: 2 })) listed.push(message.id);
    expect(listed).toContain(inboundId);
    expect(await svc.inbound.get(inboundId)).toMatchObject({
      id: inboundId,
      subject: "SDK inbound é",
      attachments: [{ filename: "a.pdf", contentType: "application/pdf", size: pdf.length }],
    });
    expect(Buffer.from(await svc.inbound.raw(inboundId))).toEqual(raw);
    const attachment = await svc.inbound.attachment(inboundId, 0);
    expect(Buffer.from(attachment.content)).toEqual(pdf);
    expect(attachment.contentType).toBe("application/pdf");
    await expect(svc.inbound.attachment(inboundId, 1)).rejects.toMatchObject({ status: 404, code: "not_found" });

    const stranger = client(other.keys["full-access"]);
    for (const read of [
      () => stranger.inbound.get(inboundId),
      () => stranger.inbound.raw(inboundId),
      () => stranger.inbound.attachment(inboundId, 0),
    ]) {
      const error = await read().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(SvcApiError);
      expect(error).toMatchObject({ status: 404, code: "not_found" });
    }
  });
});

describe("retries", () => {
  it("waits for Retry-After after a 429, then succeeds with the same Idempotency-Key", async () => {
    const front = await proxy((request, n) =>
      request.method === "POST" && n === 0
        ? { status: 429, headers: { "retry-after": "1" }, body: { error: "Too many requests.", code: "rate_limited" } }
        : "forward",
    );
    const subject = `sdk 429 ${newId("email")}`;
    const sent = await client(fx.keys["send-only"], { baseUrl: front.url }).emails.send(email(subject));
    expect(sent.status).toBe("queued");
    const posts = front.seen.filter((request) => request.method === "POST");
    expect(posts).toHaveLength(2);
    expect(posts[1]!.headers["idempotency-key"]).toBe(posts[0]!.headers["idempotency-key"]);
    // It waited at least the second the server asked for (a lower bound: timers never fire early).
    expect(posts[1]!.at - posts[0]!.at).toBeGreaterThanOrEqual(990);
    expect(await emailsWithSubject(subject)).toBe(1);
  });

  it("a real 429 from the API's own rate limit: waits for its Retry-After and succeeds", async () => {
    // A second API process whose keys may make one request per second, in bursts of one.
    const limited = await startApp(
      "api",
      testEnv({
        API_PORT: String(await freePort()),
        RETENTION_INTERVAL_SECONDS: "0",
        API_RATE_LIMIT_PER_SECOND: "1",
        API_RATE_LIMIT_BURST: "1",
      }),
      "API_PORT",
    );
    try {
      const front = await startFrontProxy(limited.url, () => "forward");
      proxies.push(front);
      const own = await createWorkspaceFixture(handle);
      const svc = client(own.keys["full-access"], { baseUrl: front.url });
      const [first, second] = await Promise.all([svc.apiKeys.list(), svc.apiKeys.list()]);
      expect(first).toHaveLength(4);
      expect(second).toEqual(first);
      expect(front.seen.map((request) => request.status).sort()).toEqual([200, 200, 429]);
    } finally {
      await limited.stop();
    }
  });

  it("retries a 5xx from a gateway in front with backoff", async () => {
    const front = await proxy((_request, n) => (n < 2 ? { status: 502, body: { message: "bad gateway" } } : "forward"));
    const subject = `sdk 502 ${newId("email")}`;
    const sent = await client(fx.keys["send-only"], { baseUrl: front.url, retry: { baseDelayMs: 50 } }).emails.send(email(subject));
    expect(sent.status).toBe("queued");
    expect(front.seen).toHaveLength(3);
    expect(await emailsWithSubject(subject)).toBe(1);
  });

  it("a send retried after the connection dropped (the API had queued it) creates one email", async () => {
    const front = await proxy((request, n) => (request.method === "POST" && n === 0 ? "forward-then-drop" : "forward"));
    const subject = `sdk dropped ${newId("email")}`;
    const sent = await client(fx.keys["send-only"], { baseUrl: front.url, retry: { baseDelayMs: 50 } }).emails.send(email(subject));
    expect(front.seen).toHaveLength(2);
    expect(sent).toMatchObject({ status: "queued", replayed: true });
    expect(await emailsWithSubject(subject)).toBe(1);
    const stored = await handle.prisma.email.findFirst({ where: { organizationId: fx.workspaceId, subject } });
    expect(stored?.id).toBe(sent.id);
  });

  it("gives up with typed errors: a timeout, a refused connection, a 4xx is never retried", async () => {
    const hanging = await proxy(() => "hang");
    const timedOut = await client(fx.keys["read-only"], { baseUrl: hanging.url, timeoutMs: 200, retry: { maxRetries: 1, baseDelayMs: 10 } })
      .emails.listPage()
      .catch((error: unknown) => error);
    expect(timedOut).toBeInstanceOf(SvcTimeoutError);
    expect(hanging.seen).toHaveLength(2);

    const closed = `http://127.0.0.1:${await freePort()}`;
    const refused = await client(fx.keys["read-only"], { baseUrl: closed, retry: { maxRetries: 2, baseDelayMs: 10 } })
      .emails.listPage()
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SvcConnectionError);

    const counting = await proxy(() => "forward");
    await client(fx.keys["read-only"], { baseUrl: counting.url })
      .emails.get("email_nope")
      .catch(() => undefined);
    expect(counting.seen).toHaveLength(1);
  });
});
