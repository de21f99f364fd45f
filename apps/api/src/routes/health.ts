import { Router } from "express";
import type { ApiDeps } from "../deps.ts";
import { withTimeout } from "../timeout.ts";

const CHECK_TIMEOUT_MS = 1500;

type CheckResult = "ok" | "unreachable";

async function check(work: () => Promise<unknown>): Promise<CheckResult> {
  try {
    await withTimeout(work(), CHECK_TIMEOUT_MS, "check timed out");
    return "ok";
  } catch {
    return "unreachable";
  }
}

/** GET /healthz: the process is up. GET /readyz: it can reach Postgres and Redis. No auth. */
export function healthRouter(deps: ApiDeps): Router {
  const router = Router();

  router.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });

  router.get("/readyz", async (_req, res) => {
    const [postgres, redis] = await Promise.all([
      check(() => deps.db.pool.query("SELECT 1")),
      // A cheap read through the same connection the sends use.
      check(() => deps.producer.queue.count()),
    ]);
    const checks = { postgres, redis };
    const down = Object.entries(checks).filter(([, state]) => state !== "ok").map(([name]) => name);
    if (down.length > 0) {
      res.status(503).json({ error: `Not ready: ${down.join(" and ")} unreachable.`, code: "unavailable", checks });
      return;
    }
    res.json({ status: "ready", checks });
  });

  return router;
}
