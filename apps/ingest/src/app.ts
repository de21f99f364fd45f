import express, { type Express } from "express";
import type { DbHandle } from "@svc/db";
import type { Logger } from "@svc/logger";
import type { Producer } from "@svc/queues";
import { healthEndpoints, type ReadinessCheck } from "@svc/runtime";
import type { SnsVerifier } from "@svc/sns";
import { errorHandler, notFoundHandler } from "./http/errors.ts";
import { snsRoute } from "./sns/route.ts";
import { confirmByGet, type ConfirmSubscription } from "./sns/subscription.ts";

export interface IngestDeps {
  db: DbHandle;
  verifier: SnsVerifier;
  deliveries: Producer<"webhookDelivery">;
  log: Logger;
  /** Defaults to a GET of SubscribeURL. */
  confirmSubscription?: ConfirmSubscription;
  /** Extra /readyz checks (the database is always checked). */
  readiness?: ReadinessCheck[];
}

/** The ingester's HTTP app, built from its dependencies so tests can assemble their own. */
export function createIngestApp(deps: IngestDeps): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", false);
  app.use(
    healthEndpoints([{ name: "postgres", check: () => deps.db.pool.query("SELECT 1") }, ...(deps.readiness ?? [])]),
  );
  app.use(snsRoute({ ...deps, confirmSubscription: deps.confirmSubscription ?? confirmByGet }));
  app.use(notFoundHandler);
  app.use(errorHandler(deps.log));
  return app;
}
