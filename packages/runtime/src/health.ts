import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { observeHttp } from "@svc/metrics";
import { createHttpServer, DEFAULT_HTTP_TIMEOUTS, type HttpTimeouts } from "./http.ts";
import { withTimeout } from "./timeout.ts";

/** One dependency a process needs to do its work (Postgres, Redis…). */
export interface ReadinessCheck {
  name: string;
  check: () => Promise<unknown>;
}

export interface HealthAnswer {
  statusCode: number;
  body: Record<string, unknown>;
}

const CHECK_TIMEOUT_MS = 1500;

/** `/healthz`: the process answers. Nothing else is looked at, so a restart is never triggered by a dependency. */
export const HEALTHY: HealthAnswer = { statusCode: 200, body: { status: "ok" } };

/**
 * `/readyz`: every dependency answers within its timeout. The same shape in every app:
 * 200 `{status: "ready", checks}` or 503 `{error, code: "unavailable", checks}`, where
 * `checks` maps each dependency to `ok` or `unreachable`.
 */
export async function checkReadiness(checks: readonly ReadinessCheck[], timeoutMs = CHECK_TIMEOUT_MS): Promise<HealthAnswer> {
  const results = await Promise.all(
    checks.map(async ({ name, check }) => {
      try {
        await withTimeout(Promise.resolve().then(check), timeoutMs, "timed out");
        return [name, "ok"] as const;
      } catch {
        return [name, "unreachable"] as const;
      }
    }),
  );
  const states = Object.fromEntries(results);
  const down = results.filter(([, state]) => state !== "ok").map(([name]) => name);
  if (down.length === 0) return { statusCode: 200, body: { status: "ready", checks: states } };
  return { statusCode: 503, body: { error: `Not ready: ${down.join(" and ")} unreachable.`, code: "unavailable", checks: states } };
}

type Next = (error?: unknown) => void;

/**
 * Answers GET /healthz and GET /readyz and passes anything else on. A plain Node handler, so it
 * serves as Express middleware (`app.use(healthEndpoints(checks))`) and inside a bare server.
 */
export function healthEndpoints(checks: readonly ReadinessCheck[]) {
  return (req: IncomingMessage, res: ServerResponse, next: Next): void => {
    const path = (req.url ?? "/").split("?")[0];
    if (req.method !== "GET" || (path !== "/healthz" && path !== "/readyz")) return next();
    if (path === "/healthz") return sendJson(res, HEALTHY);
    void checkReadiness(checks).then((answer) => sendJson(res, answer), next);
  };
}

function sendJson(res: ServerResponse, { statusCode, body }: HealthAnswer): void {
  res.writeHead(statusCode, { "content-type": "application/json; charset=utf-8" }).end(JSON.stringify(body));
}

/**
 * A bare HTTP server with only /healthz, /readyz and /metrics (behind `metricsToken` when one is
 * set), for worker processes (sender, dispatcher).
 */
export function createHealthServer(
  checks: readonly ReadinessCheck[],
  timeouts: HttpTimeouts = DEFAULT_HTTP_TIMEOUTS,
  metricsToken = "",
): Server {
  const handlers = [...observeHttp({ token: metricsToken }), healthEndpoints(checks)];
  const notFound = (res: ServerResponse) => sendJson(res, { statusCode: 404, body: { error: "Not found.", code: "not_found" } });
  return createHttpServer((req, res) => {
    const step = (index: number) => (error?: unknown) => {
      const handler = handlers[index];
      if (error !== undefined || !handler) return notFound(res);
      handler(req, res, step(index + 1));
    };
    step(0)();
  }, timeouts);
}
