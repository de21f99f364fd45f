import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { loadEnv, webhookSecretEnv } from "@svc/config";
import { createWebhookSubscription, SecretBox } from "@svc/core";
import { withAdvisoryLock } from "@svc/core/stores";
import { createDb, type DbHandle, UnnamedStatementsClient } from "@svc/db";
import { verifyWebhook } from "@svc/webhooks";
// ioredis's own key-slot function.
import clusterKeySlot from "cluster-key-slot";
import { Redis } from "ioredis";
import pg from "pg";
import { z } from "zod";
import { TEST_DATABASE_URL, TEST_REDIS_URL } from "../support/env.ts";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../support/fixtures.ts";
import { type PgBouncer, startPgBouncer } from "../support/pgbouncer.ts";
import { type Stack, startStack } from "../support/stack.ts";

/**
 * The service behind a transaction-pooling PgBouncer (Debian's, 1.18: no named statements in
 * this mode), with DATABASE_PREPARED_STATEMENTS=false: every app's connections go through the
 * pooler, and the end-to-end flow (send, provider events, webhooks, reads) works. Also: why the
 * switch is needed, and the advisory lock (retention) holding through the pooler.
 *
 * The same stack runs with a hash-tagged QUEUE_PREFIX (`{…}`), the layout Redis Cluster needs:
 * every key the service writes must then fall in one hash slot.
 */
const hashTaggedPrefix = `{svc-${process.pid}-${Math.random().toString(36).slice(2, 8)}}`;
const database = new URL(TEST_DATABASE_URL).pathname.slice(1);
const handle = openTestDb();
let bouncer: PgBouncer;
let stack: Stack;
let fx: WorkspaceFixture;
let receiver: Server;
let secret: string;
const hooks: Array<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> = [];

async function adminRows(command: string): Promise<Array<Record<string, unknown>>> {
  const admin = new pg.Client({ connectionString: bouncer.adminUrl });
  await admin.connect();
  try {
    return (await admin.query(command)).rows as Array<Record<string, unknown>>;
  } finally {
    await admin.end();
  }
}

beforeAll(async () => {
  bouncer = await startPgBouncer(new URL(TEST_DATABASE_URL));
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      hooks.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const port = (receiver.address() as { port: number }).port;

  stack = await startStack({
    apps: ["ingest", "api", "sender", "dispatcher", "dashboard"],
    env: { DATABASE_URL: bouncer.urlOf(database), DATABASE_PREPARED_STATEMENTS: "false", QUEUE_PREFIX: hashTaggedPrefix },
  });
  fx = await createWorkspaceFixture(handle, { plan: "pro" });
  const box = new SecretBox(loadEnv(z.object(webhookSecretEnv), stack.env).WEBHOOK_SECRET_KEY);
  ({ secret } = await createWebhookSubscription(
    handle.prisma,
    box,
    { workspaceId: fx.workspaceId, url: `http://127.0.0.1:${port}/hooks`, events: ["delivered", "bounced"] },
    { allowPrivate: true },
  ));
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
  await bouncer?.stop();
  await handle.close();
});

async function send(to: string): Promise<string> {
  const response = await fetch(`${stack.apiUrl}/emails`, {
    method: "POST",
    headers: { authorization: `Bearer ${fx.keys["full-access"]}`, "content-type": "application/json" },
    body: JSON.stringify({ from: `Acme <hello@${fx.domain}>`, to: [to], subject: `Through PgBouncer ${to}`, text: "Hi" }),
  });
  expect(response.status).toBe(202);
  return ((await response.json()) as { id: string }).id;
}

describe("the pipeline through a transaction-pooling PgBouncer", () => {
  it("sends, stores provider events, posts signed webhooks and reads back, for several emails at once", async () => {
    const scenarios: Array<[string, string, string[]]> = [
      ["someone@example.com", "delivered", ["sent", "delivered"]],
      ["bounce@example.com", "bounced", ["sent", "bounced"]],
      ["other@example.com", "delivered", ["sent", "delivered"]],
    ];
    const ids = await Promise.all(scenarios.map(([to]) => send(to)));
    const deadline = Date.now() + 45_000;
    for (const [index, id] of ids.entries()) {
      const [, status, events] = scenarios[index]!;
      for (;;) {
        const email = (await (
          await fetch(`${stack.apiUrl}/emails/${id}`, { headers: { authorization: `Bearer ${fx.keys["read-only"]}` } })
        ).json()) as {
          status: string;
          events: Array<{ type: string }>;
        };
        const hook = hooks.find((received) => received.body.toString().includes(id));
        if (email.status === status && hook) {
          expect(email.events.map((event) => event.type)).toEqual(events);
          expect(verifyWebhook({ rawBody: hook.body, headers: hook.headers, secret })).toMatchObject({ ok: true });
          break;
        }
        if (Date.now() > deadline)
          throw new Error(
            `email ${id} did not reach ${status} with its webhook: ${JSON.stringify(email)}\n${stack.apps.sender!.output().slice(-2000)}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    // The streamed list (a cursor) through the pooler too.
    const list = (await (
      await fetch(`${stack.apiUrl}/emails`, { headers: { authorization: `Bearer ${fx.keys["read-only"]}` } })
    ).json()) as Array<{ id: string }>;
    expect(list.map((email) => email.id)).toEqual(expect.arrayContaining(ids));
    // Nothing went wrong in any app on the way.
    for (const app of Object.values(stack.apps)) expect(app.output()).not.toMatch(/prepared statement .* does not exist/);
  });

  it("is the pooler every app used, in transaction mode", async () => {
    const pools = await adminRows("SHOW POOLS");
    expect(pools.find((pool) => pool.database === database)).toMatchObject({ pool_mode: "transaction" });
    const stats = await adminRows("SHOW STATS");
    expect(Number(stats.find((row) => row.database === database)?.total_xact_count)).toBeGreaterThan(20);
    const clients = await adminRows("SHOW CLIENTS");
    // api, ingest, sender, dispatcher and dashboard each hold pooled client connections.
    expect(clients.filter((client) => client.database === database).length).toBeGreaterThanOrEqual(5);
  });
});

describe("a hash-tagged QUEUE_PREFIX", () => {
  it("keeps every key the apps wrote (queues, job data, slots, liveness, locks) in one Redis Cluster hash slot", async () => {
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const keys: string[] = [];
      let cursor = "0";
      do {
        const [next, batch] = await redis.scan(cursor, "MATCH", `${hashTaggedPrefix.replace(/[{}[\]*?]/g, "\\$&")}*`, "COUNT", 1000);
        cursor = next;
        keys.push(...batch);
      } while (cursor !== "0");
      const kinds = new Set(
        keys.map((key) =>
          key
            .slice(hashTaggedPrefix.length + 1)
            .split(":")
            .slice(0, 2)
            .join(":"),
        ),
      );
      expect([...kinds]).toEqual(
        expect.arrayContaining(["send-email:meta", "webhook-delivery:meta", "send-email:id", "webhook-delivery:id"]),
      );
      expect(keys.some((key) => key.includes(":dispatcher-alive:"))).toBe(true);
      const slots = new Set(keys.map((key) => clusterKeySlot(key)));
      expect(slots.size).toBe(1);
    } finally {
      redis.disconnect();
    }
  });
});

describe("named statements behind a transaction pooler", () => {
  // Two server connections; a client's second transaction lands on the other one while the first is busy.
  // The `postgres` database has a pool of its own in PgBouncer, which no app of this file uses: a
  // poll of theirs in between would change which server connection each client is given.
  async function namedTwiceWhileBusy(Client: typeof pg.Client): Promise<unknown> {
    const named = new Client({ connectionString: bouncer.urlOf("postgres") });
    const busy = new pg.Client({ connectionString: bouncer.urlOf("postgres") });
    await named.connect();
    await busy.connect();
    try {
      const statement = { name: `svc_test_named_${Math.random().toString(36).slice(2)}`, text: "SELECT $1::int AS n", values: [1] };
      await named.query(statement);
      // Holds the server connection `named` just used (PgBouncer reuses the most recent one).
      await busy.query("BEGIN");
      await busy.query("SELECT 1");
      try {
        return (await named.query({ ...statement, values: [2] })).rows[0];
      } finally {
        await busy.query("COMMIT");
      }
    } finally {
      await named.end();
      await busy.end();
    }
  }

  it("fail with pg's default client, and work once DATABASE_PREPARED_STATEMENTS=false drops their names", async () => {
    await expect(namedTwiceWhileBusy(pg.Client)).rejects.toThrow(/prepared statement .* does not exist/);
    await expect(namedTwiceWhileBusy(UnnamedStatementsClient)).resolves.toEqual({ n: 2 });
  });
});

describe("advisory locks through the pooler", () => {
  let first: DbHandle;
  let second: DbHandle;
  beforeAll(() => {
    first = createDb({ url: bouncer.urlOf(database), poolSize: 2, preparedStatements: false });
    second = createDb({ url: bouncer.urlOf(database), poolSize: 2, preparedStatements: false });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it("exclude a second holder while held, and are free again once released", async () => {
    const lockId = 0x5ec0_0001;
    const outer = await withAdvisoryLock(first.pool, lockId, async () => {
      // Other work through the pooler meanwhile: the holder's connection stays its own.
      await Promise.all(Array.from({ length: 10 }, () => first.pool.query("SELECT 1")));
      return withAdvisoryLock(second.pool, lockId, async () => "ran");
    });
    expect(outer).toEqual({ locked: true, value: { locked: false } });
    expect(await withAdvisoryLock(second.pool, lockId, async () => "ran")).toEqual({ locked: true, value: "ran" });
    expect(await withAdvisoryLock(first.pool, lockId, async () => "ran")).toEqual({ locked: true, value: "ran" });
  });
});
