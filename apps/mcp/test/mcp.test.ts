import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { newId } from "@svc/db";
import { Svc } from "@svc/sdk";
import { testEnv } from "../../../test/support/env.ts";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { freePort, type RunningApp, startApp } from "../../../test/support/stack.ts";
import { Confirmations, createMcpHttpApp } from "../src/index.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const handle = openTestDb();
let api: RunningApp;
let fx: WorkspaceFixture;
let other: WorkspaceFixture;
let mcp: { server: Server; url: URL; close(): Promise<void> };
const clients: Client[] = [];

beforeAll(async () => {
  api = await startApp("api", testEnv({ API_PORT: String(await freePort()), RETENTION_INTERVAL_SECONDS: "0" }), "API_PORT");
  fx = await createWorkspaceFixture(handle);
  other = await createWorkspaceFixture(handle);
  const { app, close } = createMcpHttpApp({
    baseUrl: api.url,
    readOnly: false,
    confirm: true,
    confirmations: new Confirmations(),
    maxSessions: 20,
    maxSessionsPerKey: 3,
    idleMs: 60_000,
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const address = server.address() as { port: number };
  mcp = { server, url: new URL(`http://127.0.0.1:${address.port}/mcp`), close };
}, 90_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  await mcp?.close();
  await new Promise((resolve) => mcp?.server.close(resolve));
  await api?.stop();
  await handle.close();
});

/** A client over Streamable HTTP with `key` as its bearer token; `confirmAs` answers elicitations when given. */
async function httpClient(key: string, confirmAs?: (message: string) => boolean): Promise<{ client: Client; asked: string[] }> {
  const asked: string[] = [];
  const client = new Client({ name: "test", version: "1.0.0" }, confirmAs ? { capabilities: { elicitation: {} } } : {});
  if (confirmAs) {
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params.message);
      return confirmAs(request.params.message) ? { action: "accept", content: { confirm: true } } : { action: "decline" };
    });
  }
  await client.connect(new StreamableHTTPClientTransport(mcp.url, { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
  clients.push(client);
  return { client, asked };
}

/** A client over stdio: the server as its own process, as an agent's host starts it. */
async function stdioClient(key: string, env: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: path.join(root, "node_modules/.bin/tsx"),
      args: [path.join(root, "apps/mcp/src/main.ts")],
      env: { PATH: process.env.PATH ?? "", SVC_API_KEY: key, SVC_BASE_URL: api.url, ...env },
      stderr: "pipe",
    }),
  );
  clients.push(client);
  return client;
}

type ToolAnswer = { isError?: boolean; content: Array<{ type: string; text?: string }>; structuredContent?: Record<string, unknown> };
const textOf = (answer: unknown) => (answer as ToolAnswer).content.map((part) => part.text ?? "").join("\n");
const emailsWithSubject = (workspaceId: string, subject: string) =>
  handle.prisma.email.count({ where: { organizationId: workspaceId, subject } });

describe("the MCP server", () => {
  it("lists its tools over stdio, and in read-only mode only those that change nothing", async () => {
    const full = await stdioClient(fx.keys["full-access"]);
    const names = (await full.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "send_email",
        "send_batch",
        "send_template",
        "get_email",
        "list_emails",
        "replay_webhook_deliveries",
        "list_inbound",
      ]),
    );
    const readOnly = await stdioClient(fx.keys["full-access"], { MCP_READ_ONLY: "true" });
    const readOnlyTools = (await readOnly.listTools()).tools;
    expect(readOnlyTools.map((tool) => tool.name)).toContain("get_email");
    expect(readOnlyTools.map((tool) => tool.name)).not.toContain("send_email");
    expect(readOnlyTools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
  }, 60_000);

  it("sends over stdio with a send-only key, and the email is the key's workspace's", async () => {
    const client = await stdioClient(fx.keys["send-only"]);
    const subject = `mcp stdio ${newId("email")}`;
    const answer = await client.callTool({
      name: "send_email",
      arguments: { from: `Acme <hello@${fx.domain}>`, to: ["one@example.org"], subject, text: "Hi" },
    });
    expect(answer.isError).toBeFalsy();
    expect(JSON.parse(textOf(answer))).toMatchObject({ id: expect.stringMatching(/^email_/), status: "queued" });
    expect(await emailsWithSubject(fx.workspaceId, subject)).toBe(1);
  }, 60_000);

  it("sends over Streamable HTTP with a send-only key; the same key cannot read, and the tool error names its scope", async () => {
    const { client } = await httpClient(fx.keys["send-only"]);
    const subject = `mcp http ${newId("email")}`;
    const sent = await client.callTool({
      name: "send_email",
      arguments: { from: `Acme <hello@${fx.domain}>`, to: ["one@example.org"], subject, text: "Hi" },
    });
    const { id } = JSON.parse(textOf(sent)) as { id: string };
    expect(await emailsWithSubject(fx.workspaceId, subject)).toBe(1);
    const read = await client.callTool({ name: "get_email", arguments: { id } });
    expect(read.isError).toBe(true);
    expect(textOf(read)).toMatch(/scope send-only/);
    expect(textOf(read)).not.toContain(fx.keys["send-only"]);
  });

  it("refuses a replay with a read-only key, naming the scope, before anything is replayed", async () => {
    const subscription = await new Svc({ apiKey: fx.keys["full-access"], baseUrl: api.url }).webhooks.create({
      url: "https://hooks.example.org/mcp",
      events: ["delivered"],
    });
    const { client } = await httpClient(fx.keys["read-only"], () => true);
    const answer = await client.callTool({
      name: "replay_webhook_deliveries",
      arguments: { subscription: subscription.id, request: { kind: "failed_since", since: "2026-01-01T00:00:00Z" } },
    });
    expect(answer.isError).toBe(true);
    expect(textOf(answer)).toMatch(/scope read-only/);
    expect(await handle.prisma.webhookReplay.count({ where: { subscriptionId: subscription.id } })).toBe(0);
  });

  it("asks for a confirmation before a 3-recipient send: declined sends nothing, accepted sends once", async () => {
    const arguments_ = (subject: string) => ({
      from: `Acme <hello@${fx.domain}>`,
      to: ["a@example.org", "b@example.org"],
      cc: ["c@example.org"],
      subject,
      text: "Hi all",
    });
    const no = await httpClient(fx.keys["send-only"], () => false);
    const declinedSubject = `mcp declined ${newId("email")}`;
    const declined = await no.client.callTool({ name: "send_email", arguments: arguments_(declinedSubject) });
    expect(no.asked).toHaveLength(1);
    expect(no.asked[0]).toMatch(/3 recipients/);
    expect(declined.isError).toBe(true);
    expect(await emailsWithSubject(fx.workspaceId, declinedSubject)).toBe(0);

    const yes = await httpClient(fx.keys["send-only"], () => true);
    const acceptedSubject = `mcp accepted ${newId("email")}`;
    const accepted = await yes.client.callTool({ name: "send_email", arguments: arguments_(acceptedSubject) });
    expect(yes.asked).toHaveLength(1);
    expect(accepted.isError).toBeFalsy();
    expect(await emailsWithSubject(fx.workspaceId, acceptedSubject)).toBe(1);

    // One recipient asks nothing.
    const single = await yes.client.callTool({
      name: "send_email",
      arguments: { ...arguments_(`mcp single ${newId("email")}`), to: ["a@example.org"], cc: [] },
    });
    expect(single.isError).toBeFalsy();
    expect(yes.asked).toHaveLength(1);
  });

  it("without elicitation, a many-recipient send needs the token its first answer gives, for exactly those arguments", async () => {
    const client = await stdioClient(fx.keys["send-only"]);
    const subject = `mcp token ${newId("email")}`;
    const args = { from: `Acme <hello@${fx.domain}>`, to: ["a@example.org", "b@example.org"], subject, text: "Hi" };
    const first = (await client.callTool({ name: "send_email", arguments: args })) as ToolAnswer;
    expect(first.structuredContent).toMatchObject({ confirmationRequired: true });
    expect(await emailsWithSubject(fx.workspaceId, subject)).toBe(0);
    const token = first.structuredContent!.confirmationToken as string;

    // The token does not carry over to other arguments.
    const changed = (await client.callTool({
      name: "send_email",
      arguments: { ...args, to: [...args.to, "c@example.org"], confirmationToken: token },
    })) as ToolAnswer;
    expect(changed.structuredContent).toMatchObject({ confirmationRequired: true });
    expect(await emailsWithSubject(fx.workspaceId, subject)).toBe(0);

    const confirmed = await client.callTool({ name: "send_email", arguments: { ...args, confirmationToken: token } });
    expect(confirmed.isError).toBeFalsy();
    expect(await emailsWithSubject(fx.workspaceId, subject)).toBe(1);
  }, 60_000);

  it("a key reads only its own workspace: another workspace's email is not found", async () => {
    const subject = `mcp other ${newId("email")}`;
    const sender = await httpClient(other.keys["send-only"]);
    const sent = await sender.client.callTool({
      name: "send_email",
      arguments: { from: `Other <hi@${other.domain}>`, to: ["x@example.org"], subject, text: "Hi" },
    });
    const { id } = JSON.parse(textOf(sent)) as { id: string };
    const { client } = await httpClient(fx.keys["read-only"]);
    const read = await client.callTool({ name: "get_email", arguments: { id } });
    expect(read.isError).toBe(true);
    expect(textOf(read)).toMatch(/HTTP 404/);
  });

  it("refuses a request without a key, with an unknown key, or on another key's session; caps sessions per key", async () => {
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
    };
    const post = (headers: Record<string, string>, body: unknown = initialize) =>
      fetch(mcp.url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
    expect((await post({})).status).toBe(401);
    const unknown = await post({ authorization: "Bearer svc_live_notakeyatall000000000000000000" });
    expect(unknown.status).toBe(401);
    expect(await unknown.text()).not.toContain("notakeyatall");
    expect((await post({ authorization: `Bearer ${fx.keys["read-only"]}` }, "{not json")).status).toBe(400);

    // A session opened with one key is not found with another.
    const opened = await post({ authorization: `Bearer ${other.keys["full-access"]}` });
    const sessionId = opened.headers.get("mcp-session-id");
    expect(sessionId).toBeTruthy();
    const hijack = await post(
      { authorization: `Bearer ${fx.keys["full-access"]}`, "mcp-session-id": sessionId! },
      { jsonrpc: "2.0", id: 2, method: "tools/list" },
    );
    expect(hijack.status).toBe(404);

    // maxSessionsPerKey is 3: this key already has one open; two more, then 429.
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await post({ authorization: `Bearer ${other.keys["full-access"]}` })).status);
    expect(statuses).toEqual([200, 200, 429]);
  });
});
