import express, { type Express } from "express";

export interface ReadinessCheck {
  name: string;
  check: () => Promise<unknown>;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timeout")), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** /healthz: the process answers. /readyz: Postgres and Redis answer too. Nothing else. */
export function createHealthApp(checks: ReadinessCheck[]): Express {
  const app = express();
  app.disable("x-powered-by");
  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
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
    res.status(ready ? 200 : 503).json(ready ? { status: "ok", checks: Object.fromEntries(results) } : { error: "Not ready.", code: "unavailable", checks: Object.fromEntries(results) });
  });
  app.use((_req, res) => {
    res.status(404).json({ error: "Not found.", code: "not_found" });
  });
  return app;
}
