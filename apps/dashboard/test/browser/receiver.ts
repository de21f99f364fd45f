import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { listen } from "@svc/runtime";

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  status: number;
}

/**
 * A customer's webhook endpoint on loopback. It answers 500 to the first request of each
 * delivery id and 200 afterwards, so a delivery shows a failed attempt, a retry and a success.
 */
export async function startWebhookReceiver(): Promise<{ url: string; received: ReceivedWebhook[]; close(): Promise<void> }> {
  const received: ReceivedWebhook[] = [];
  const seen = new Set<string>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const id = String(req.headers["x-service-delivery-id"] ?? "");
      const status = seen.has(id) ? 200 : 500;
      seen.add(id);
      received.push({ headers: req.headers, rawBody: Buffer.concat(chunks), status });
      res.writeHead(status, { "content-type": "application/json" });
      res.end(status === 200 ? '{"received":true}' : '{"error":"temporarily unavailable"}');
    });
  });
  const port = await listen(server, 0, "127.0.0.1");
  return {
    url: `http://127.0.0.1:${port}/hooks/svc`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
