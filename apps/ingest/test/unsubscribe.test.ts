import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { loadEnv, webhookSecretEnv } from "@svc/config";
import { UnsubscribeTokens } from "@svc/core";
import { z } from "zod";
import { testEnv } from "../../../test/support/env.ts";
import { createWorkspaceFixture, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { type IngestUnderTest, insertEmail, startIngest } from "./support.ts";

/**
 * The public one-click unsubscribe endpoint against real Postgres and Redis: what a valid token
 * does, and that nothing else (a forged or altered token, another workspace, a GET, an oversized
 * or wrong body, a flood) changes anything.
 */
const tokens = new UnsubscribeTokens(loadEnv(z.object(webhookSecretEnv), testEnv()).WEBHOOK_SECRET_KEY);
let ingest: IngestUnderTest;
let a: WorkspaceFixture;
let b: WorkspaceFixture;

beforeAll(async () => {
  ingest = await startIngest({ UNSUBSCRIBE_RATE_PER_MINUTE: "100000" });
  a = await createWorkspaceFixture(ingest.handle);
  b = await createWorkspaceFixture(ingest.handle);
});

afterAll(async () => {
  await ingest?.close();
});

const oneClick = (url: string, init: { body?: string; type?: string } = {}) =>
  fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": init.type ?? "application/x-www-form-urlencoded" },
    body: init.body ?? "List-Unsubscribe=One-Click",
  });

async function linkFor(fx: WorkspaceFixture, address: string, topic: string, emailWorkspace = fx) {
  const emailId = await insertEmail(ingest.handle, emailWorkspace);
  const token = tokens.sign({ workspaceId: fx.workspaceId, address, topic, emailId });
  return { emailId, token, url: `${ingest.url}/unsubscribe/${token}` };
}

const entriesOf = (workspaceId: string) => ingest.handle.prisma.topicSuppression.findMany({ where: { workspaceId } });
const eventsOf = (emailId: string) => ingest.handle.prisma.emailEvent.findMany({ where: { emailId } });

describe("one-click unsubscribe", () => {
  it("a GET shows a confirmation page that POSTs, and changes nothing", async () => {
    const link = await linkFor(a, "get@example.com", "news<b>");
    const response = await fetch(link.url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    const html = await response.text();
    expect(html).toContain('<form method="post">');
    expect(html).toContain('name="List-Unsubscribe" value="One-Click"');
    // The tenant's topic is text, never markup; the address is not shown.
    expect(html).toContain("news&#60;b&#62;");
    expect(html).not.toContain("get@example.com");
    expect(await entriesOf(a.workspaceId)).toEqual([]);
    expect(await eventsOf(link.emailId)).toEqual([]);
  });

  it("a POST suppresses the recipient for the topic and records one unsubscribed event; a repeat changes nothing", async () => {
    const link = await linkFor(a, "post@example.com", "newsletter");
    const response = await oneClick(link.url);
    expect(response.status).toBe(200);
    expect(response.headers.get("location")).toBeNull();
    expect(await response.text()).toBe("You are unsubscribed.\n");
    const again = await Promise.all([oneClick(link.url), oneClick(link.url)]);
    expect(again.map((r) => r.status)).toEqual([200, 200]);
    const entries = (await entriesOf(a.workspaceId)).filter((e) => e.address === "post@example.com");
    expect(entries).toEqual([expect.objectContaining({ topic: "newsletter", emailId: link.emailId })]);
    const events = await eventsOf(link.emailId);
    expect(events.map((e) => e.type)).toEqual(["unsubscribed"]);
    expect(JSON.parse(events[0]!.payloadJson)).toEqual({ source: "svc", topic: "newsletter", recipient: "post@example.com" });
    // The address never reaches a log line.
    expect(JSON.stringify(ingest.logs)).not.toContain("post@example.com");
  });

  it("a forged or altered token is a 400 with {error, code} and changes nothing", async () => {
    const link = await linkFor(a, "forged@example.com", "newsletter");
    const forger = new UnsubscribeTokens("another install's secret, 32 bytes or more");
    const forged = forger.sign({ workspaceId: a.workspaceId, address: "forged@example.com", topic: "newsletter", emailId: link.emailId });
    const body = link.token.slice(3);
    const flipped = `u1.${body.slice(0, 10)}${body[10] === "A" ? "B" : "A"}${body.slice(11)}`;
    for (const token of [forged, flipped, "u1.AAAA", "nonsense", `u1.${"A".repeat(2000)}`]) {
      for (const response of [await oneClick(`${ingest.url}/unsubscribe/${token}`), await fetch(`${ingest.url}/unsubscribe/${token}`)]) {
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({ error: "This unsubscribe link is not valid.", code: "bad_request" });
      }
    }
    // Malformed escapes and NULs in the path: 400, never a router's error.
    for (const path of ["/unsubscribe/%ff", "/unsubscribe/u1.%00AAAA"]) {
      const response = await oneClick(`${ingest.url}${path}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: expect.any(String) });
    }
    expect((await entriesOf(a.workspaceId)).filter((e) => e.address === "forged@example.com")).toEqual([]);
    expect(await eventsOf(link.emailId)).toEqual([]);
  });

  it("a token of workspace A suppresses in A only, and never touches B's email", async () => {
    // A's token naming B's email id: the workspace is the signed one, and B's email is not A's.
    const link = await linkFor(a, "cross@example.com", "newsletter", b);
    expect((await oneClick(link.url)).status).toBe(200);
    expect((await entriesOf(a.workspaceId)).filter((e) => e.address === "cross@example.com")).toHaveLength(1);
    expect(await entriesOf(b.workspaceId)).toEqual([]);
    expect(await eventsOf(link.emailId)).toEqual([]);
  });

  it("refuses an oversized body (413), another content type (415) and another body (400), changing nothing", async () => {
    const link = await linkFor(a, "body@example.com", "newsletter");
    const big = await oneClick(link.url, { body: `List-Unsubscribe=One-Click&pad=${"x".repeat(4096)}` });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ code: "payload_too_large" });
    const json = await oneClick(link.url, { type: "application/json", body: '{"List-Unsubscribe":"One-Click"}' });
    expect(json.status).toBe(415);
    expect(await json.json()).toMatchObject({ code: "unsupported_media_type" });
    const other = await oneClick(link.url, { body: "List-Unsubscribe=Later" });
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ code: "bad_request" });
    expect((await entriesOf(a.workspaceId)).filter((e) => e.address === "body@example.com")).toEqual([]);
  });

  it("accepts RFC 8058's multipart/form-data form", async () => {
    const link = await linkFor(a, "multipart@example.com", "newsletter");
    const form = new FormData();
    form.set("List-Unsubscribe", "One-Click");
    const response = await fetch(link.url, { method: "POST", body: form });
    expect(response.status).toBe(200);
    expect((await entriesOf(a.workspaceId)).filter((e) => e.address === "multipart@example.com")).toHaveLength(1);
  });
});

describe("the unsubscribe rate limit", () => {
  let limited: IngestUnderTest;
  beforeAll(async () => {
    limited = await startIngest({ UNSUBSCRIBE_RATE_PER_MINUTE: "3" });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it("answers 429 past the per-client limit, before reading the token", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await fetch(`${limited.url}/unsubscribe/u1.nonsense`)).status);
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
  });
});
