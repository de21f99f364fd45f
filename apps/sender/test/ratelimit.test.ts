import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createProducerConnection, Producer } from "@svc/queues";
import { testEnv } from "../../../test/support/env.ts";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { FAKE_AWS_CREDENTIALS, type RecordingProxy, type SesLocal, startRecordingProxy, startSesLocal } from "../../../test/support/ses.ts";
import { insertEmail, waitFor } from "./support.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const tsx = path.join(root, "node_modules/.bin/tsx");
const mainEntry = path.join(root, "apps/sender/src/main.ts");

const RATE = 4;
const EMAILS = 20;
/**
 * The shared meter spaces handoffs 1/RATE s apart (per recipient) whichever process makes them;
 * a handoff reaches the provider a few milliseconds after its turn, and those delays differ. A
 * window of 1 s minus this margin, placed anywhere, must never hold more than RATE recipients.
 */
const GRANULARITY_MS = 250;

const handle = openTestDb();
const redis = createProducerConnection(process.env.REDIS_URL ?? "redis://127.0.0.1:6379/1");
let emulator: SesLocal;
let proxy: RecordingProxy;

beforeAll(async () => {
  emulator = await startSesLocal();
  proxy = await startRecordingProxy(emulator.url);
});

afterAll(async () => {
  await proxy.stop();
  await emulator.stop();
  await redis.quit();
  await handle.close();
});

interface SenderProcess {
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

function spawnSender(env: Record<string, string>): SenderProcess {
  const child = spawn(tsx, [mainEntry], { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return {
    child,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

function waitForSent(ids: string[]): Promise<true> {
  return waitFor(
    "the emails to be sent",
    async () => (await handle.prisma.email.count({ where: { id: { in: ids }, status: "sent" } })) === ids.length,
    60_000,
  );
}

function handoffLines(output: string): number {
  return output.split("\n").filter((line) => line.includes('"msg":"handed off"')).length;
}

/** The most handoffs found in any window of `windowMs` (each window starting at a handoff). */
function busiestWindow(arrivals: number[], windowMs: number): number {
  const sorted = [...arrivals].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (j < sorted.length && sorted[j]! < sorted[i]! + windowMs) j++;
    most = Math.max(most, j - i);
  }
  return most;
}

/** Starts two sender processes on `env`, warms both up, runs `measure`, and stops them. */
async function withTwoSenders(
  env: Record<string, string>,
  fx: WorkspaceFixture,
  measure: (senders: SenderProcess[], queue: Producer<"sendEmail">) => Promise<void>,
): Promise<void> {
  const senders = [spawnSender(env), spawnSender(env)];
  const queue = new Producer("sendEmail", redis, env.QUEUE_PREFIX!);
  try {
    for (const sender of senders) {
      await waitFor(
        "a sender process to start",
        async () => {
          if (sender.child.exitCode !== null) throw new Error(`sender exited:\n${sender.output()}`);
          return sender.output().includes('"msg":"sender started"');
        },
        60_000,
      );
    }
    // Warm both processes up first: a process's first handoff is slow (connections, lazy SDK
    // loading), which would bunch the first handoffs measured.
    for (let round = 0; !senders.every((sender) => handoffLines(sender.output()) > 0); round++) {
      if (round >= 10) throw new Error("one sender process never took a job");
      const warmUp = await Promise.all(Array.from({ length: 4 }, () => insertEmail(handle, fx)));
      await queue.enqueueMany(warmUp.map((id) => ({ jobId: id, payload: { emailId: id } })));
      await waitForSent(warmUp);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // let the meter run free
    await measure(senders, queue);
  } finally {
    await Promise.all(senders.map((sender) => sender.stop()));
    await queue.queue.obliterate({ force: true }).catch(() => {});
    await queue.close();
  }
}

function senderEnv(rate: number): Record<string, string> {
  return testEnv({
    ...FAKE_AWS_CREDENTIALS,
    LOG_LEVEL: "debug",
    EMAIL_PROVIDER: "ses",
    SES_ENDPOINT: proxy.url,
    SES_MAX_SEND_RATE: String(rate),
    SES_TENANTS: "off",
    SENDER_CONCURRENCY: "5",
    SENDER_PORT: "0",
    SWEEP_INTERVAL_MS: "3600000",
  }) as Record<string, string>;
}

async function queueEmails(queue: Producer<"sendEmail">, fx: WorkspaceFixture, count: number, to: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push(await insertEmail(handle, fx, { to }));
  await queue.enqueueMany(ids.map((id) => ({ jobId: id, payload: { emailId: id } })));
  return ids;
}

describe("SES_MAX_SEND_RATE, in recipients per second", () => {
  it("holds across two sender processes together", async () => {
    const fx = await createWorkspaceFixture(handle);
    await withTwoSenders(senderEnv(RATE), fx, async (senders, queue) => {
      const before = senders.map((sender) => handoffLines(sender.output()));
      const firstMeasured = proxy.arrivals.length;
      const ids = await queueEmails(queue, fx, EMAILS, ["someone@example.com"]);
      await waitForSent(ids);

      const arrivals = proxy.arrivals.slice(firstMeasured);
      expect(arrivals).toHaveLength(EMAILS);
      // Never more than RATE in a second; and the whole run takes as long as the rate says
      // (without the meter all 20 go out in one burst).
      expect(busiestWindow(arrivals, 1000 - GRANULARITY_MS)).toBeLessThanOrEqual(RATE);
      expect(Math.max(...arrivals) - Math.min(...arrivals)).toBeGreaterThanOrEqual(((EMAILS - 1) * 1000) / RATE - GRANULARITY_MS);
      // Each email went out once, and both processes took part.
      const subjects = (await emulator.emails()).map((e) => e.subject);
      expect(ids.every((id) => subjects.filter((s) => s === `Subject ${id}`).length === 1)).toBe(true);
      const perProcess = senders.map((sender, i) => handoffLines(sender.output()) - before[i]!);
      expect(perProcess.reduce((a, b) => a + b, 0)).toBe(EMAILS);
      expect(perProcess.every((count) => count > 0)).toBe(true);
    });
  });

  it("counts every recipient: at 10 per second, ten emails of five recipients take at least 4.5 s across two senders", async () => {
    const fx = await createWorkspaceFixture(handle);
    await withTwoSenders(senderEnv(10), fx, async (senders, queue) => {
      const before = senders.map((sender) => handoffLines(sender.output()));
      const firstMeasured = proxy.arrivals.length;
      const queuedAt = Date.now();
      const ids = await queueEmails(queue, fx, 10, ["a@example.com", "b@example.com", "c@example.com", "d@example.com", "e@example.com"]);
      await waitForSent(ids);
      const arrivals = proxy.arrivals.slice(firstMeasured);
      expect(arrivals).toHaveLength(10);
      // 50 recipients at 10 per second: the tenth email's turn is 4.5 s after the first's.
      expect(Math.max(...arrivals) - queuedAt).toBeGreaterThanOrEqual(4_500);
      // Arrivals are timed at the proxy: a first handoff slower than the last (a loaded machine)
      // narrows the spread by its delay, as GRANULARITY_MS allows above.
      expect(Math.max(...arrivals) - Math.min(...arrivals)).toBeGreaterThanOrEqual(4_500 - GRANULARITY_MS);
      // No second holds more than ten recipients (two emails).
      expect(busiestWindow(arrivals, 1000 - GRANULARITY_MS)).toBeLessThanOrEqual(2);
      const perProcess = senders.map((sender, i) => handoffLines(sender.output()) - before[i]!);
      expect(perProcess.every((count) => count > 0)).toBe(true);
    });
  });
});
