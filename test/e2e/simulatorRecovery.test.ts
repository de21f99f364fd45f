import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../support/fixtures.ts";
import { freePort, type RunningApp, type Stack, startApp, startStack } from "../support/stack.ts";

/**
 * The simulator's pending events live in the sender's memory. A sender killed after handing
 * emails off and before their events were posted must not leave them `sent` forever: the next
 * senders rebuild what is missing from Postgres, and each event is stored once even when two
 * of them do it at the same time.
 */
const handle = openTestDb();
let stack: Stack;
let fx: WorkspaceFixture;
const extra: RunningApp[] = [];

const EXPECTED: Record<string, { status: string; events: string[] }> = {
  "someone@example.com": { status: "delivered", events: ["delivered", "sent"] },
  "bounce@example.com": { status: "bounced", events: ["bounced", "sent"] },
  "complaint@example.com": { status: "complained", events: ["complained", "delivered", "sent"] },
  "delay@example.com": { status: "delivery_delayed", events: ["delivery_delayed", "sent"] },
  "click@example.com": { status: "delivered", events: ["clicked", "delivered", "opened", "sent"] },
  "reject@example.com": { status: "rejected", events: ["rejected"] },
};

beforeAll(async () => {
  // No ingester yet: the simulator accepts the emails and cannot post their events.
  stack = await startStack({
    apps: ["api", "sender"],
    env: { SIMULATOR_RECOVERY_GRACE_MS: "1000", SIMULATOR_RECOVERY_INTERVAL_MS: "1000" },
  });
  fx = await createWorkspaceFixture(handle, { plan: "unlimited" });
}, 120_000);

afterAll(async () => {
  await Promise.all(extra.map((app) => app.stop()));
  await stack?.stop();
  await handle.close();
});

async function send(to: string): Promise<string> {
  const response = await fetch(`${stack.apiUrl}/emails`, {
    method: "POST",
    headers: { authorization: `Bearer ${fx.keys["full-access"]}`, "content-type": "application/json" },
    body: JSON.stringify({
      from: `Acme <hello@${fx.domain}>`,
      to: [to],
      subject: `Scenario ${to}`,
      text: "Hi",
      html: '<p><a href="https://example.com/x">Hi</a></p>',
    }),
  });
  expect(response.status).toBe(202);
  return ((await response.json()) as { id: string }).id;
}

async function snapshot(ids: string[]) {
  return handle.prisma.email.findMany({ where: { id: { in: ids } }, include: { events: true } });
}

describe("simulator events owed by a sender that was killed", () => {
  it("are reported by the next senders from Postgres, each stored once", async () => {
    const sent = new Map<string, string>();
    for (const to of Object.keys(EXPECTED)) sent.set(await send(to), to);
    const ids = [...sent.keys()];
    const deadline = Date.now() + 30_000;
    while ((await snapshot(ids)).some((email) => email.status !== "sent" || !email.providerMessageId)) {
      if (Date.now() > deadline) throw new Error("the emails were not handed off");
      await new Promise((r) => setTimeout(r, 100));
    }

    await stack.apps.sender!.crash();
    extra.push(await startApp("ingest", stack.env, "INGEST_PORT"));
    // Two senders rebuilding at once.
    const [a, b] = await Promise.all([
      startApp("sender", { ...stack.env, SENDER_PORT: String(await freePort()) }, "SENDER_PORT"),
      startApp("sender", { ...stack.env, SENDER_PORT: String(await freePort()) }, "SENDER_PORT"),
    ]);
    extra.push(a!, b!);

    const done = (emails: Awaited<ReturnType<typeof snapshot>>) =>
      emails.every(
        (email) =>
          email.status === EXPECTED[sent.get(email.id)!]!.status && email.events.length >= EXPECTED[sent.get(email.id)!]!.events.length,
      );
    const until = Date.now() + 45_000;
    let emails = await snapshot(ids);
    while (!done(emails) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 250));
      emails = await snapshot(ids);
    }
    // Several more recovery runs of both senders: nothing is added twice.
    await new Promise((r) => setTimeout(r, 3_000));
    emails = await snapshot(ids);
    for (const email of emails) {
      const expected = EXPECTED[sent.get(email.id)!]!;
      expect({ to: sent.get(email.id), status: email.status, events: email.events.map((e) => e.type).sort() }).toEqual({
        to: sent.get(email.id),
        ...expected,
      });
    }
  }, 150_000);
});
