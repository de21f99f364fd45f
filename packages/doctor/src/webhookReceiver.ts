import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { verifyWebhook } from "@svc/webhooks";

/** A webhook body is small; anything larger is no webhook of ours and is refused unread. */
const MAX_BODY_BYTES = 256 * 1024;

export interface ReceivedWebhook {
  emailId: string;
  type: string;
}

/**
 * The round trip's webhook endpoint: answers 2xx to a POST whose signature verifies with the
 * temporary subscription's secret and keeps its email id and event type; refuses anything else
 * (401 unsigned, 413 too large), so a stranger who finds the port cannot make a check pass.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  private secret: string | null = null;

  private constructor(private readonly server: Server) {}

  static async listen(host: string, port: number): Promise<WebhookReceiver> {
    const server = createServer();
    const receiver = new WebhookReceiver(server);
    server.on("request", (req, res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let refused = false;
      req.on("data", (chunk: Buffer) => {
        if (refused) return;
        size += chunk.length;
        if (size > MAX_BODY_BYTES) {
          // Answered at once and the connection closed: the rest is never read or kept.
          refused = true;
          chunks.length = 0;
          res.writeHead(413, { connection: "close" }).end(() => req.destroy());
          return;
        }
        chunks.push(chunk);
      });
      req.on("end", () => {
        if (!refused) res.writeHead(receiver.accept(Buffer.concat(chunks), req.headers) ? 204 : 401).end();
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, resolve);
    });
    return receiver;
  }

  /** The address it listens on, as an http URL. */
  get url(): string {
    const { address, port } = this.server.address() as AddressInfo;
    return `http://${address.includes(":") ? `[${address}]` : address}:${port}/`;
  }

  /** The subscription's signing secret, once it exists; until then every POST is refused. */
  expectSecret(secret: string): void {
    this.secret = secret;
  }

  private accept(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): boolean {
    if (this.secret === null || !verifyWebhook({ rawBody, headers, secret: this.secret }).ok) return false;
    try {
      const body = JSON.parse(rawBody.toString("utf8")) as { data?: { emailId?: unknown; event?: { type?: unknown } } };
      const emailId = body.data?.emailId;
      const type = body.data?.event?.type;
      if (typeof emailId === "string" && typeof type === "string") this.received.push({ emailId, type });
    } catch {
      // A signed body that is not our JSON is still answered: it proves delivery, not an event.
    }
    return true;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
