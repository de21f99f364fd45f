import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { newId } from "@svc/db";
import { PREFIX, registry } from "@svc/metrics";
import request from "supertest";
import { createWorkspaceFixture, openTestDb } from "../../../test/support/fixtures.ts";
import { BODY_MEMORY_FACTOR } from "../src/middleware/bodyBudget.ts";
import { type ApiInstance, bearer, sendBody, startApi } from "./harness.ts";

const MB = 1024 * 1024;
const handle = openTestDb();
const db = handle.prisma;
let api: ApiInstance;

// 20 MB for bodies, 10 MB per workspace: a 1 MB file's body (1.4 MB) is charged five times its size.
beforeAll(async () => {
  api = await startApi({ API_BODY_MEMORY_BUDGET_MB: "20", API_BODY_BUDGET_WORKSPACE_SHARE: "0.5" });
});
afterAll(async () => {
  await api.close();
  await handle.close();
});

const withFile = (domain: string, bytes: number) =>
  sendBody(domain, { attachments: [{ filename: "scan.pdf", content: Buffer.alloc(bytes, 7).toString("base64") }] });

/** Bytes the api (in this process) has charged to bodies in flight, as its metric reports them. */
async function bytesHeld(): Promise<number> {
  const gauge = await registry.getSingleMetric(`${PREFIX}api_body_budget_held_bytes`)?.get();
  return gauge?.values[0]?.value ?? 0;
}

/**
 * A send whose body is only half written until `finish` is called: it holds its charge meanwhile.
 * `charged` resolves once the api has charged it, so that no later request can take its place.
 */
function halfSentSend(url: string, key: string, body: string): { charged: () => Promise<void>; finish: () => Promise<number> } {
  const target = new URL("/emails", url);
  const bytes = Buffer.from(body);
  let answered: (status: number) => void;
  const status = new Promise<number>((resolve) => (answered = resolve));
  const req = httpRequest(
    {
      host: target.hostname,
      port: target.port,
      path: target.pathname,
      method: "POST",
      headers: { ...bearer(key), "content-type": "application/json", "content-length": bytes.length },
    },
    (res) => {
      res.resume();
      answered(res.statusCode ?? 0);
    },
  );
  req.write(bytes.subarray(0, bytes.length >> 1));
  return {
    charged: async () => {
      for (let waited = 0; (await bytesHeld()) < bytes.length * BODY_MEMORY_FACTOR; waited += 20) {
        if (waited > 10_000) throw new Error("the half-sent body was never charged");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    finish: () => {
      req.end(bytes.subarray(bytes.length >> 1));
      return status;
    },
  };
}

describe("the body budget", () => {
  it("answers 503 server_busy with Retry-After past a workspace's share, never 500, and every 202 has its email", async () => {
    const fx = await createWorkspaceFixture(handle, { plan: "unlimited" });
    const send = () =>
      request(api.url)
        .post("/emails")
        .set(bearer(fx.keys["send-only"]))
        .send(withFile(fx.domain, 1 * MB));
    const accepted: string[] = [];
    // A body held half-sent takes the workspace's share for as long as the test needs.
    const held = halfSentSend(api.url, fx.keys["send-only"], JSON.stringify(withFile(fx.domain, 1 * MB)));
    let answers: Awaited<ReturnType<typeof send>>[] = [];
    try {
      await held.charged();
      for (let i = 0; ; i++) {
        const probe = await send();
        if (probe.status === 503) break;
        expect(probe.status).toBe(202);
        accepted.push(probe.body.id as string);
        if (i > 50) throw new Error("the half-sent body was never charged");
      }
      answers = await Promise.all(Array.from({ length: 8 }, send));
    } finally {
      const status = await held.finish();
      expect(status).toBe(202);
    }
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ error: expect.stringContaining("memory"), code: "server_busy" });
      expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
    }
    // Room again once the held body is answered; nothing refused was written, everything accepted was.
    const after = await send();
    expect(after.status).toBe(202);
    accepted.push(after.body.id as string);
    expect(await db.email.count({ where: { id: { in: accepted } } })).toBe(accepted.length);
    expect(await db.email.count({ where: { organizationId: fx.workspaceId } })).toBe(accepted.length + 1);
  });

  it("keeps room for another workspace while one holds its share, and gives the room back after the answer", async () => {
    const greedy = await createWorkspaceFixture(handle, { plan: "unlimited" });
    const other = await createWorkspaceFixture(handle, { plan: "unlimited" });
    const held = halfSentSend(api.url, greedy.keys["send-only"], JSON.stringify(withFile(greedy.domain, 1 * MB)));
    try {
      await held.charged();
      // Wait until the half-sent body is charged: the greedy workspace's next send is refused.
      for (let i = 0; ; i++) {
        const probe = await request(api.url)
          .post("/emails")
          .set(bearer(greedy.keys["send-only"]))
          .send(withFile(greedy.domain, 1 * MB));
        if (probe.status === 503) break;
        expect(probe.status).toBe(202);
        if (i > 50) throw new Error("the half-sent body was never charged");
      }
      const small = await request(api.url)
        .post("/emails")
        .set(bearer(other.keys["send-only"]))
        .send(withFile(other.domain, 1 * MB));
      expect(small.status).toBe(202);
    } finally {
      expect(await held.finish()).toBe(202);
    }
    const after = await request(api.url)
      .post("/emails")
      .set(bearer(greedy.keys["send-only"]))
      .send(withFile(greedy.domain, 1 * MB));
    expect(after.status).toBe(202);
  });

  it("answers a small send that finds its workspace's share full 503 server_busy, never 500", async () => {
    const greedy = await createWorkspaceFixture(handle, { plan: "unlimited" });
    // A body charged just under the workspace's 10 MB share, leaving less room than a small send needs.
    const overhead = JSON.stringify(withFile(greedy.domain, 0)).length;
    const fileBytes = Math.floor(((Math.floor((10 * MB) / BODY_MEMORY_FACTOR) - 60 - overhead) / 4) * 3);
    const body = JSON.stringify(withFile(greedy.domain, fileBytes));
    expect(10 * MB - body.length * BODY_MEMORY_FACTOR).toBeLessThan(JSON.stringify(sendBody(greedy.domain)).length * BODY_MEMORY_FACTOR);
    const held = halfSentSend(api.url, greedy.keys["send-only"], body);
    try {
      await held.charged();
      // A small body arrives whole with its headers: it is answered without waiting for it to be read.
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          request(api.url).post("/emails").set(bearer(greedy.keys["send-only"])).send(sendBody(greedy.domain)),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual([503, 503, 503, 503, 503]);
      expect(answers.every((answer) => answer.body.code === "server_busy" && answer.headers["retry-after"] !== undefined)).toBe(true);
    } finally {
      expect(await held.finish()).toBe(202);
    }
  });

  it("gives back the charge of a chunked body the client abandons", async () => {
    const fx = await createWorkspaceFixture(handle, { plan: "unlimited" });
    const target = new URL("/emails", api.url);
    await new Promise<void>((resolve) => {
      const req = httpRequest({
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        headers: { ...bearer(fx.keys["send-only"]), "content-type": "application/json", "transfer-encoding": "chunked" },
      });
      req.on("error", () => resolve());
      req.write('{"from": ');
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 300);
    });
    for (let waited = 0; (await bytesHeld()) > 0; waited += 50) {
      if (waited > 5_000) throw new Error(`still held: ${await bytesHeld()} bytes`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const after = await request(api.url).post("/emails").set(bearer(fx.keys["send-only"])).send(sendBody(fx.domain));
    expect(after.status).toBe(202);
  });

  it("gives back the charge of a chunked body the parser refuses while the key is looked up", async () => {
    const fx = await createWorkspaceFixture(handle, { plan: "unlimited" });
    const { port } = new URL(api.url);
    const head = [
      "POST /emails HTTP/1.1",
      "Host: 127.0.0.1",
      "Connection: close",
      `Authorization: Bearer ${fx.keys["send-only"]}`,
      "Content-Type: application/json",
      "Transfer-Encoding: chunked",
    ].join("\r\n");
    for (let i = 0; i < 5; i++) {
      await new Promise<void>((resolve) => {
        const socket = connect(Number(port), "127.0.0.1", () => socket.write(`${head}\r\n\r\nzz\r\nnot-hex\r\n`));
        socket.on("data", () => socket.destroy());
        socket.on("close", () => resolve());
        socket.on("error", () => resolve());
      });
    }
    for (let waited = 0; (await bytesHeld()) > 0; waited += 50) {
      if (waited > 5_000) throw new Error(`still held: ${await bytesHeld()} bytes`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const after = await request(api.url).post("/emails").set(bearer(fx.keys["send-only"])).send(sendBody(fx.domain));
    expect(after.status).toBe(202);
  });

  it("does not charge bodiless requests: reads go on while the budget is full", async () => {
    const fx = await createWorkspaceFixture(handle, { plan: "unlimited" });
    const held = halfSentSend(api.url, fx.keys["full-access"], JSON.stringify(withFile(fx.domain, 3.5 * MB)));
    await held.charged();
    expect((await request(api.url).get("/emails").set(bearer(fx.keys["full-access"]))).status).toBe(200);
    expect(await held.finish()).toBe(202);
  });
});

describe("the quota of attachment bytes held for unsent emails", () => {
  /** A scheduled email of the workspace holding `bytes` of files, written by Postgres itself (compressible, so small on disk). */
  async function holdFiles(workspaceId: string, keyId: string, bytes: number): Promise<string> {
    const id = newId("email");
    await db.email.create({
      data: {
        id,
        organizationId: workspaceId,
        apiKeyId: keyId,
        environment: "live",
        from: "a@example.com",
        to: ["b@example.com"],
        subject: "held",
        text: "x",
        status: "scheduled",
        scheduledAt: new Date(Date.now() + 24 * 3600 * 1000),
        attachments: [{ filename: "big.bin", contentType: "application/octet-stream", contentId: null, size: bytes }],
      },
    });
    await db.$executeRaw`INSERT INTO email_attachments ("emailId", position, content) VALUES (${id}, 0, convert_to(repeat('a', ${bytes}::int), 'UTF8'))`;
    return id;
  }

  it("refuses a send whose files would pass the Free plan's quota with 422 attachment_quota_exceeded, and takes it once the held email is canceled", async () => {
    const fx = await createWorkspaceFixture(handle, { plan: "free" });
    const heldId = await holdFiles(fx.workspaceId, fx.keyIds["full-access"], 255.5 * MB);

    const refused = await request(api.url)
      .post("/emails")
      .set(bearer(fx.keys["full-access"]))
      .send(withFile(fx.domain, 1 * MB));
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      error: expect.stringContaining("256 MB"),
      code: "attachment_quota_exceeded",
      quotaBytes: 256 * MB,
      heldBytes: 255.5 * MB,
    });
    expect(await db.email.count({ where: { organizationId: fx.workspaceId } })).toBe(1);

    // Without files, the quota is not asked.
    expect((await request(api.url).post("/emails").set(bearer(fx.keys["full-access"])).send(sendBody(fx.domain))).status).toBe(202);
    // Another workspace is not affected by this one's files.
    const other = await createWorkspaceFixture(handle, { plan: "free" });
    expect(
      (
        await request(api.url)
          .post("/emails")
          .set(bearer(other.keys["full-access"]))
          .send(withFile(other.domain, 1 * MB))
      ).status,
    ).toBe(202);

    expect((await request(api.url).post(`/emails/${heldId}/cancel`).set(bearer(fx.keys["full-access"]))).status).toBe(200);
    expect(
      (
        await request(api.url)
          .post("/emails")
          .set(bearer(fx.keys["full-access"]))
          .send(withFile(fx.domain, 1 * MB))
      ).status,
    ).toBe(202);
  });
});
