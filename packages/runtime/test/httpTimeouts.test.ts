import type { Server } from "node:http";
import { afterEach, describe, expect, it } from "@jest/globals";
import { trickleRequest } from "../../../test/support/trickle.ts";
import { closeServer, createHealthServer, createHttpServer, listen } from "../src/index.ts";

let server: Server | null = null;
afterEach(async () => {
  server?.closeAllConnections();
  if (server) await closeServer(server);
  server = null;
});

async function serve(created: Server): Promise<string> {
  server = created;
  return `http://127.0.0.1:${await listen(created, 0, "127.0.0.1")}`;
}

describe("HTTP server deadlines", () => {
  it("closes a connection whose body trickles past the request deadline, with a 408", async () => {
    const url = await serve(
      createHttpServer((req, res) => req.resume().on("end", () => res.end("ok")), { headersTimeoutMs: 500, requestTimeoutMs: 800 }),
    );
    const result = await trickleRequest(url, { giveUpMs: 5000 });
    expect(result.closedAfterMs).toBeGreaterThanOrEqual(700);
    expect(result.closedAfterMs).toBeLessThan(2000);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it("closes a connection whose headers trickle past the headers deadline", async () => {
    const url = await serve(createHttpServer((_req, res) => res.end("ok"), { headersTimeoutMs: 500, requestTimeoutMs: 5000 }));
    const result = await trickleRequest(url, { giveUpMs: 4000, trickleHeaders: true, intervalMs: 50 });
    expect(result.closedAfterMs).toBeLessThan(1500);
  });

  it("applies the same deadlines to the workers' health servers", async () => {
    const url = await serve(createHealthServer([], { headersTimeoutMs: 500, requestTimeoutMs: 800 }));
    const result = await trickleRequest(url, { path: "/healthz", giveUpMs: 5000 });
    expect(result.closedAfterMs).toBeLessThan(2000);
  });
});
