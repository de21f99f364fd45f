import { createServer as createNetServer } from "node:net";
import { expect } from "@jest/globals";
import { databaseOptions, loadEnv } from "@svc/config";
import { SecretBox } from "@svc/core";
import { createDb, type Db, type DbHandle } from "@svc/db";
import { createLogger } from "@svc/logger";
import { createProducerConnection, Producer } from "@svc/queues";
import { Shutdown } from "@svc/runtime";
import { Secret, TOTP } from "otpauth";
import request from "supertest";
import { testEnv } from "../../../test/support/env.ts";
import { openTestDb } from "../../../test/support/fixtures.ts";
import { createDashboard, type DashboardEnv, dashboardEnvSchema } from "../src/index.ts";

/** A dashboard running on the test database and Redis, with cookies usable over plain HTTP. */
export interface TestDashboard {
  /** Its base URL, for supertest's `request(url)` and `request.agent(url)`. */
  url: string;
  env: DashboardEnv;
  db: Db;
  handle: DbHandle;
  /** Seals and opens webhook secrets as the dashboard does. */
  secrets: SecretBox;
  /** The send queue the dashboard enqueues invitation emails on. */
  sendProducer: Producer<"sendEmail">;
  close(): Promise<void>;
}

export async function createTestDashboard(overrides: Record<string, string> = {}): Promise<TestDashboard> {
  const env = loadEnv(
    dashboardEnvSchema,
    testEnv({
      DASHBOARD_PORT: "0",
      DASHBOARD_COOKIE_SECURE: "false",
      DASHBOARD_BASE_URL: "http://dashboard.test",
      WEBHOOK_ALLOW_PRIVATE_URLS: "true",
      ...overrides,
    }),
  );
  const log = createLogger("dashboard-test", env.LOG_LEVEL);
  const handle = createDb(databaseOptions(env));
  const redis = createProducerConnection(env.REDIS_URL);
  const dashboard = createDashboard(env, { db: handle, redis, log });
  const { port } = await dashboard.start();
  const sendProducer = new Producer("sendEmail", redis, env.QUEUE_PREFIX);
  return {
    url: `http://127.0.0.1:${port}`,
    env,
    db: handle.prisma,
    handle,
    secrets: new SecretBox(env.WEBHOOK_SECRET_KEY),
    sendProducer,
    async close() {
      await new Shutdown(log).addAll(dashboard.shutdown).run();
      await sendProducer.close().catch(() => {});
      await redis.quit().catch(() => redis.disconnect());
      await handle.close();
    },
  };
}

export const PASSWORD = "a long enough password";

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** The CSRF token a page's forms carry. */
export function csrfFrom(html: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!match) throw new Error("no CSRF field on the page");
  return match[1]!;
}

export type Agent = ReturnType<typeof request.agent>;

/** A browser-like client (keeps cookies) that signed up: returns it with the new workspace. */
export async function signedUpAgent(
  url: string,
  options: { email?: string; workspaceName?: string } = {},
): Promise<{ agent: Agent; email: string; csrf: string }> {
  const agent = request.agent(url);
  const email = options.email ?? uniqueEmail("owner");
  const form = await agent.get("/signup").expect(200);
  const answer = await agent
    .post("/signup")
    .type("form")
    .send({ _csrf: csrfFrom(form.text), email, password: PASSWORD, workspaceName: options.workspaceName ?? "Test workspace" });
  if (answer.status === 200 && answer.text.includes("Check your inbox")) {
    // A dashboard with a system sender confirms the address: follow the link it mailed.
    const path = await signupLinkMailedTo(email);
    const confirm = await agent.get(path).expect(200);
    await agent
      .post(path)
      .type("form")
      .send({ _csrf: csrfFrom(confirm.text) })
      .expect(303);
  } else if (answer.status !== 303) {
    throw new Error(`sign-up answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  }
  const overview = await agent.get("/").expect(200);
  return { agent, email, csrf: csrfFrom(overview.text) };
}

/** The path of the newest sign-up link mailed to this address (the email row the pipeline holds). */
export async function signupLinkMailedTo(address: string): Promise<string> {
  const handle = openTestDb();
  try {
    const email = await handle.prisma.email.findFirstOrThrow({
      where: { to: { has: address }, subject: "Confirm your Svc account" },
      orderBy: { createdAt: "desc" },
    });
    const match = /https?:\/\/[^/\s]+(\/signup\/confirm\/[A-Za-z0-9_-]+)/.exec(email.text ?? "");
    if (!match) throw new Error(`no sign-up link in: ${email.text}`);
    return match[1]!;
  } finally {
    await handle.close();
  }
}

/** Logs an existing user in with a fresh client. */
export async function loggedInAgent(url: string, email: string, password = PASSWORD): Promise<{ agent: Agent; csrf: string }> {
  const agent = request.agent(url);
  const form = await agent.get("/login").expect(200);
  await agent
    .post("/login")
    .type("form")
    .send({ _csrf: csrfFrom(form.text), email, password })
    .expect(303);
  const overview = await agent.get("/").expect(200);
  return { agent, csrf: csrfFrom(overview.text) };
}

/** A free loopback port, so that a dashboard's own URL (its passkeys' origin, its OIDC redirect) is known before it starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** The code an authenticator app with this secret shows at `atMs`. */
export function codeAt(secret: string, atMs: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp: atMs });
}

/** Enrols an authenticator app from the account page; returns its secret and the recovery codes shown once. */
export async function enrolTotp(agent: Agent): Promise<{ secret: string; recoveryCodes: string[]; page: string }> {
  const account = await agent.get("/account/security").expect(200);
  const started = await agent
    .post("/account/totp/start")
    .type("form")
    .send({ _csrf: csrfFrom(account.text) })
    .expect(200);
  const secret = /id="totp-secret"[^>]*value="([A-Z2-7]+)"/.exec(started.text)?.[1];
  if (!secret) throw new Error("no secret on the enrolment page");
  expect(started.text).toContain("<svg"); // the QR code
  const confirmed = await agent
    .post("/account/totp/confirm")
    .type("form")
    .send({ _csrf: csrfFrom(started.text), code: codeAt(secret, Date.now()) })
    .expect(200);
  const recoveryCodes = [...confirmed.text.matchAll(/<li>([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})<\/li>/g)].map((m) => m[1]!);
  return { secret, recoveryCodes, page: confirmed.text };
}
