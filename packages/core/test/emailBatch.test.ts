import { afterAll, describe, expect, it } from "@jest/globals";
import { parseBatchInput, queueEmailBatch, type SendContext } from "@svc/core";
import type { DbHandle } from "@svc/db";
import type { PoolClient } from "pg";
import { createWorkspaceFixture, openTestDb } from "../../../test/support/fixtures.ts";

const handle = openTestDb();
afterAll(() => handle.close());

/** The same handle, with every statement its pool runs (through any client) recorded in order. */
function recording(statements: string[]): DbHandle {
  const record = (a: unknown[]) => {
    const text = typeof a[0] === "string" ? a[0] : (a[0] as { text: string }).text;
    statements.push(text.replace(/\s+/g, " ").trim().split(" ").slice(0, 3).join(" "));
  };
  const pool = new Proxy(handle.pool, {
    get(target, property, receiver) {
      // A statement on the pool itself (no transaction).
      if (property === "query") {
        return (...a: unknown[]) => {
          record(a);
          return (target.query as (...b: unknown[]) => unknown).apply(target, a);
        };
      }
      if (property !== "connect") return Reflect.get(target, property, receiver);
      return async () => {
        const client: PoolClient = await target.connect();
        const query = client.query.bind(client) as (...a: unknown[]) => unknown;
        (client as unknown as { query: unknown }).query = (...a: unknown[]) => {
          record(a);
          return query(...a);
        };
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

const emails = (domain: string, count: number) =>
  parseBatchInput(Array.from({ length: count }, (_, i) => ({ from: `a@${domain}`, to: "b@example.org", subject: `S${i}`, text: "t" })));

describe("queueEmailBatch", () => {
  it("writes 100 emails with one statement when there is nothing to count and no key", async () => {
    const fx = await createWorkspaceFixture(handle, { plan: "unlimited" });
    const context: SendContext = { workspaceId: fx.workspaceId, apiKeyId: fx.keyIds["send-only"], environment: "live", plan: "unlimited" };
    const statements: string[] = [];
    const queued = await queueEmailBatch(recording(statements), context, emails(fx.domain, 100), { mode: "strict" });
    expect(JSON.parse(queued.body)).toHaveLength(100);
    expect(queued.toEnqueue).toHaveLength(100);
    expect(statements).toEqual(['WITH v(id, "workspaceId",']);
    expect(await handle.prisma.email.count({ where: { organizationId: fx.workspaceId } })).toBe(100);
  });

  it("with a limit and a key: one transaction, and still one insert for the whole batch", async () => {
    const fx = await createWorkspaceFixture(handle, { plan: "free" });
    const context: SendContext = { workspaceId: fx.workspaceId, apiKeyId: fx.keyIds["send-only"], environment: "live", plan: "free" };
    const statements: string[] = [];
    await queueEmailBatch(recording(statements), context, emails(fx.domain, 100), { mode: "permissive", idempotencyKey: "k1" });
    expect(statements).toEqual([
      "BEGIN",
      "INSERT INTO idempotency_keys",
      "INSERT INTO daily_usage",
      'WITH v(id, "workspaceId",',
      "UPDATE idempotency_keys SET",
      "COMMIT",
    ]);
    expect(await handle.prisma.email.count({ where: { organizationId: fx.workspaceId } })).toBe(100);
  });
});
