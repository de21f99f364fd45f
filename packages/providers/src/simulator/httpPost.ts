import { Agent as HttpAgent, request as httpRequest } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import type { StopSwitch } from "./stopSwitch.ts";

/**
 * One POST over kept-alive connections, resolving to the status code once the answer has been
 * read. The simulator posts several notifications per email to the same ingester, so this is on
 * the sender's hot path: a pooled `node:http` agent is much cheaper than `fetch` with a fresh
 * AbortSignal per call.
 */
export class KeepAlivePoster {
  private readonly http = new HttpAgent({ keepAlive: true, maxSockets: 64 });
  private readonly https = new HttpsAgent({ keepAlive: true, maxSockets: 64 });

  constructor(private readonly stopSwitch: StopSwitch) {}

  post(url: URL, body: string, headers: Record<string, string>, timeoutMs: number): Promise<number> {
    const secure = url.protocol === "https:";
    const send = secure ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const request = send(
        url,
        {
          method: "POST",
          agent: secure ? this.https : this.http,
          headers: { ...headers, "content-length": Buffer.byteLength(body) },
          timeout: timeoutMs,
        },
        (response) => {
          response.resume(); // the answer's body is not needed; read it so the socket is reused
          response.once("end", () => resolve(response.statusCode ?? 0));
          response.once("error", reject);
        },
      );
      request.once("timeout", () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      request.once("error", reject);
      this.stopSwitch.track(request);
      request.end(body);
    });
  }

  close(): void {
    this.http.destroy();
    this.https.destroy();
  }
}
