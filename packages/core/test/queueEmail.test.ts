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
    await handle.prisma.dailyUsage.create({ data: { workspaceId: fx.workspaceId, day: new Date(new Date().toISOString().slice(0, 10)), count: 100 } });
    const input = parseSendEmailInput({ from: `a@${fx.domain}`, to: "b@example.org", subject: "S", text: "x".repeat(500_000) });
    const context = { workspaceId: fx.workspaceId, apiKeyId: fx.keyIds["send-only"], environment: "live" as const, plan: "free" as const };
    const statements: string[] = [];

    const refusal = await queueEmail(recording(statements), context, input, { idempotencyKey: "at-limit" }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).code).toBe("daily_limit_reached");
    expect(statements.filter((text) => /INSERT INTO emails/i.test(text))).toEqual([]);
    expect(statements.at(-1)).toBe("ROLLBACK");
    expect(await handle.prisma.email.count({ where: { organizationId: fx.workspaceId } })).toBe(0);
    expect(await handle.prisma.idempotencyKey.count({ where: { workspaceId: fx.workspaceId } })).toBe(0);
  });
});
