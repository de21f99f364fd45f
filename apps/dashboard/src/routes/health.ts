import { Router } from "express";
import type { DashboardDeps } from "../deps.ts";

/** `/healthz`: the process is up. `/readyz`: Postgres and Redis answer. */
export function healthRoutes(deps: DashboardDeps): Router {
  const router = Router();
  router.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  router.get("/readyz", async (_req, res) => {
    const [postgres, redis] = await Promise.all([
      deps.db.$queryRaw`SELECT 1`.then(() => true, () => false),
      deps.redis.ping().then(() => true, () => false),
    ]);
    res.status(postgres && redis ? 200 : 503).json({ status: postgres && redis ? "ok" : "unavailable", postgres, redis });
  });
  return router;
}
