import { createServer } from "node:http";
import { closeServer } from "@svc/runtime";

/** One webhook POST as a real receiver got it: its headers and raw body bytes (what a signature covers). */
export interface ReceivedWebhook {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
}

export interface WebhookReceiver {
  /** The URL to subscribe (a path on 127.0.0.1). */
  url: string;
  received: ReceivedWebhook[];
  /** The first POST of event `type` whose body mentions `emailId`, waiting up to 30 s for it. */
  waitFor(type: string, emailId: string): Promise<ReceivedWebhook>;
  close(): Promise<void>;
}

/** A real local HTTP server that answers every webhook 200 and keeps what it got. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, rawBody: Buffer.concat(chunks) });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    async waitFor(type, emailId) {
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        const hook = received.find((r) => r.headers["x-service-event-type"] === type && r.rawBody.toString().includes(emailId));
        if (hook) return hook;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`no ${type} webhook for ${emailId}`);
    },
    close: () => closeServer(server),
  };
}
