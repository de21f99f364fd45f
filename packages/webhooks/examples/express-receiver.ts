/**
 * Example: receiving Service webhooks with Express.
 *
 *   WEBHOOK_SECRET=whsec_… PORT=4000 npx tsx packages/webhooks/examples/express-receiver.ts
 *
 * Three things matter, and this file shows each:
 * 1. Verify against the RAW body bytes: `express.raw()` on this route, never `express.json()`
 *    (a re-serialised object does not match the signature).
 * 2. Answer 2xx at once and do the work afterwards: an answer slower than 10 seconds counts as
 *    a failure, and the delivery is sent again.
 * 3. Deduplicate on X-Service-Delivery-Id: a delivery can arrive more than once (retries after a
 *    timeout, a manual retry), always with the same id.
 */
import express, { type Express, type Request, type Response } from "express";
// In your application: import { verifyWebhook } from "@svc/webhooks";
import { verifyWebhook } from "../src/index.ts";

/** The body of every webhook (see the README). `test: true` marks a "send test event". */
export interface WebhookEvent {
  id: string;
  type: "email.event";
  createdAt: string;
  test?: true;
  data: {
    emailId: string;
    /** The email's tags, as given to POST /emails. */
    tags: Array<{ name: string; value: string }>;
    event: { eventId: string; type: string; eventTimestamp: string };
  };
}

export interface ReceiverOptions {
  /** The subscription's signing secret, exactly as shown when it was created. */
  secret: string;
  /** Your processing; runs after the 200 has been sent. */
  handle: (event: WebhookEvent, deliveryId: string) => Promise<void> | void;
  onError?: (error: unknown, deliveryId: string) => void;
}

export function createReceiverApp(options: ReceiverOptions): Express {
  const app = express();
  // Delivery ids already handled. In production keep them in your database, written in the
  // same transaction as the work (a unique key on the delivery id), so a crash cannot lose or
  // repeat an event; an in-memory set only shows the idea.
  const handled = new Set<string>();

  app.post("/webhooks/svc", express.raw({ type: "application/json", limit: "1mb" }), (req: Request, res: Response) => {
    if (!Buffer.isBuffer(req.body)) {
      res.status(415).json({ error: "Expected an application/json body." });
      return;
    }
    const verdict = verifyWebhook({ rawBody: req.body, headers: req.headers, secret: options.secret });
    if (!verdict.ok) {
      res.status(400).json({ error: verdict.message, reason: verdict.reason });
      return;
    }

    // Answer first: everything after this line happens after the service has its 200.
    res.status(200).json({ received: true });

    const deliveryId = req.header("x-service-delivery-id") ?? "";
    if (handled.has(deliveryId)) return;
    handled.add(deliveryId);
    const event = JSON.parse(req.body.toString("utf8")) as WebhookEvent;
    setImmediate(async () => {
      try {
        await options.handle(event, deliveryId);
      } catch (error) {
        handled.delete(deliveryId); // let a later redelivery try again
        options.onError?.(error, deliveryId);
      }
    });
  });

  return app;
}

// Run directly: a receiver that logs each event.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const secret = process.env.WEBHOOK_SECRET;
  if (!secret) {
    process.stderr.write("Set WEBHOOK_SECRET to the subscription's signing secret.\n");
    process.exit(1);
  }
  const port = Number(process.env.PORT ?? 4000);
  createReceiverApp({
    secret,
    handle: (event, deliveryId) => {
      process.stdout.write(`${deliveryId} ${event.data.event.type} for ${event.data.emailId}${event.test ? " (test)" : ""}\n`);
    },
    onError: (error, deliveryId) => process.stderr.write(`${deliveryId} failed: ${String(error)}\n`),
  }).listen(port, () => process.stdout.write(`Listening on http://localhost:${port}/webhooks/svc\n`));
}
