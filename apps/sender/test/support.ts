import { databaseOptions } from "@svc/config";
import { createDb, type DbHandle, type EmailStatus, type KeyEnvironment, newId } from "@svc/db";
import { createLogger } from "@svc/logger";
import { closeConnections, createWorkerConnection } from "@svc/queues";
import { Shutdown } from "@svc/runtime";
import { testEnv } from "../../../test/support/env.ts";
import type { WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { type SenderEnv, senderEnvSchema } from "../src/env.ts";
import { createSender, type Sender } from "../src/index.ts";

export const silentLog = createLogger("sender-test", process.env.TEST_LOG_LEVEL ?? "silent");

/** Sender settings for a test: fast retries, no automatic sweeps unless asked, health on port 0. */
export function senderTestEnv(overrides: Record<string, string> = {}): SenderEnv {
  return senderEnvSchema.parse(
    testEnv({
      EMAIL_PROVIDER: "ses",
      SENDER_PORT: "0",
      SES_MAX_SEND_RATE: "0",
      SEND_RETRY_BASE_DELAY_MS: "50",
      SEND_RETRY_MAX_DELAY_MS: "200",
      SWEEP_INTERVAL_MS: "3600000",
      ...overrides,
    }),
  );
}

export type TestSender = Sender & {
  /** The sender's shutdown, then its connections, as main.ts closes them. */
  close(): Promise<void>;
};

/** A sender on connections of its own, wired as main.ts wires it. */
export function createTestSender(env: SenderEnv): TestSender {
  const db = createDb(databaseOptions(env));
  const workerRedis = createWorkerConnection(env.REDIS_URL);
  const redis = createWorkerConnection(env.REDIS_URL);
  const sender = createSender(env, { db, workerRedis, redis, log: silentLog });
  const shutdown = new Shutdown(silentLog)
    .addAll(sender.shutdown)
    .add("redis", () => closeConnections(workerRedis, redis))
    .add("postgres", () => db.close());
  return Object.assign(sender, { close: () => shutdown.run() });
}

export interface NewEmail {
  environment?: KeyEnvironment;
  /** Defaults to `Acme <hello@{the fixture's domain}>`. */
  from?: string;
  to?: string[];
  subject?: string;
  status?: EmailStatus;
  createdAt?: Date;
}

/** An email row as the API writes it: `queued`, before any job exists. */
export async function insertEmail(handle: DbHandle, fx: WorkspaceFixture, email: NewEmail = {}): Promise<string> {
  const id = newId("email");
  const environment = email.environment ?? "live";
  await handle.prisma.email.create({
    data: {
      id,
      organizationId: fx.workspaceId,
      apiKeyId: environment === "test" ? fx.testKeyId : fx.keyIds["full-access"],
      environment,
      from: email.from ?? `Acme <hello@${fx.domain}>`,
      to: email.to ?? ["someone@example.com"],
      subject: email.subject ?? `Subject ${id}`,
      html: `<p>Hello from ${id}</p>`,
      text: `Hello from ${id}`,
      status: email.status ?? "queued",
      ...(email.createdAt ? { createdAt: email.createdAt } : {}),
    },
  });
  return id;
}

/** Polls until `check` returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Ends every email of these workspaces still waiting to be sent: the database is shared, and
 * another file's sweeper must not find and send what a test here left behind on purpose.
 */
export async function retireWaitingEmails(handle: DbHandle, workspaceIds: string[]): Promise<void> {
  await handle.prisma.email.updateMany({
    where: { organizationId: { in: workspaceIds }, status: { in: ["queued", "sending"] } },
    data: { status: "failed", errorMessage: "left by a test" },
  });
}
