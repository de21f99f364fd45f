import { createServer, type Server } from "node:http";

const CHECK_TIMEOUT_MS = 2_000;

export interface ReadinessCheck {
  name: string;
  check: () => Promise<unknown>;
}

/**
 * /healthz: the process is up. /readyz: it can do its work (every check passes), so an
 * orchestrator routes nothing to, or restarts, a sender that lost Postgres or Redis.
 */
export function createHealthServer(checks: ReadinessCheck[]): Server {
  return createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    };
    if (req.method !== "GET") return send(405, { error: "Method not allowed.", code: "bad_request" });
    const path = (req.url ?? "/").split("?")[0];
    if (path === "/healthz") return send(200, { status: "ok" });
    if (path !== "/readyz") return send(404, { error: "Not found.", code: "not_found" });
    void Promise.all(
      checks.map(async ({ name, check }) => {
        try {
          await withTimeout(check(), CHECK_TIMEOUT_MS);
          return null;
        } catch {
          return name;
        }
      }),
    ).then((results) => {
      const failing = results.filter((name): name is string => name !== null);
      if (failing.length === 0) send(200, { status: "ready" });
      else send(503, { error: `Not ready: ${failing.join(", ")} unavailable.`, code: "unavailable" });
    });
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
