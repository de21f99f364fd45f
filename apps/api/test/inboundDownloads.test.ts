import { createHash } from "node:crypto";
import { get } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { newTimeId } from "@svc/db";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { groupRssBytes, type Stack, startStack } from "../../../test/support/stack.ts";
import { bearer } from "./harness.ts";

const MB = 1024 * 1024;
const handle = openTestDb();
let stack: Stack;
let fx: WorkspaceFixture;
let other: WorkspaceFixture;
let inboundId: string;
const raw = Buffer.alloc(30 * MB, "a");
const attachment = Buffer.alloc(30 * MB, 7);
const digest = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

// The api in its own process, so that its memory is measured alone; one received message of
// 30 MB with a 30 MB attachment, both in PostgreSQL (the default file store).
beforeAll(async () => {
  stack = await startStack({ apps: ["api"] });
  fx = await createWorkspaceFixture(handle);
  other = await createWorkspaceFixture(handle);
  inboundId = newTimeId("inbound", new Date());
  await handle.prisma.inboundEmail.create({
    data: {
      id: inboundId,
      workspaceId: fx.workspaceId,
      source: "mx",
      mailFrom: "a@sender.test",
      rcptTo: ["support@reply.test"],
      attachments: [{ filename: "big.bin", contentType: "application/octet-stream", size: attachment.length }],
      raw: new Uint8Array(raw),
      size: raw.length,
      receivedAt: new Date(),
      contents: { create: [{ position: 0, content: new Uint8Array(attachment) }] },
    },
  });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await handle.close();
});

/** Downloads a path, keeping only its length and digest (the test process holds no copy either). */
function download(path: string, key: string): Promise<{ status: number; bytes: number; sha256: string }> {
  return new Promise((resolve, reject) => {
    // A connection per download: a kept-alive socket the server closes as it is reused ends
    // the request with "socket hang up", which says nothing about the route.
    const request = get(`${stack.apiUrl}${path}`, { headers: bearer(key), agent: false }, (res) => {
      const hash = createHash("sha256");
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
        hash.update(chunk);
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes, sha256: hash.digest("hex") }));
      res.on("error", reject);
    });
    request.on("error", reject);
  });
}

describe("inbound downloads", () => {
  it("streams a burst of 16 downloads of a 30 MB message and its 30 MB attachment exactly: the api's RSS grows by less than 120 MB", async () => {
    const key = fx.keys["read-only"];
    // Warm up the route once.
    expect((await download(`/inbound/${inboundId}/raw`, key)).sha256).toBe(digest(raw));
    const api = stack.apps.api!;
    const before = groupRssBytes(api);
    let peak = before;
    const timer = setInterval(() => {
      peak = Math.max(peak, groupRssBytes(api));
    }, 50);
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, n) =>
        download(n % 2 === 0 ? `/inbound/${inboundId}/raw` : `/inbound/${inboundId}/attachments/0`, key),
      ),
    );
    clearInterval(timer);
    for (const [n, answer] of answers.entries()) {
      expect(answer.status).toBe(200);
      expect(answer.sha256).toBe(n % 2 === 0 ? digest(raw) : digest(attachment));
    }
    // Held whole (twice each), the burst would take about 1.9 GB.
    expect(peak - before).toBeLessThan(120 * MB);
  }, 180_000);

  it("is 404 to another workspace, for the raw message and the attachment", async () => {
    const key = other.keys["read-only"];
    expect((await download(`/inbound/${inboundId}/raw`, key)).status).toBe(404);
    expect((await download(`/inbound/${inboundId}/attachments/0`, key)).status).toBe(404);
    expect((await download(`/inbound/${inboundId}/attachments/1`, fx.keys["read-only"])).status).toBe(404);
  });
});
