import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Producer, createProducerConnection } from "@svc/queues";
import { testEnv } from "../../../test/support/env.ts";
import { createWorkspaceFixture, openTestDb } from "../../../test/support/fixtures.ts";
import {
  FAKE_AWS_CREDENTIALS,
  startRecordingProxy,
  startSesLocal,
  type RecordingProxy,
  type SesLocal,
} from "../../../test/support/ses.ts";
import { insertEmail, waitFor } from "./support.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const tsx = path.join(root, "node_modules/.bin/tsx");
const mainEntry = path.join(root, "apps/sender/src/main.ts");

const RATE = 4;
const EMAILS = 20;
/**
 * BullMQ's limiter counts in fixed windows of `duration` that open with the first job after the
 * previous one expired; a handoff reaches the provider a few milliseconds after its job became
 * active, and those delays differ. A window of 1 s minus this margin, placed anywhere, must
 * never hold more than RATE handoffs.
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

describe("SES_MAX_SEND_RATE", () => {
  it("holds across two sender processes together", async () => {
    const fx = await createWorkspaceFixture(handle);
    const env = testEnv({
      ...FAKE_AWS_CREDENTIALS,
      LOG_LEVEL: "debug",
      EMAIL_PROVIDER: "ses",
      SES_ENDPOINT: proxy.url,
      SES_MAX_SEND_RATE: String(RATE),
      SENDER_CONCURRENCY: "5",
      SENDER_PORT: "0",
      SWEEP_INTERVAL_MS: "3600000",
    });
    const senders = [spawnSender(env), spawnSender(env)];
    const queue = new Producer("sendEmail", redis, env.QUEUE_PREFIX!);
    try {
      for (const sender of senders) {
        await waitFor("a sender process to start", async () => {
          if (sender.child.exitCode !== null) throw new Error(`sender exited:\n${sender.output()}`);
          return sender.output().includes('"msg":"sender started"');
        }, 60_000);
      }

      // Warm both processes up first: a process's first handoff is slow (connections, lazy SDK
      // loading), which would bunch the first window's handoffs onto the second's.
      for (let round = 0; !senders.every((sender) => handoffLines(sender.output()) > 0); round++) {
        if (round >= 10) throw new Error("one sender process never took a job");
        const warmUp = await Promise.all(Array.from({ length: RATE }, () => insertEmail(handle, fx)));
        await queue.enqueueMany(warmUp.map((id) => ({ jobId: id, payload: { emailId: id } })));
        await waitForSent(warmUp);
      }
      await new Promise((resolve) => setTimeout(resolve, 1_100)); // let the last limiter window close
      const before = senders.map((sender) => handoffLines(sender.output()));
      const firstMeasured = proxy.arrivals.length;

      const ids: string[] = [];
      for (let i = 0; i < EMAILS; i++) ids.push(await insertEmail(handle, fx));
      await queue.enqueueMany(ids.map((id) => ({ jobId: id, payload: { emailId: id } })));
      await waitForSent(ids);

      const arrivals = proxy.arrivals.slice(firstMeasured);
      expect(arrivals).toHaveLength(EMAILS);
      // Never more than RATE; and exactly RATE, because the queue is full and the limiter, not a
      // lack of work, is what spaces the handoffs (without it all 20 go out in one burst).
      expect(busiestWindow(arrivals, 1000 - GRANULARITY_MS)).toBe(RATE);
      // Each email went out once, and both processes took part.
      const subjects = (await emulator.emails()).map((e) => e.subject);
      expect(ids.every((id) => subjects.filter((s) => s === `Subject ${id}`).length === 1)).toBe(true);
      const perProcess = senders.map((sender, i) => handoffLines(sender.output()) - before[i]!);
      expect(perProcess.reduce((a, b) => a + b, 0)).toBe(EMAILS);
      expect(perProcess.every((count) => count > 0)).toBe(true);
    } finally {
      await Promise.all(senders.map((sender) => sender.stop()));
      await queue.queue.obliterate({ force: true }).catch(() => {});
      await queue.close();
    }
  });
});
