import express, { type Express } from "express";
import type { DbHandle } from "@svc/db";
import type { Logger } from "@svc/logger";
import type { Producer } from "@svc/queues";
import { healthEndpoints, requestTargetProblem, type ReadinessCheck } from "@svc/runtime";
import { AppError } from "@svc/core";
import type { SnsVerifier } from "@svc/sns";
import { createEventRecorder, type EventRecorderOptions } from "./events/eventRecorder.ts";
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
  /** How events are grouped into statements; defaults to RECORDER_DEFAULTS. */
  recorder?: EventRecorderOptions;
}

/**
 * From the ingest benchmark (32 connections): one or two statements in flight gave the same rate
 * (about 1,200 notifications/s; batches averaged 11 to 16 events and never exceeded 32), while
 * one in flight serialises every request behind each commit's WAL flush; two leave the pool (10
 * by default) room for unmatched notifications and readiness checks. 64 bounds one statement's
 * size (each event carries its 1 to 2 KB payload) when SNS sends more at once than the bench does.
 */
export const RECORDER_DEFAULTS: EventRecorderOptions = { maxBatch: 64, maxConcurrent: 2 };

/** The ingester's HTTP app, without listening (createIngest serves it). */
export function createIngestApp(deps: IngestDeps): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", false);
  // Answers are a few bytes to SNS, which never revalidates: hashing each one for an ETag is waste.
  app.set("etag", false);
  app.use(
    healthEndpoints([{ name: "postgres", check: () => deps.db.ping() }, ...(deps.readiness ?? [])]),
  );
  // A malformed percent-escape or a NUL in the path or query: 400, never a router's URIError.
  app.use((req, _res, next) => {
    const problem = requestTargetProblem(req);
    next(problem ? new AppError(problem.code, problem.message) : undefined);
  });
  const recordEvent = createEventRecorder(deps, deps.recorder ?? RECORDER_DEFAULTS);
  app.use(snsRoute({ ...deps, recordEvent, confirmSubscription: deps.confirmSubscription ?? confirmByGet }));
  app.use(notFoundHandler);
  app.use(errorHandler(deps.log));
  return app;
}
