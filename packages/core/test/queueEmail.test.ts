import { afterAll, describe, expect, it } from "@jest/globals";
import { AppError, parseSendEmailInput, queueEmail } from "@svc/core";
import type { DbHandle } from "@svc/db";
import type { PoolClient } from "pg";
import { createWorkspaceFixture, openTestDb } from "../../../test/support/fixtures.ts";

const handle = openTestDb();
afterAll(() => handle.close());

/** The same handle, with every statement run through its pool's clients recorded in order. */
function recording(statements: string[]): DbHandle {
  const pool = new Proxy(handle.pool, {
    get(target, property, receiver) {
      if (property !== "connect") return Reflect.get(target, property, receiver);
      return async () => {
        const client: PoolClient = await target.connect();
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        (client as unknown as { query: unknown }).query = (...args: unknown[]) => {
          const text = typeof args[0] === "string" ? args[0] : (args[0] as { text: string }).text;
          statements.push(text.replace(/\s+/g, " ").trim());
          return query(...args);
        };
        // Hand back the original method with the connection, so the pool's client stays untouched.
        const release = client.release.bind(client);
        client.release = (error?: Error | boolean) => {
          (client as unknown as { query: unknown }).query = query;
          return release(error);
        };
        return client;
      };
    },
  });
  return { ...handle, pool } as DbHandle;
}

describe("queueEmail at the daily limit", () => {
  it("refuses before writing the email row or keeping the idempotency key", async () => {
    const fx = await createWorkspaceFixture(handle, { plan: "free" });
    await handle.prisma.dailyUsage.create({
      data: { workspaceId: fx.workspaceId, day: new Date(new Date().toISOString().slice(0, 10)), count: 100 },
    });
    const input = parseSendEmailInput({ from: `a@${fx.domain}`, to: "b@example.org", subject: "S", text: "x".repeat(500_000) });
    const context = { workspaceId: fx.workspaceId, apiKeyId: fx.keyIds["send-only"], environment: "live" as const, plan: "free" as const };
    const statements: string[] = [];

    const refusal = await queueEmail(recording(statements), context, input, { idempotencyKey: "at-limit" }).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).code).toBe("daily_limit_reached");
    expect(statements.filter((text) => /INSERT INTO emails/i.test(text))).toEqual([]);
    expect(statements.at(-1)).toBe("ROLLBACK");
    expect(await handle.prisma.email.count({ where: { organizationId: fx.workspaceId } })).toBe(0);
    expect(await handle.prisma.idempotencyKey.count({ where: { workspaceId: fx.workspaceId } })).toBe(0);
  });
});

describe("queueEmail's idempotency scopes", () => {
  it("keeps an Idempotency-Key per API key, and a workspace-scoped key (an SMTP Message-ID) per workspace", async () => {
    const fx = await createWorkspaceFixture(handle, { plan: "unlimited" });
    const input = parseSendEmailInput({ from: `a@${fx.domain}`, to: "b@example.org", subject: "Scopes", text: "x" });
    const as = (scope: "send-only" | "full-access") => ({
      workspaceId: fx.workspaceId,
      apiKeyId: fx.keyIds[scope],
      environment: "live" as const,
      plan: "unlimited" as const,
    });

    // Per API key (the default): the same key string from two API keys is two requests.
    const a = await queueEmail(handle, as("send-only"), input, { idempotencyKey: "same" });
    const b = await queueEmail(handle, as("full-access"), input, { idempotencyKey: "same" });
    expect(b.emailId).not.toBe(a.emailId);

    // Per workspace: the second API key replays the first one's answer and creates nothing.
    const c = await queueEmail(handle, as("send-only"), input, { idempotencyKey: "same", idempotencyScope: "workspace" });
    const d = await queueEmail(handle, as("full-access"), input, { idempotencyKey: "same", idempotencyScope: "workspace" });
    expect(c.replayed).toBe(false);
    expect(d).toMatchObject({ replayed: true, emailId: c.emailId });
    expect(await handle.prisma.email.count({ where: { organizationId: fx.workspaceId } })).toBe(3);
    const keys = await handle.prisma.idempotencyKey.findMany({ where: { workspaceId: fx.workspaceId }, orderBy: { key: "asc" } });
    expect(keys.map((k) => k.key)).toEqual([`${fx.keyIds["full-access"]}:same`, `${fx.keyIds["send-only"]}:same`, "workspace:same"].sort());
  });
});
