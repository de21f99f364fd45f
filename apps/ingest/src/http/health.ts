import { Router } from "express";

export interface ReadinessCheck {
  name: string;
  check: () => Promise<unknown>;
}

/** /healthz: the process answers. /readyz: its dependencies answer too (load balancers use this). */
export function healthRoutes(checks: ReadinessCheck[]): Router {
  const router = Router();
  router.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  router.get("/readyz", async (_req, res) => {
    const results = await Promise.all(
      checks.map(async ({ name, check }) => {
        try {
          await withTimeout(check(), 2000);
          return [name, "ok"] as const;
        } catch {
          return [name, "unavailable"] as const;
        }
      }),
    );
    const ready = results.every(([, state]) => state === "ok");
    res.status(ready ? 200 : 503).json({ status: ready ? "ok" : "unavailable", checks: Object.fromEntries(results) });
  });
  return router;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timeout")), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
