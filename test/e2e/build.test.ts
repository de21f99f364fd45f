import { execFile, spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { loadEnv, webhookSecretEnv } from "@svc/config";
import { createWebhookSubscription, SecretBox } from "@svc/core";
import { verifyWebhook } from "@svc/webhooks";
import { z } from "zod";
import { TEST_DATABASE_URL } from "../support/env.ts";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../support/fixtures.ts";
import { type AppName, type Stack, startStack } from "../support/stack.ts";

/**
 * The production build: `pnpm build`'s output run with plain node, every app its own process,
 * one email end to end (API → sender → simulator → signed SNS → ingest → signed webhook); and
 * the built operator scripts (migrations, CLI) work on their own.
 */
const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const APPS: AppName[] = ["ingest", "api", "sender", "dispatcher", "dashboard"];

const handle = openTestDb();
let stack: Stack;
let fx: WorkspaceFixture;
let receiver: Server;
let secret: string;
const hooks: Array<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> = [];

beforeAll(async () => {
  // test/checks.test.ts type-checks the tree; this test needs the output.
  await run(path.join(root, "node_modules/.bin/tsx"), ["infra/scripts/build.ts", "--no-typecheck"], { cwd: root });

  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      hooks.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const port = (receiver.address() as { port: number }).port;

  stack = await startStack({ apps: APPS, runtime: "build" });
  fx = await createWorkspaceFixture(handle, { plan: "unlimited" });
  const box = new SecretBox(loadEnv(z.object(webhookSecretEnv), stack.env).WEBHOOK_SECRET_KEY);
  ({ secret } = await createWebhookSubscription(
    handle.prisma,
    box,
    { workspaceId: fx.workspaceId, url: `http://127.0.0.1:${port}/hooks`, events: ["delivered"] },
    { allowPrivate: true },
  ));
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
  await handle.close();
});

describe("the built apps (node apps/<app>/dist/main.js)", () => {
  it("run nothing through tsx", () => {
    for (const app of APPS) {
      const child = stack.apps[app]!.child;
      expect(child.spawnfile).toBe(process.execPath);
      expect(child.spawnargs.join(" ")).toContain(`apps/${app}/dist/main.js`);
    }
  });

  it("carry one email end to end, with a signed webhook", async () => {
    const sent = await fetch(`${stack.apiUrl}/emails`, {
      method: "POST",
      headers: { authorization: `Bearer ${fx.keys["full-access"]}`, "content-type": "application/json" },
      body: JSON.stringify({ from: `Acme <hello@${fx.domain}>`, to: ["someone@example.com"], subject: "Built", text: "Hi" }),
    });
    expect(sent.status).toBe(202);
    const { id } = (await sent.json()) as { id: string };

    const deadline = Date.now() + 30_000;
    let email: { status: string; events: Array<{ type: string }> } | undefined;
    while (Date.now() < deadline) {
      email = (await (
        await fetch(`${stack.apiUrl}/emails/${id}`, { headers: { authorization: `Bearer ${fx.keys["read-only"]}` } })
      ).json()) as typeof email;
      const hook = hooks.find((received) => received.body.toString().includes(id));
      if (email?.status === "delivered" && hook) {
        expect(email.events.map((event) => event.type)).toEqual(["sent", "delivered"]);
        expect(verifyWebhook({ rawBody: hook.body, headers: hook.headers, secret })).toMatchObject({ ok: true });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`email ${id} not delivered with its webhook: ${JSON.stringify(email)}`);
  });

  it("render templates in the pool's worker built beside each bundle: the API's render endpoint and the sender's handoff", async () => {
    const call = async (path: string, body: unknown) =>
      fetch(`${stack.apiUrl}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${fx.keys["full-access"]}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const template = { name: "Built", alias: "built", subject: "Hi {{ name }}", html: "<p>Hi {{ name }}</p>" };
    expect((await call("/templates", { ...template, variables: [{ name: "name", type: "string" }] })).status).toBe(201);
    expect((await call("/templates/built/publish", {})).status).toBe(201);
    const rendered = await call("/templates/built/render", { variables: { name: "Ann" } });
    expect(rendered.status).toBe(200);
    expect(await rendered.json()).toEqual({ subject: "Hi Ann", html: "<p>Hi Ann</p>", text: "Hi Ann" });

    const sent = await call("/emails", {
      from: `Acme <hello@${fx.domain}>`,
      to: ["someone@example.com"],
      template: { alias: "built", variables: { name: "Bo" } },
    });
    expect(sent.status).toBe(202);
    const { id } = (await sent.json()) as { id: string };
    const deadline = Date.now() + 30_000;
    let email: { status: string; subject: string } | undefined;
    while (Date.now() < deadline) {
      email = (await (
        await fetch(`${stack.apiUrl}/emails/${id}`, { headers: { authorization: `Bearer ${fx.keys["read-only"]}` } })
      ).json()) as typeof email;
      if (email && !["queued", "sending"].includes(email.status)) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(email?.status).toMatch(/^(sent|delivered)$/);
  });

  it("the MCP server's bundle answers over stdio: its tools listed, one called with a read-only key", async () => {
    const child = spawn(process.execPath, ["apps/mcp/dist/main.js"], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", SVC_API_KEY: fx.keys["read-only"], SVC_BASE_URL: stack.apiUrl },
    });
    try {
      const lines = createInterface({ input: child.stdout });
      type Answer = { id?: number; result?: { tools?: Array<{ name: string }>; content?: Array<{ text: string }> } };
      const answers = new Map<number, (message: Answer) => void>();
      lines.on("line", (line) => {
        const message = JSON.parse(line) as Answer;
        if (message.id !== undefined) answers.get(message.id)?.(message);
      });
      const ask = (id: number, method: string, params: unknown) =>
        new Promise<Answer>((resolve) => {
          answers.set(id, resolve);
          child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
        });
      await ask(1, "initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "build-test", version: "1" } });
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
      const listed = await ask(2, "tools/list", {});
      expect(listed.result?.tools?.map((tool) => tool.name)).toContain("send_email");
      const called = await ask(3, "tools/call", { name: "list_emails", arguments: { limit: 1 } });
      expect(Array.isArray(JSON.parse(called.result?.content?.[0]?.text ?? "null"))).toBe(true);
    } finally {
      child.kill();
    }
  });

  it("serve the dashboard's assets from beside the build", async () => {
    const response = await fetch(`${stack.apps.dashboard!.url}/assets/app.css`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/text\/css/);
  });
});

describe("the built operator scripts", () => {
  it("migrate: applies migrations (none pending here) and says the database is ready", async () => {
    const { stdout } = await run(process.execPath, ["infra/dist/migrate.js"], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: TEST_DATABASE_URL },
    });
    expect(stdout).toContain(`Database ready: ${new URL(TEST_DATABASE_URL).pathname.slice(1)}`);
  });

  it("cli: creates a workspace", async () => {
    const { stdout } = await run(process.execPath, ["packages/cli/dist/main.js", "workspace", "create", "--name", "Built CLI"], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: TEST_DATABASE_URL, LOG_LEVEL: "silent" },
    });
    const created = JSON.parse(stdout) as { id: string; name: string };
    expect(created).toMatchObject({ name: "Built CLI" });
    expect(await handle.prisma.workspace.findUnique({ where: { id: created.id } })).not.toBeNull();
  });
});
