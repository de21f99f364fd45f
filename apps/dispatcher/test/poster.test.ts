import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "@jest/globals";
import { createWebhookPoster, type WebhookPoster } from "../src/poster.ts";

/** An endpoint on loopback that counts the connections and requests it sees, answering with `handle`. */
async function endpoint(handle: (request: IncomingMessage, response: ServerResponse, requestOnConnection: number) => void) {
  const seen = { connections: 0, requests: 0 };
  const server: Server = createServer((request, response) => {
    seen.requests += 1;
    const socket = request.socket as typeof request.socket & { served?: number };
    socket.served = (socket.served ?? 0) + 1;
    request.resume();
    request.on("end", () => handle(request, response, socket.served ?? 1));
  });
  server.on("connection", () => {
    seen.connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return {
    url,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const ok = (_request: IncomingMessage, response: ServerResponse) => response.end("ok");

describe("webhook poster connections", () => {
  let poster: WebhookPoster | undefined;
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    poster?.close();
    await close?.();
  });

  test("attempts to one endpoint share a kept-alive connection", async () => {
    const server = await endpoint(ok);
    close = server.close;
    poster = createWebhookPoster({ timeoutMs: 5_000, allowPrivate: true });
    for (let i = 0; i < 5; i++) {
      const answer = await poster.post(server.url, `{"n":${i}}`, { "content-type": "application/json" });
      expect(answer.statusCode).toBe(200);
      expect(answer.responseExcerpt).toBe("ok");
    }
    expect(server.seen).toEqual({ connections: 1, requests: 5 });
  });

  test("a request lost on a connection the endpoint closed while we reused it is sent again on a new one", async () => {
    // The endpoint answers the first request of a connection and drops the connection at its second,
    // as a server does whose idle timeout fires just as the request arrives.
    const server = await endpoint((request, response, requestOnConnection) => {
      if (requestOnConnection > 1) request.socket.destroy();
      else response.end("ok");
    });
    close = server.close;
    poster = createWebhookPoster({ timeoutMs: 5_000, allowPrivate: true });
    expect((await poster.post(server.url, "{}", {})).statusCode).toBe(200);
    const answer = await poster.post(server.url, "{}", {});
    expect(answer).toMatchObject({ statusCode: 200, error: null, responseExcerpt: "ok" });
    expect(server.seen).toEqual({ connections: 2, requests: 3 });
  });

  test("a connection dropped on its first request is a failed attempt, not sent again", async () => {
    const server = await endpoint((request) => request.socket.destroy());
    close = server.close;
    poster = createWebhookPoster({ timeoutMs: 5_000, allowPrivate: true });
    const answer = await poster.post(server.url, "{}", {});
    expect(answer.statusCode).toBeNull();
    expect(answer.error).toMatch(/socket hang up|ECONNRESET/);
    expect(server.seen).toEqual({ connections: 1, requests: 1 });
  });

  test("an answer cut short after its first 2 KB does not keep the connection for the next attempt", async () => {
    const server = await endpoint((_request, response) => {
      response.write("x".repeat(4096));
      setTimeout(() => response.end(), 50);
    });
    close = server.close;
    poster = createWebhookPoster({ timeoutMs: 5_000, allowPrivate: true });
    const first = await poster.post(server.url, "{}", {});
    expect(first.statusCode).toBe(200);
    expect(first.responseExcerpt).toHaveLength(2048);
    expect((await poster.post(server.url, "{}", {})).statusCode).toBe(200);
    expect(server.seen).toEqual({ connections: 2, requests: 2 });
  });
});
