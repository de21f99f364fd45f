import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { countSendsToday, setWorkspacePlan, utcDay } from "@svc/core";
import request from "supertest";
import { createWorkspaceFixture, openTestDb } from "../../../test/support/fixtures.ts";
import { type ApiInstance, bearer, sendBody, startApi } from "./harness.ts";

const POOL_SIZE = 10;
const handle = openTestDb();
const db = handle.prisma;
let api: ApiInstance;

beforeAll(async () => {
  api = await startApi({ DATABASE_POOL_SIZE: String(POOL_SIZE) });
});
afterAll(async () => {
  await api.close();
  await handle.close();
});

const send = (key: string, domain: string) => request(api.url).post("/emails").set(bearer(key)).send(sendBody(domain));

describe("daily send limit", () => {
  it("gives exactly 100 of 300 concurrent sends on a fresh Free workspace, and refuses the rest with 429", async () => {
    const fx = await createWorkspaceFixture(handle, { plan: "free" });
    const answers = await Promise.all(Array.from({ length: 300 }, () => send(fx.keys["send-only"], fx.domain)));

    const outcomes: Record<string, number> = {};
    for (const { status, body } of answers) {
      const outcome = status === 202 ? "202" : `${status} ${body?.code}`;
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    }
    expect(outcomes).toEqual({ "202": 100, "429 daily_limit_reached": 200 });
    const accepted = answers.filter((a) => a.status === 202);
    const refused = answers.filter((a) => a.status === 429);
    expect(new Set(accepted.map((a) => a.body.id)).size).toBe(100);
    expect(refused[0]!.body).toEqual({
      error:
        "Daily send limit reached: the Free plan allows 100 emails per day. " +
        "Upgrade your plan to send more, or wait until tomorrow (UTC) when the limit resets.",
      code: "daily_limit_reached",
    });

    expect(await db.email.count({ where: { organizationId: fx.workspaceId } })).toBe(100);
    const usage = await db.dailyUsage.findMany({ where: { workspaceId: fx.workspaceId } });
    expect(usage).toEqual([{ workspaceId: fx.workspaceId, day: utcDay(), count: 100 }]);
  });

  it("does the same when every send carries an Idempotency-Key, without the burst queueing for the pool", async () => {
    const fx = await createWorkspaceFixture(handle, { plan: "free" });
    // Each send is a transaction of its own that takes the counter's row lock. Were they to wait
    // for it holding a pooled connection, the burst would take the whole pool and hundreds would
    // queue for it (and other workspaces' requests behind them); a workspace's counted
    // transactions take their turns in the process instead, holding no connection while waiting.
    let mostWaiting = 0;
    const sampler = setInterval(() => {
      mostWaiting = Math.max(mostWaiting, api.poolWaiting());
    }, 1);
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, n) =>
        request(api.url).post("/emails").set(bearer(fx.keys["send-only"])).set("Idempotency-Key", `burst-${n}`).send(sendBody(fx.domain)),
      ),
    ).finally(() => clearInterval(sampler));
    expect(mostWaiting).toBeLessThan(POOL_SIZE);
    const outcomes: Record<string, number> = {};
    for (const { status, body } of answers) {
      const outcome = status === 202 ? "202" : `${status} ${body?.code}`;
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    }
    expect(outcomes).toEqual({ "202": 100, "429 daily_limit_reached": 200 });
    expect(await db.email.count({ where: { organizationId: fx.workspaceId } })).toBe(100);
    expect(await db.idempotencyKey.count({ where: { workspaceId: fx.workspaceId } })).toBe(100);
  });

  it("counts per UTC day: yesterday's usage does not limit today", async () => {
    const fx = await createWorkspaceFixture(handle, { plan: "free" });
    const yesterday = new Date(utcDay().getTime() - 24 * 3600 * 1000);
    await db.dailyUsage.create({ data: { workspaceId: fx.workspaceId, day: yesterday, count: 100 } });
    expect((await send(fx.keys["send-only"], fx.domain)).status).toBe(202);
  });

  it("follows the workspace's current plan; unlimited never refuses and takes no counter lock", async () => {
    const fx = await createWorkspaceFixture(handle, { plan: "free" });
    await db.dailyUsage.create({ data: { workspaceId: fx.workspaceId, day: utcDay(), count: 100 } });
    expect((await send(fx.keys["send-only"], fx.domain)).status).toBe(429);

    await setWorkspacePlan(db, fx.workspaceId, "pro");
    expect((await send(fx.keys["send-only"], fx.domain)).status).toBe(202);

    await setWorkspacePlan(db, fx.workspaceId, "unlimited");
    await db.dailyUsage.update({
      where: { workspaceId_day: { workspaceId: fx.workspaceId, day: utcDay() } },
      data: { count: 10_000_000 },
    });
    expect((await send(fx.keys["send-only"], fx.domain)).status).toBe(202);
    // No limit, nothing to guard: the counter row is left alone (its lock would serialise every send).
    const usage = await db.dailyUsage.findUniqueOrThrow({ where: { workspaceId_day: { workspaceId: fx.workspaceId, day: utcDay() } } });
    expect(usage.count).toBe(10_000_000);
    expect(await countSendsToday(handle, fx.workspaceId)).toBe(2);
  });
});
