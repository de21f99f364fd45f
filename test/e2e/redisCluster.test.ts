import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { loadEnv, webhookSecretEnv } from "@svc/config";
import { createWebhookSubscription, SecretBox } from "@svc/core";
import { createLogger } from "@svc/logger";
import { closeConnections, createProducerConnection, createWorkerConnection, queueLayout, SendFairness, SendGate } from "@svc/queues";
import { verifyWebhook } from "@svc/webhooks";
// ioredis's own key-slot function.
import clusterKeySlot from "cluster-key-slot";
import { Redis } from "ioredis";
import { z } from "zod";
import { LoginThrottle } from "../../apps/dashboard/src/auth/loginThrottle.ts";
import { AuthThrottle } from "../../apps/smtp/src/auth/throttle.ts";
import { TEST_REDIS_URL, uniquePrefix } from "../support/env.ts";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../support/fixtures.ts";
import { startRedisCluster, type TestRedisCluster } from "../support/redisCluster.ts";
import { type Stack, startStack } from "../support/stack.ts";

/**
 * The whole pipeline (api → sender → simulator → ingest → dispatcher → a signed webhook) on a
 * real Redis Cluster (six Debian redis-servers: three primaries, three replicas) with the send
 * and webhook queues in six shards: the queue keys land on more than one primary; and killing a
 * primary under load (its replica takes over) loses no email and hands none off twice.
 */
const SHARDS = 6;
const handle = openTestDb();
let cluster: TestRedisCluster;
let stack: Stack;
let fx: WorkspaceFixture;
let receiver: Server;
let secret: string;
let prefix: string;
const hooks: Array<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> = [];

/** The primary serving a slot, by the ranges `redis-cli --cluster create` gives three primaries. */
function thirdOf(slot: number): number {
  return slot <= 5460 ? 0 : slot <= 10922 ? 1 : 2;
}

beforeAll(async () => {
  cluster = await startRedisCluster();
  // A prefix whose shards fall on every primary: the spread is then the service's doing to show.
  do prefix = uniquePrefix("cluster");
  while (
    new Set(queueLayout({ QUEUE_PREFIX: prefix, QUEUE_SHARDS: SHARDS }).shardPrefixes.map((p) => thirdOf(clusterKeySlot(p)))).size < 3
  );

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
    env: {
      REDIS_CLUSTER_NODES: cluster.seeds,
      QUEUE_SHARDS: String(SHARDS),
      QUEUE_PREFIX: prefix,
      // Jobs lost with the killed primary (not yet copied to its replica) are the sweepers' to recover.
      SWEEP_INTERVAL_MS: "1000",
      SWEEP_MIN_AGE_MS: "2000",
      WEBHOOK_SWEEP_INTERVAL_MS: "1000",
      // Warnings are kept, so that a script refused by the cluster (CROSSSLOT) would show.
      LOG_LEVEL: "warn",
    },
  });
  fx = await createWorkspaceFixture(handle, { plan: "unlimited" });
  const box = new SecretBox(loadEnv(z.object(webhookSecretEnv), stack.env).WEBHOOK_SECRET_KEY);
  ({ secret } = await createWebhookSubscription(
    handle.prisma,
    box,
    { workspaceId: fx.workspaceId, url: `http://127.0.0.1:${port}/hooks`, events: ["delivered"] },
    { allowPrivate: true },
  ));
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
  await cluster?.stop();
  await handle.close();
});

/** POST /emails; the id when accepted (202), null otherwise. */
async function send(label: string): Promise<string | null> {
  const response = await fetch(`${stack.apiUrl}/emails`, {
    method: "POST",
    headers: { authorization: `Bearer ${fx.keys["full-access"]}`, "content-type": "application/json" },
    body: JSON.stringify({ from: `Acme <hello@${fx.domain}>`, to: ["someone@example.com"], subject: `Cluster ${label}`, text: "Hi" }),
  });
  if (response.status !== 202) return null;
  return ((await response.json()) as { id: string }).id;
}

/** Waits until every email is `delivered` and a verified webhook for it has arrived. */
async function untilDeliveredWithWebhooks(ids: string[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const emails = await handle.prisma.email.findMany({ where: { id: { in: ids } }, select: { id: true, status: true } });
    const delivered = new Set(emails.filter((email) => email.status === "delivered").map((email) => email.id));
    const bodies = hooks.map((hook) => hook.body.toString());
    const missing = ids.filter((id) => !delivered.has(id) || !bodies.some((body) => body.includes(id)));
    if (missing.length === 0) return;
    if (Date.now() > deadline) {
      throw new Error(
        `${missing.length} of ${ids.length} emails not delivered with their webhook: ${missing.slice(0, 5).join(", ")}\n` +
          `sender: ${stack.apps.sender!.output().slice(-3000)}\ndispatcher: ${stack.apps.dispatcher!.output().slice(-2000)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Every key of this run on the node at `port`. */
async function keysOn(port: number): Promise<string[]> {
  const redis = new Redis({ host: "127.0.0.1", port, maxRetriesPerRequest: 1 });
  try {
    const keys: string[] = [];
    let cursor = "0";
    do {
      const [next, batch] = await redis.scan(cursor, "MATCH", `*${prefix}*`, "COUNT", 1000);
      cursor = next;
      keys.push(...batch);
    } while (cursor !== "0");
    return keys;
  } finally {
    redis.disconnect();
  }
}

async function handoffsAccepted(): Promise<number> {
  const text = await (await fetch(`${stack.apps.sender!.url}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith("svc_sender_handoffs_total{") && l.includes('outcome="accepted"'));
  return line ? Number(line.split(" ").pop()) : 0;
}

describe("the service on a Redis Cluster with sharded queues", () => {
  it("sends email through the cluster to a signed webhook, its queue keys spread over the primaries", async () => {
    // Every app is ready: its Redis checks reach the cluster (each shard, for the API).
    for (const app of Object.values(stack.apps)) expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
    const ids = (await Promise.all(Array.from({ length: 12 }, (_, i) => send(`spread ${i}`)))).filter((id): id is string => id !== null);
    expect(ids).toHaveLength(12);
    await untilDeliveredWithWebhooks(ids, 60_000);
    for (const id of ids) {
      const hook = hooks.find((received) => received.body.toString().includes(id))!;
      expect(verifyWebhook({ rawBody: hook.body, headers: hook.headers, secret })).toMatchObject({ ok: true });
    }

    const primaries = (await cluster.nodes()).filter((node) => node.role === "master");
    expect(primaries).toHaveLength(3);
    const holding = new Map<number, string[]>();
    for (const primary of primaries) {
      const keys = await keysOn(primary.port);
      // Each key is on the primary that serves its slot, as CLUSTER KEYSLOT says.
      for (const key of keys) {
        const slot = clusterKeySlot(key);
        expect(primary.slots.some(([first, last]) => slot >= first && slot <= last)).toBe(true);
      }
      const queueKeys = keys.filter((key) => /:(send-email|webhook-delivery):/.test(key));
      if (queueKeys.length > 0) holding.set(primary.port, queueKeys);
    }
    expect(holding.size).toBeGreaterThan(1);
    // Both queues are sharded: each has keys under more than one shard's hash tag.
    const all = [...holding.values()].flat();
    for (const queue of ["send-email", "webhook-delivery"]) {
      const tags = new Set(all.filter((key) => key.includes(`:${queue}:`)).map((key) => key.slice(0, key.indexOf("}") + 1)));
      expect(tags.size).toBeGreaterThan(1);
    }
    // Every enqueue went straight through (none was left to a sweeper), and no script crossed slots.
    for (const app of Object.values(stack.apps)) {
      expect(app.output()).not.toMatch(/CROSSSLOT/);
      expect(app.output()).not.toMatch(/not enqueued/);
    }
  });

  it("runs each multi-key script of the service within one slot: throttles, send gate, fairness", async () => {
    const redis = createWorkerConnection({ REDIS_URL: TEST_REDIS_URL, REDIS_CLUSTER_NODES: cluster.seeds.split(",") });
    const log = createLogger("cluster-test", "silent");
    try {
      // The throttles fall back to in-process counters when Redis refuses: the keys must be in the cluster.
      const login = await new LoginThrottle(redis, {
        prefix,
        maxFailures: 3,
        maxAccountFailures: 10,
        windowSeconds: 60,
        knownNetworkSeconds: 60,
        log,
      }).reserve("a@example.com", "10.1.2.3");
      expect(login.allowed).toBe(true);
      await new AuthThrottle(redis, { prefix, maxFailures: 3, windowSeconds: 60, log }).countFailure({
        clientAddress: "10.1.2.4",
        keyId: "key_1",
      });
      const keys = (await Promise.all(cluster.ports.map((port) => keysOn(port).catch(() => [])))).flat();
      // The (account, network) pair, the network, and the account (from a network it has not signed in from).
      expect(new Set(keys.filter((key) => key.includes("{login-fail}"))).size).toBe(3);
      expect(new Set(keys.filter((key) => key.includes("{smtp-auth-fail}"))).size).toBe(2);
      // The gate answers "busy" when Redis refuses; "go" means the script ran.
      const gate = new SendGate(redis, prefix, { recipientsPerSecond: 100, maxWaitMs: 1000, holdMs: 1000 });
      expect((await gate.pass(fx.workspaceId, 1)).kind).toBe("go");
      // Fairness keeps its counts in the process when Redis refuses: the shared count says the script ran.
      const fairness = new SendFairness(redis, prefix);
      expect(fairness.priorities(fx.workspaceId, 3)).toHaveLength(3);
      await fairness.close();
      const fairnessKeys = (await Promise.all(cluster.ports.map((port) => keysOn(port).catch(() => [])))).flat();
      expect(fairnessKeys.filter((key) => key.includes(`send-fairness:{${fx.workspaceId}}`)).length).toBeGreaterThanOrEqual(1);
    } finally {
      await closeConnections(redis);
    }
  });

  it("finds a moved slot's node again though its commands only ever leave in pipelines with others that succeed", async () => {
    const redis = createProducerConnection({ REDIS_URL: TEST_REDIS_URL, REDIS_CLUSTER_NODES: cluster.seeds.split(",") });
    try {
      if (redis.status !== "ready") await new Promise((resolve) => redis.once("ready", resolve));
      const owners = (await cluster.nodes()).filter((node) => node.role === "master");
      const ownerOf = (slot: number) => owners.find((node) => node.slots.some(([first, last]) => slot >= first && slot <= last))!;
      // Two keys on different primaries.
      const moved = `${prefix}:moved-probe`;
      let other = `${prefix}:other-0`;
      for (let n = 1; ownerOf(clusterKeySlot(other)).port === ownerOf(clusterKeySlot(moved)).port; n++) other = `${prefix}:other-${n}`;
      await redis.set(moved, "here");
      // What a failover leaves behind: the client's map names the wrong node for the moved key's slot
      // (ioredis's own fields, set as its MOVED handler sets them).
      const client = redis as unknown as { slots: string[][]; _groupsBySlot: number[]; _groupsIds: Record<string, number> };
      const slot = clusterKeySlot(moved);
      client.slots[slot] = [...client.slots[clusterKeySlot(other)]!];
      client._groupsBySlot[slot] = client._groupsIds[client.slots[slot]!.join(";")]!;
      // Each read shares its pipeline (one turn of the event loop) with a write that succeeds.
      const deadline = Date.now() + 20_000;
      let answer: string | null = null;
      while (answer !== "here" && Date.now() < deadline) {
        const [read] = await Promise.allSettled([redis.get(moved), redis.set(other, "x")]);
        answer = read.status === "fulfilled" ? read.value : null;
        if (answer !== "here") await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(answer).toBe("here");
    } finally {
      await closeConnections(redis);
    }
  });

  it("loses no email and hands none off twice when a primary is killed under load (its replica takes over)", async () => {
    const before = await handoffsAccepted();
    const primaries = (await cluster.nodes()).filter((node) => node.role === "master");
    const victim = primaries[0]!;
    const accepted: string[] = [];
    let killed = false;
    // Load: batches of sends over a few seconds; the primary dies after the first batches.
    for (let batch = 0; batch < 12; batch++) {
      const ids = await Promise.all(Array.from({ length: 10 }, (_, i) => send(`failover ${batch}.${i}`)));
      accepted.push(...ids.filter((id): id is string => id !== null));
      if (batch === 3) {
        cluster.kill(victim.port);
        killed = true;
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(killed).toBe(true);
    // The API accepts while Redis fails over: a send's row is durable, its job left to the sweeper.
    expect(accepted.length).toBe(120);

    // A replica took over the dead primary's slots.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const survivor = cluster.ports.find((port) => port !== victim.port)!;
      const now = (await cluster.nodes(survivor)).filter((node) => node.role === "master" && node.port !== victim.port);
      const covered = now.flatMap((node) => node.slots).reduce((sum, [first, last]) => sum + (last - first + 1), 0);
      if (now.length === 3 && covered === 16384) break;
      if (Date.now() > deadline) throw new Error(`no replica took over: ${JSON.stringify(now)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

    await untilDeliveredWithWebhooks(accepted, 120_000);
    // One handoff each: the sender handed off exactly as many emails as were accepted, and each
    // has one `sent` event (the simulator reports one per handoff).
    expect((await handoffsAccepted()) - before).toBe(accepted.length);
    const sent = await handle.prisma.emailEvent.groupBy({
      by: ["emailId"],
      where: { emailId: { in: accepted }, type: "sent" },
      _count: true,
    });
    expect(sent).toHaveLength(accepted.length);
    expect(sent.every((row) => row._count === 1)).toBe(true);

    // A failover is an expected event: the apps say so in warnings, not in errors an operator reads as an outage.
    const errors = Object.values(stack.apps).flatMap((app) =>
      app!
        .output()
        .split("\n")
        .filter((line) => /"level":(50|60)\b/.test(line))
        .map((line) => {
          const entry = JSON.parse(line) as { msg?: string; err?: { message?: string } };
          return `${app!.name}: ${entry.msg} (${entry.err?.message ?? "no error"})`;
        }),
    );
    expect(errors).toEqual([]);
  }, 240_000);
});
