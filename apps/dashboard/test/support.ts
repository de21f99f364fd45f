import { createDashboardApp, loadDashboardEnv, type DashboardEnv } from "../src/index.ts";
import type { Express } from "express";
import request from "supertest";
import { createDashboardResources, type DashboardResources } from "../src/server.ts";
import { testEnv } from "../../../test/support/env.ts";

/** A dashboard app on the test database and Redis, with cookies usable over plain HTTP. */
export interface TestDashboard {
  app: Express;
  env: DashboardEnv;
  resources: DashboardResources;
  close(): Promise<void>;
}

export function createTestDashboard(overrides: Record<string, string> = {}): TestDashboard {
  const env = loadDashboardEnv(
    testEnv({ DASHBOARD_COOKIE_SECURE: "false", DASHBOARD_BASE_URL: "http://dashboard.test", WEBHOOK_ALLOW_PRIVATE_URLS: "true", ...overrides }),
  );
  const resources = createDashboardResources(env);
  const app = createDashboardApp(resources.deps);
  return {
    app,
    env,
    resources,
    async close() {
      await resources.sendProducer.close().catch(() => {});
      await resources.webhookProducer.close().catch(() => {});
      await resources.redis.quit().catch(() => {});
      await resources.handle.close();
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
export async function signedUpAgent(app: Express, options: { email?: string; workspaceName?: string } = {}): Promise<{ agent: Agent; email: string; csrf: string }> {
  const agent = request.agent(app);
  const email = options.email ?? uniqueEmail("owner");
  const form = await agent.get("/signup").expect(200);
  await agent
    .post("/signup")
    .type("form")
    .send({ _csrf: csrfFrom(form.text), email, password: PASSWORD, workspaceName: options.workspaceName ?? "Test workspace" })
    .expect(303);
  const overview = await agent.get("/").expect(200);
  return { agent, email, csrf: csrfFrom(overview.text) };
}

/** Logs an existing user in with a fresh client. */
export async function loggedInAgent(app: Express, email: string, password = PASSWORD): Promise<{ agent: Agent; csrf: string }> {
  const agent = request.agent(app);
  const form = await agent.get("/login").expect(200);
  await agent.post("/login").type("form").send({ _csrf: csrfFrom(form.text), email, password }).expect(303);
  const overview = await agent.get("/").expect(200);
  return { agent, csrf: csrfFrom(overview.text) };
}
