/**
 * Example: a webhook receiver on plain node:http with the SDK's verifier.
 *
 *   WEBHOOK_SECRET=whsec_… PORT=4000 npx tsx examples/webhook-receiver.ts
 *
 * What matters: verify the RAW body bytes (never a parsed and re-serialised object), answer 2xx
 * at once and work afterwards (an answer slower than 10 s is a failure and is retried), and
 * deduplicate on X-Service-Delivery-Id (a delivery can arrive more than once).
 */
import { createServer, type Server } from "node:http";
import { pathToFileURL } from "node:url";
import { constructWebhookEvent, type WebhookEvent, WebhookVerificationError } from "@svc/sdk";

const MAX_BODY_BYTES = 1024 * 1024;

export function createWebhookReceiver(secret: string, handle: (event: WebhookEvent) => Promise<void> | void): Server {
  // In production keep handled ids in your database, with a unique key, in the same transaction as the work.
  const handled = new Set<string>();
  return createServer((req, res) => {
    if (req.method !== "POST") return void res.writeHead(405).end();
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy();
      else chunks.push(chunk);
    });
    req.on("end", () => {
      let event: WebhookEvent;
      try {
        event = constructWebhookEvent({ rawBody: Buffer.concat(chunks), headers: req.headers, secret });
      } catch (error) {
        if (!(error instanceof WebhookVerificationError)) throw error;
        res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ error: error.message, reason: error.reason }));
        return;
      }
      res.writeHead(200).end();
      if (handled.has(event.id)) return;
      handled.add(event.id);
      void Promise.resolve(handle(event)).catch((error: unknown) => console.error("processing failed", event.id, error));
    });
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const secret = process.env.WEBHOOK_SECRET;
  if (!secret) throw new Error("Set WEBHOOK_SECRET to the subscription's signing secret.");
  const port = Number(process.env.PORT ?? 4000);
  createWebhookReceiver(secret, (event) => {
    console.log(`${event.data.event.type} for ${event.data.emailId} at ${event.data.event.eventTimestamp}${event.test ? " (test)" : ""}`);
  }).listen(port, () => console.log(`listening on http://localhost:${port}/`));
}
