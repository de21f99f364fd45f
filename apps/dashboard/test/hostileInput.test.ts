import { afterAll, describe, expect, it } from "@jest/globals";
import { createLogger } from "@svc/logger";
import express from "express";
import request from "supertest";
import { APP_CLOSE_BOUND_MS, trickleRequest } from "../../../test/support/trickle.ts";
import { errorHandler } from "../src/http/errors.ts";
import { createTestDashboard, csrfFrom, signedUpAgent } from "./support.ts";

const dashboard = await createTestDashboard();
afterAll(() => dashboard.close());

describe("hostile input at the dashboard", () => {
  it("refuses U+0000 in any form field with 422 naming it, and stores nothing", async () => {
    const { agent, csrf } = await signedUpAgent(dashboard.url);
    const cases: Array<[string, Record<string, string>, string]> = [
      ["/api-keys", { name: "Back\u0000end", environment: "live", scope: "full-access" }, "name"],
      ["/domains", { domain: "ex\u0000ample.com" }, "domain"],
      ["/webhooks", { url: "https://hooks.example.com/\u0000", events: "delivered" }, "url"],
      ["/test-recipients", { email: "qa\u0000@example.com" }, "email"],
      ["/members/invite", { email: "a\u0000@example.com", role: "viewer" }, "email"],
    ];
    for (const [path, form, field] of cases) {
      const answer = await agent
        .post(path)
        .type("form")
        .send({ _csrf: csrf, ...form });
      expect([path, answer.status]).toEqual([path, 422]);
      expect(answer.text).toContain(`${field} must not contain the NUL character`);
    }
  });

  it("answers 400 for a malformed percent-escape in the path, and a NUL in the query", async () => {
    const { agent } = await signedUpAgent(dashboard.url);
    for (const path of ["/emails/%ff%fe", "/emails/%", "/emails/%E0%A4%A", "/emails?after=%00"]) {
      const answer = await agent.get(path);
      expect([path, answer.status]).toEqual([path, 400]);
    }
  });
});

describe("request deadlines at the dashboard", () => {
  it("closes a connection that trickles its form past HTTP_REQUEST_TIMEOUT_MS", async () => {
    const slow = await createTestDashboard({ HTTP_HEADERS_TIMEOUT_MS: "500", HTTP_REQUEST_TIMEOUT_MS: "800" });
    try {
      const result = await trickleRequest(slow.url, { path: "/login", giveUpMs: APP_CLOSE_BOUND_MS });
      expect(result.answer).toMatch(/HTTP\/1\.1 408 /);
    } finally {
      await slow.close();
    }
  });
});

describe("secrets in logs", () => {
  it("never logs an invitation's token with the path of a failed request", async () => {
    const lines: Array<Record<string, unknown>> = [];
    const log = createLogger("dashboard-test", "debug", {
      hooks: {
        logMethod(args) {
          const [first] = args as unknown[];
          if (typeof first === "object" && first !== null) lines.push(first as Record<string, unknown>);
        },
      },
    });
    const app = express();
    app.get("/invitations/:token", () => {
      throw new Error("boom");
    });
    app.use(errorHandler(log));
    const token = "inv_secretTokenValue123456789";
    const answer = await request(app).get(`/invitations/${token}`);
    expect(answer.status).toBe(500);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.path).toBe("/invitations/[redacted]");
    expect(JSON.stringify(lines)).not.toContain(token);
  });
});

describe("Postgres down at the dashboard", () => {
  it("answers a page with 503, not 500", async () => {
    const { createServer } = await import("node:net");
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise((resolve) => probe.close(resolve));
    const down = await createTestDashboard({ DATABASE_URL: `postgresql://postgres@127.0.0.1:${port}/svc` });
    try {
      // The throttle's Redis connection fails fast until it is ready: wait for it, so that only Postgres is down.
      for (let ready = false; !ready; ) {
        ready = (await request(down.url).get("/readyz")).body.checks?.redis === "ok";
        if (!ready) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const agent = request.agent(down.url);
      const form = await agent.get("/login").expect(200);
      const answer = await agent
        .post("/login")
        .type("form")
        .send({ _csrf: csrfFrom(form.text), email: "a@example.com", password: "whatever it is" });
      expect(answer.status).toBe(503);
      expect(answer.text).toContain("temporarily unavailable (database unreachable)");
    } finally {
      await down.close();
    }
  });
});
