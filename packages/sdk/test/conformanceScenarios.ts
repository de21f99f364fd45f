import { createHmac, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "@jest/globals";
import {
  constructWebhookEvent,
  operationsWithoutMethod,
  type SendEmailRequest,
  Svc,
  SvcApiError,
  verifyWebhook,
  WebhookVerificationError,
} from "../src/index.ts";

// The TypeScript SDK's answer to each scenario of sdks/conformance/scenarios.json, by id: run by
// sdks/test/conformance.test.ts against the real API and dispatcher, as every other SDK's are.

export interface ConformanceEnv {
  SVC_CONFORMANCE_BASE_URL: string;
  SVC_CONFORMANCE_PROXY_URL: string;
  SVC_CONFORMANCE_KEY_SEND_ONLY: string;
  SVC_CONFORMANCE_KEY_READ_ONLY: string;
  SVC_CONFORMANCE_KEY_FULL_ACCESS: string;
  SVC_CONFORMANCE_DOMAIN: string;
  SVC_OPENAPI: string;
}

type Scope = "send-only" | "read-only" | "full-access";
interface Seen {
  method: string;
  idempotencyKey: string | null;
  status: number | null;
  at: number;
}

const vectorsFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../sdks/conformance/webhook-vectors.json");
const token = () => randomBytes(6).toString("hex");
const quick = { maxRetries: 3, baseDelayMs: 50, maxDelayMs: 5000 };
const none = { maxRetries: 0 };

function setup(env: ConformanceEnv) {
  const keys: Record<Scope, string> = {
    "send-only": env.SVC_CONFORMANCE_KEY_SEND_ONLY,
    "read-only": env.SVC_CONFORMANCE_KEY_READ_ONLY,
    "full-access": env.SVC_CONFORMANCE_KEY_FULL_ACCESS,
  };
  const client = (scope: Scope, base = env.SVC_CONFORMANCE_BASE_URL, retry: Partial<typeof quick> = {}) =>
    new Svc({ apiKey: keys[scope], baseUrl: base, retry });
  const proxied = (scope: Scope, fault: string, t: string, retry: Partial<typeof quick> = {}) =>
    client(scope, `${env.SVC_CONFORMANCE_PROXY_URL}/${fault}/${t}`, retry);
  const email = (...to: string[]): SendEmailRequest => ({
    from: `Conformance <hello@${env.SVC_CONFORMANCE_DOMAIN}>`,
    to: to.length > 0 ? to : ["someone@example.org"],
    subject: `ts ${token()}`,
    text: "Hi",
  });
  const seen = async (t: string, method?: string): Promise<Seen[]> => {
    const all = (await (await fetch(`${env.SVC_CONFORMANCE_PROXY_URL}/_seen/${t}`)).json()) as Seen[];
    return all.filter((r) => method === undefined || r.method === method);
  };
  const emailsTo = (recipient: string) => client("read-only").emails.listPage({ to: recipient });
  return { client, proxied, email, seen, emailsTo };
}

async function expectApiError(promise: Promise<unknown>, status: number, code: string): Promise<SvcApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SvcApiError);
  expect({ status: (error as SvcApiError).status, code: (error as SvcApiError).code }).toEqual({ status, code });
  return error as SvcApiError;
}

export const typescriptScenarios: Record<string, (env: ConformanceEnv) => Promise<void>> = {
  coverage: async (env) => {
    const document = JSON.parse(readFileSync(env.SVC_OPENAPI, "utf8"));
    expect(operationsWithoutMethod(document, new Svc({ apiKey: "svc_test_x", baseUrl: "http://127.0.0.1:9" }))).toEqual([]);
  },

  "webhook-vectors": async () => {
    const cases: Array<{ id: string; headers: Record<string, string>; body: string; secret: string; now: number; expect: string }> =
      JSON.parse(readFileSync(vectorsFile, "utf8")).cases;
    expect(cases.length).toBeGreaterThan(10);
    for (const c of cases) {
      const input = { rawBody: c.body, headers: c.headers, secret: c.secret, now: c.now * 1000 };
      if (c.expect === "service" || c.expect === "standard") {
        expect([c.id, verifyWebhook(input)]).toEqual([c.id, expect.objectContaining({ ok: true, scheme: c.expect })]);
        continue;
      }
      let refused: unknown;
      try {
        constructWebhookEvent(input);
      } catch (error) {
        refused = error;
      }
      expect(refused).toBeInstanceOf(WebhookVerificationError);
      expect([c.id, (refused as WebhookVerificationError).reason]).toEqual([c.id, c.expect]);
      const expected = createHmac("sha256", c.secret)
        .update(`${c.headers["X-Service-Timestamp"] ?? ""}.${c.body}`)
        .digest("hex");
      expect((refused as Error).message).not.toContain(expected);
    }
  },

  "missing-api-key": async (env) => {
    const { seen } = setup(env);
    const t = token();
    expect(() => new Svc({ apiKey: "", baseUrl: `${env.SVC_CONFORMANCE_PROXY_URL}/pass/${t}` })).toThrow(/apiKey is required/);
    expect(await seen(t)).toEqual([]);
  },

  "send-and-read": async (env) => {
    const { client, email } = setup(env);
    const message = email();
    const sent = await client("send-only").emails.send(message);
    expect(sent).toMatchObject({ id: expect.stringMatching(/^email_/), status: "queued", replayed: false });
    const read = await client("read-only").emails.get(sent.id);
    expect({ id: read.id, subject: read.subject, to: read.to }).toEqual({
      id: sent.id,
      subject: message.subject,
      to: ["someone@example.org"],
    });
  },

  "batch-strict": async (env) => {
    const { client, email, emailsTo } = setup(env);
    const recipient = `strict-${token()}@example.org`;
    const error = await expectApiError(
      client("send-only").emails.batch([email(recipient), email("not-an-address")], { mode: "strict" }),
      422,
      "validation_failed",
    );
    expect(error.details.errors).toEqual([expect.objectContaining({ index: 1, code: "validation_failed" })]);
    expect(await emailsTo(recipient)).toEqual([]);
  },

  "batch-permissive": async (env) => {
    const { client, email } = setup(env);
    const result = await client("send-only").emails.batch([email(), email("not-an-address")], { mode: "permissive" });
    expect(result.entries[0]).toMatchObject({ id: expect.stringMatching(/^email_/), status: "queued" });
    expect(result.entries[1]).toMatchObject({ error: expect.any(String), code: "validation_failed" });
  },

  "schedule-and-cancel": async (env) => {
    const { client, email } = setup(env);
    const emails = client("full-access").emails;
    const scheduled = await emails.send({ ...email(), scheduledAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(scheduled.status).toBe("scheduled");
    const later = new Date(Math.floor((Date.now() + 7_200_000) / 1000) * 1000);
    const moved = await emails.reschedule(scheduled.id, later);
    expect(moved.status).toBe("scheduled");
    expect(new Date(moved.scheduledAt!).getTime()).toBe(later.getTime());
    expect((await emails.cancel(scheduled.id)).status).toBe("canceled");
    expect((await emails.get(scheduled.id)).status).toBe("canceled");
    await expectApiError(emails.cancel(scheduled.id), 409, "conflict");
  },

  "list-pages": async (env) => {
    const { client, proxied, email, seen } = setup(env);
    const recipient = `list-${token()}@example.org`;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await client("send-only").emails.send(email(recipient))).id);
    const t = token();
    const listed = [];
    for await (const item of proxied("full-access", "pass", t).emails.list({ to: recipient, pageSize: 2 })) listed.push(item);
    expect(listed.map((e) => e.id).sort()).toEqual([...ids].sort());
    const created = listed.map((e) => e.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect(await seen(t, "GET")).toHaveLength(3);
  },

  "retry-503-same-key": async (env) => {
    const { proxied, email, seen, emailsTo } = setup(env);
    const t = token();
    const recipient = `retry-${t}@example.org`;
    const sent = await proxied("full-access", "503-once", t, quick).emails.send(email(recipient));
    const posts = await seen(t, "POST");
    expect(posts.map((p) => p.status)).toEqual([503, 202]);
    expect(posts[0]!.idempotencyKey).toBeTruthy();
    expect(posts[1]!.idempotencyKey).toBe(posts[0]!.idempotencyKey);
    expect((await emailsTo(recipient)).map((e) => e.id)).toEqual([sent.id]);
  },

  "retry-429-retry-after": async (env) => {
    const { proxied, email, seen } = setup(env);
    const t = token();
    const sent = await proxied("send-only", "429-once", t).emails.send(email());
    expect(sent.status).toBe("queued");
    const posts = await seen(t, "POST");
    expect(posts.map((p) => p.status)).toEqual([429, 202]);
    expect(posts[1]!.idempotencyKey).toBe(posts[0]!.idempotencyKey);
    expect(posts[1]!.at - posts[0]!.at).toBeGreaterThanOrEqual(990);
  },

  "retry-dropped-connection": async (env) => {
    const { proxied, email, seen, emailsTo } = setup(env);
    const t = token();
    const recipient = `dropped-${t}@example.org`;
    const sent = await proxied("full-access", "drop-once", t, quick).emails.send(email(recipient));
    expect(sent.replayed).toBe(true);
    const posts = await seen(t, "POST");
    expect(posts.map((p) => p.status)).toEqual([null, 202]);
    expect(posts[1]!.idempotencyKey).toBe(posts[0]!.idempotencyKey);
    expect((await emailsTo(recipient)).map((e) => e.id)).toEqual([sent.id]);
  },

  "non-json-error": async (env) => {
    const { proxied } = setup(env);
    await expectApiError(proxied("read-only", "html-502", token(), none).emails.listPage(), 502, "unknown");
  },

  "error-401": async (env) => {
    const unknown = new Svc({ apiKey: `svc_live_${"x".repeat(32)}`, baseUrl: env.SVC_CONFORMANCE_BASE_URL });
    await expectApiError(unknown.emails.listPage(), 401, "unauthorized");
  },

  "error-403": async (env) => {
    await expectApiError(setup(env).client("send-only").apiKeys.list(), 403, "forbidden");
  },

  "error-404": async (env) => {
    await expectApiError(setup(env).client("read-only").emails.get("email_doesnotexist"), 404, "not_found");
  },

  "error-422": async (env) => {
    const { client, email } = setup(env);
    await expectApiError(client("send-only").emails.send({ ...email(), to: [] }), 422, "validation_failed");
  },

  "error-429": async (env) => {
    const error = await expectApiError(setup(env).proxied("read-only", "429-always", token(), none).emails.listPage(), 429, "rate_limited");
    expect(error.retryAfterSeconds).toBe(1);
  },

  dmarc: async (env) => {
    const dmarc = setup(env).client("read-only").dmarc;
    expect(await dmarc.listReportsPage({ domain: "example.org" })).toEqual({ data: [], nextCursor: null });
    const listed: string[] = [];
    for await (const report of dmarc.listReports({ domain: "example.org", pageSize: 1 })) listed.push(report.id);
    expect(listed).toEqual([]);
    await expectApiError(dmarc.getReport("dmr_doesnotexist"), 404, "not_found");
    expect(await dmarc.summary({ from: "2026-01-01T00:00:00Z", to: "2026-01-08T00:00:00Z" })).toEqual({
      from: "2026-01-01T00:00:00.000Z",
      to: "2026-01-08T00:00:00.000Z",
      totals: { messages: 0, aligned: 0, notAligned: 0 },
      sources: [],
      daily: [],
      refused: {},
    });
  },

  "topic-suppressions": async (env) => {
    const { client } = setup(env);
    const address = "typescript+x/y?z@example.org";
    const listed: string[] = [];
    for await (const entry of client("read-only").suppressions.listTopics({ address: "typescript+", pageSize: 1 })) {
      listed.push(`${entry.topic} ${entry.address}`);
    }
    expect(listed).toEqual([`digest ${address}`, `news.letter ${address}`]);
    const suppressions = client("full-access").suppressions;
    expect(await suppressions.removeTopic("news.letter", address)).toMatchObject({ topic: "news.letter", address });
    await expectApiError(suppressions.removeTopic("news.letter", address), 404, "not_found");
    expect((await suppressions.listTopicsPage({ address: "typescript+" })).map((entry) => entry.topic)).toEqual(["digest"]);
  },

  "webhook-delivery": async (env) => {
    const webhooks = setup(env).client("full-access").webhooks;
    let secret = "";
    const server = createServer();
    const delivered = new Promise<{ raw: string; headers: IncomingHttpHeaders; eventId: string }>((resolve) => {
      server.on("request", async (req, res) => {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        const raw = Buffer.concat(chunks).toString("utf8");
        try {
          const event = constructWebhookEvent({ rawBody: raw, headers: req.headers, secret });
          res.writeHead(200).end("ok");
          resolve({ raw, headers: req.headers, eventId: event.id });
        } catch (error) {
          res.writeHead(400).end(error instanceof WebhookVerificationError ? error.reason : "refused");
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const subscription = await webhooks.create({
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
      events: ["delivered"],
    });
    secret = subscription.secret;
    try {
      const sent = await webhooks.test(subscription.id, { eventType: "delivered" });
      const got = await Promise.race([
        delivered,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error("no delivery within 30 s")), 30_000)),
      ]);
      expect(got.eventId).toBe(sent.id);
      const only = (prefix: string) =>
        Object.fromEntries(Object.entries(got.headers).filter(([name]) => name.startsWith(prefix))) as Record<string, string>;
      const service = only("x-service-");
      const standard = only("webhook-");
      expect(verifyWebhook({ rawBody: got.raw, headers: service, secret })).toMatchObject({ ok: true, scheme: "service" });
      expect(verifyWebhook({ rawBody: got.raw, headers: standard, secret })).toMatchObject({ ok: true, scheme: "standard" });
      const tampered = got.raw.replace("delivered", "bounced");
      expect(tampered).not.toBe(got.raw);
      for (const [rawBody, headers, key] of [
        [tampered, service, secret],
        [tampered, standard, secret],
        [got.raw, service, `whsec_${"A".repeat(43)}`],
      ] as const) {
        let refused: unknown;
        try {
          constructWebhookEvent({ rawBody, headers, secret: key });
        } catch (error) {
          refused = error;
        }
        expect((refused as WebhookVerificationError).reason).toBe("signature_mismatch");
        for (const value of Object.values(got.headers)) {
          if (typeof value === "string" && value.length > 20) expect((refused as Error).message).not.toContain(value);
        }
      }
    } finally {
      server.closeAllConnections();
      server.close();
      await webhooks.delete(subscription.id);
    }
  },
};
