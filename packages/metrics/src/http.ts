import type { IncomingMessage, ServerResponse } from "node:http";
import { Gauge, Histogram } from "prom-client";
import { LATENCY_BUCKETS, PREFIX, registry } from "./registry.ts";

const requestDuration = new Histogram({
  name: `${PREFIX}http_request_duration_seconds`,
  help: "HTTP requests by route template, method and status, from the first byte in to the last byte out.",
  labelNames: ["method", "route", "status"] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

const inFlight = new Gauge({
  name: `${PREFIX}http_requests_in_flight`,
  help: "HTTP requests being served now.",
  registers: [registry],
});

/** Paths answered before any router (health, metrics): named as they are, the rest unmatched. */
const FIXED_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);

/** What Express leaves on a request that a router matched. */
interface RoutedRequest extends IncomingMessage {
  baseUrl?: string;
  route?: { path?: unknown };
}

/**
 * The route template of a finished request (`/emails/:id`), never its concrete path: labels
 * stay few whatever clients send. A request no route matched (a 404, a refusal before routing)
 * is `unmatched`.
 */
function routeOf(req: RoutedRequest): string {
  const template = req.route?.path;
  // A router's own root ("/" under "/emails") is named as the mount: "/emails".
  if (typeof template === "string") return (template === "/" && req.baseUrl ? req.baseUrl : `${req.baseUrl ?? ""}${template}`) || "/";
  const path = (req.url ?? "/").split("?")[0] ?? "/";
  return FIXED_PATHS.has(path) ? path : "unmatched";
}

/**
 * Request metrics for any HTTP app: `app.use(httpMetrics())` first, before every other handler,
 * so that refusals and health checks are measured too.
 */
export function httpMetrics() {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const stop = requestDuration.startTimer();
    inFlight.inc();
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      inFlight.dec();
      stop({ method: req.method ?? "GET", route: routeOf(req as RoutedRequest), status: String(res.statusCode) });
    };
    // `close` as well: a client that goes away mid-answer never sees `finish`.
    res.once("finish", finish);
    res.once("close", finish);
    next();
  };
}
