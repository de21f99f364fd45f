import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { registry } from "./registry.ts";

type Next = (error?: unknown) => void;

export interface MetricsEndpointOptions {
  /** When set, a scrape must carry `Authorization: Bearer <token>`; empty leaves /metrics open. */
  token?: string;
}

/**
 * Answers GET /metrics in the Prometheus text format and passes anything else on: a plain Node
 * handler, so it serves in an Express app (`app.use(...)`) and in a worker's bare health server.
 */
export function metricsEndpoint(options: MetricsEndpointOptions = {}) {
  const expected = options.token ? digest(options.token) : null;
  return (req: IncomingMessage, res: ServerResponse, next: Next): void => {
    const path = (req.url ?? "/").split("?")[0];
    if (req.method !== "GET" || path !== "/metrics") return next();
    if (expected && !authorized(req.headers.authorization, expected)) {
      res
        .writeHead(401, { "content-type": "application/json; charset=utf-8", "www-authenticate": 'Bearer realm="metrics"' })
        .end(JSON.stringify({ error: "A valid metrics bearer token is required.", code: "unauthorized" }));
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { "content-type": registry.contentType }).end(text),
      (error: unknown) => next(error),
    );
  };
}

/** Compared as digests of equal length, in constant time: the token's length leaks nothing. */
function authorized(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer (.+)$/i.exec(header ?? "");
  return match !== null && timingSafeEqual(digest(match[1]!), expected);
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}
