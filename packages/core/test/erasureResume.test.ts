import { afterAll, describe, expect, it } from "@jest/globals";
import { ErasureTokens, parseErasureRequest, postgresFileStore, receiptOf, requestErasure, runNextErasure } from "@svc/core";
import { createLogger } from "@svc/logger";
import type { Pool } from "pg";
import { seedEmails, seedInbound, seedSubscription } from "../../../test/support/erasureData.ts";
import { createWorkspaceFixture, openTestDb } from "../../../test/support/fixtures.ts";

/**
 * An erasure's run stops half-way (as a crash would: between two batches, its claim still held)
 * and another run goes on from its last batch once the claim's lease has passed: everything is
 * erased and the receipt's counts are exactly what there was, none counted twice.
 */
const handle = openTestDb();
const pool = handle.pool as unknown as Pool;
const log = createLogger("erasure-test", "silent");
const tokens = new ErasureTokens("test-install-secret");
const files = postgresFileStore(handle);

afterAll(async () => {
  await handle.close();
});

async function count(sql: string, values: unknown[]): Promise<number> {
  const { rows } = await pool.query(`SELECT count(*)::int AS n FROM (${sql}) q`, values);
  return (rows[0] as { n: number }).n;
}

describe("an erasure stopped half-way", () => {
  it("goes on from its last batch in a new run once the lease has passed, and its counts add up", async () => {
    const fx = await createWorkspaceFixture(handle);
    const person = "resume.me@example.org";
    const subscriptionId = await seedSubscription(pool, fx.workspaceId);
    const owner = { workspaceId: fx.workspaceId, apiKeyId: fx.keyIds["full-access"] };
    const emails = await seedEmails(pool, owner, { to: [person], count: 1_500, subscriptionId });
    const received = await seedInbound(pool, fx.workspaceId, {
      from: person,
      to: "help@reply.test",
      count: 250,
      attachments: 2,
      inStore: false,
      subscriptionId,
    });
    const erasure = await requestErasure(handle, {
      workspaceId: fx.workspaceId,
      request: parseErasureRequest({ addresses: [person] }),
      actor: { type: "operator", id: "cli:test" },
      source: null,
    });
    const options = { files, tokens, batchSize: 100, leaseMs: 500, only: erasure.id };

    // Stop the first run once a few batches are committed.
    const stop = new AbortController();
    const watcher = (async () => {
      while (!stop.signal.aborted) {
        const { rows } = await pool.query(`SELECT receipt FROM erasures WHERE id = $1`, [erasure.id]);
        if (receiptOf(rows[0]?.receipt).removed.emails >= 300) stop.abort();
        else await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    const first = await runNextErasure(handle, log, { ...options, signal: stop.signal });
    await watcher;
    expect(first).toEqual({ id: erasure.id, status: "stopped" });
    const { rows: halfway } = await pool.query(`SELECT status::text, step, cursor, receipt, "claimedAt" FROM erasures WHERE id = $1`, [
      erasure.id,
    ]);
    const stopped = halfway[0] as { status: string; step: string; cursor: unknown; receipt: unknown; claimedAt: Date | null };
    expect(stopped.status).toBe("running");
    expect(stopped.step).toBe("emails");
    expect(stopped.cursor).not.toBeNull();
    const removedSoFar = receiptOf(stopped.receipt).removed.emails;
    expect(removedSoFar).toBeGreaterThanOrEqual(300);
    expect(removedSoFar).toBeLessThan(1_500);
    expect(await count(`SELECT 1 FROM emails WHERE id = ANY ($1::text[])`, [emails.emailIds])).toBe(1_500 - removedSoFar);

    // Its claim is still held: no other run takes it before the lease passes.
    expect(await runNextErasure(handle, log, options)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 600));
    const second = await runNextErasure(handle, log, options);
    expect(second).toEqual({ id: erasure.id, status: "completed" });

    expect(await count(`SELECT 1 FROM emails WHERE id = ANY ($1::text[])`, [emails.emailIds])).toBe(0);
    expect(await count(`SELECT 1 FROM email_events WHERE id = ANY ($1::text[])`, [emails.eventIds])).toBe(0);
    expect(await count(`SELECT 1 FROM webhook_attempts WHERE id = ANY ($1::text[])`, [emails.attemptIds])).toBe(0);
    expect(await count(`SELECT 1 FROM inbound_emails WHERE id = ANY ($1::text[])`, [received.inboundIds])).toBe(0);
    expect(await count(`SELECT 1 FROM inbound_attachments WHERE "inboundEmailId" = ANY ($1::text[])`, [received.inboundIds])).toBe(0);
    const { rows: ended } = await pool.query(`SELECT status::text, receipt, addresses FROM erasures WHERE id = $1`, [erasure.id]);
    expect(ended[0]).toMatchObject({ status: "completed", addresses: [] });
    expect(receiptOf(ended[0].receipt)).toEqual({
      removed: {
        emails: 1_500,
        email_events: 1_500,
        webhook_deliveries: 1_500 + 250,
        webhook_attempts: 1_500 + 250,
        email_attachments: 0,
        idempotency_keys: 0,
        inbound_emails: 250,
        inbound_attachments: 500,
        test_recipients: 0,
      },
      redacted: { emails: 0, email_events: 0, webhook_deliveries: 0, webhook_attempts: 0, suppressions: 0 },
      objectsDeleted: 0,
    });
  }, 120_000);

  it("a run whose claim was taken over writes nothing more: its batch rolls back, and the counts still add up", async () => {
    const fx = await createWorkspaceFixture(handle);
    const person = "twice@example.org";
    const subscriptionId = await seedSubscription(pool, fx.workspaceId);
    await seedEmails(
      pool,
      { workspaceId: fx.workspaceId, apiKeyId: fx.keyIds["full-access"] },
      { to: [person], count: 300, subscriptionId },
    );
    const erasure = await requestErasure(handle, {
      workspaceId: fx.workspaceId,
      request: parseErasureRequest({ addresses: [person] }),
      actor: { type: "operator", id: "cli:test" },
      source: null,
    });
    // A second runner takes the claim over while the first is half-way (a lease of 0 treats the
    // first as stopped): the first's next batch finds its claim gone and rolls back.
    const options = { files, tokens, batchSize: 25, only: erasure.id };
    const first = runNextErasure(handle, log, { ...options, leaseMs: 60_000 });
    for (;;) {
      const { rows } = await pool.query(`SELECT receipt FROM erasures WHERE id = $1`, [erasure.id]);
      if (receiptOf(rows[0]?.receipt).removed.emails >= 25) break;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    const second = await runNextErasure(handle, log, { ...options, leaseMs: 0 });
    expect(await first).toEqual({ id: erasure.id, status: "claim_lost" });
    expect(second).toEqual({ id: erasure.id, status: "completed" });
    const { rows } = await pool.query(`SELECT status::text, receipt FROM erasures WHERE id = $1`, [erasure.id]);
    expect(rows[0].status).toBe("completed");
    expect(receiptOf(rows[0].receipt).removed.emails).toBe(300);
    expect(receiptOf(rows[0].receipt).removed.email_events).toBe(300);
  }, 60_000);
});
