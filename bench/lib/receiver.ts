import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { performance } from "node:perf_hooks";
import { verifyWebhook } from "@svc/webhooks";

export interface Arrival {
  emailId: string;
  eventType: string;
  /** performance.now() when the request body was complete. */
  at: number;
}

export interface Receiver {
  url: string;
  /** First arrival per delivery id (retries of one delivery are counted in `duplicates`). */
  readonly arrivals: Map<string, Arrival>;
  /** Requests whose signature or body did not check out: must stay 0. */
  readonly invalid: number;
  readonly duplicates: number;
  /** Requests received, counting duplicates and the ones a hanging receiver never answers. */
  readonly requests: number;
  /** The subscription's signing secret, once the subscription (which needs this URL) exists. */
  setSecret(secret: string): void;
  /** Resolves when `count` distinct deliveries have arrived, or rejects when none arrive for `idleMs`. */
  waitFor(count: number, idleMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A subscriber's endpoint on loopback. A healthy receiver verifies each signature with the
 * customer-side verifier, notes the arrival and answers 200 at once. A hanging one reads the
 * request and never answers, so every attempt to it ends in the dispatcher's timeout.
 */
export async function startReceiver(options: { hang?: boolean } = {}): Promise<Receiver> {
  let secret: string | null = null;
  const arrivals = new Map<string, Arrival>();
  let invalid = 0;
  let duplicates = 0;
  let requests = 0;
  let lastProgress = performance.now();
  const sockets = new Set<Socket>();

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      requests += 1;
      if (options.hang) return; // never answered: the dispatcher's deadline ends the attempt
      const at = performance.now();
      const raw = Buffer.concat(chunks);
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
      if (!secret || !verifyWebhook({ rawBody: raw, headers: req.headers, secret }).ok) {
        invalid += 1;
        return;
      }
      try {
        const body = JSON.parse(raw.toString("utf8")) as { id: string; data: { emailId: string; event: { type: string } } };
        if (arrivals.has(body.id)) {
          duplicates += 1;
          return;
        }
        arrivals.set(body.id, { emailId: body.data.emailId, eventType: body.data.event.type, at });
        lastProgress = at;
      } catch {
        invalid += 1;
      }
    });
  };

  const server: Server = createServer(handle);
  server.keepAliveTimeout = 5_000;
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    arrivals,
    get invalid() {
      return invalid;
    },
    get duplicates() {
      return duplicates;
    },
    get requests() {
      return requests;
    },
    setSecret(value) {
      secret = value;
    },
    async waitFor(count, idleMs = 30_000) {
      lastProgress = performance.now();
      while (arrivals.size < count) {
        if (performance.now() - lastProgress > idleMs) {
          throw new Error(`receiver: ${arrivals.size}/${count} deliveries, none for ${idleMs} ms`);
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
