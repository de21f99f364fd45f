import { AppError } from "@svc/core";
import type { DbHandle } from "@svc/db";
import type { Logger } from "@svc/logger";
import { observeHttp } from "@svc/metrics";
import type { Producer } from "@svc/queues";
import { healthEndpoints, type ReadinessCheck, requestTargetProblem } from "@svc/runtime";
import type { SnsVerifier } from "@svc/sns";
import express, { type Express } from "express";
import { createEventRecorder, type EventRecorderOptions } from "./events/eventRecorder.ts";
import type { SesReceiving } from "./events/ingestReceipt.ts";
import { errorHandler, notFoundHandler } from "./http/errors.ts";
import type { AcceptedTopics } from "./sns/acceptedTopics.ts";
import type { NotificationClock } from "./sns/notificationClock.ts";
import { snsRoute } from "./sns/route.ts";
import { type ConfirmSubscription, confirmByGet } from "./sns/subscription.ts";
import { type UnsubscribeRouteDeps, unsubscribeRoute } from "./unsubscribe/route.ts";

export interface IngestDeps {
  db: DbHandle;
  verifier: SnsVerifier;
  /** Which topics are ours, and what their SES events must agree with. */
  topics: AcceptedTopics;
  /** Notes when notifications last arrived. */
  notificationClock?: NotificationClock;
  deliveries: Producer<"webhookDelivery">;
  /** SES receiving's bucket and reader; without it receipt notifications are ignored. */
  receiving?: SesReceiving | null;
  log: Logger;
  /** Defaults to a GET of SubscribeURL. */
  confirmSubscription?: ConfirmSubscription;
  /** Extra /readyz checks (the database is always checked). */
  readiness?: ReadinessCheck[];
  /** Bearer token required by GET /metrics; empty leaves it open. */
  metricsToken?: string;
  /** How events are grouped into statements; defaults to RECORDER_DEFAULTS. */
  recorder?: EventRecorderOptions;
  /** How long an event may wait for others to share its commit (DATABASE_GROUP_COMMIT_MS, see groupCommitMsFor); 0 when not given. */
  groupCommitMs?: number;
  /** The public one-click unsubscribe endpoint's token verifier and per-client rate limit. */
  unsubscribe: Pick<UnsubscribeRouteDeps, "tokens" | "rateLimit">;
}

/**
 * Two statements in flight: one alone would serialise every request behind each commit's WAL
 * flush, and two leave the pool room for unmatched notifications and readiness checks. 64 events
 * bound one statement's size (each event carries its provider payload) when SNS sends a burst.
 */
const RECORDER_DEFAULTS: EventRecorderOptions = { maxBatch: 64, maxConcurrent: 2 };

/** The ingester's HTTP app, without listening (createIngest serves it). */
export function createIngestApp(deps: IngestDeps): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", false);
  // Answers are a few bytes to SNS, which never revalidates: hashing each one for an ETag is waste.
  app.set("etag", false);
  app.use(observeHttp({ token: deps.metricsToken ?? "" }));
  app.use(healthEndpoints([{ name: "postgres", check: () => deps.db.ping() }, ...(deps.readiness ?? [])]));
  // A malformed percent-escape or a NUL in the path or query: 400, never a router's URIError.
  app.use((req, _res, next) => {
    const problem = requestTargetProblem(req);
    next(problem ? new AppError(problem.code, problem.message) : undefined);
  });
  const recordEvent = createEventRecorder(deps, { lingerMs: deps.groupCommitMs ?? 0, ...(deps.recorder ?? RECORDER_DEFAULTS) });
  app.use(
    snsRoute({ ...deps, receiving: deps.receiving ?? null, recordEvent, confirmSubscription: deps.confirmSubscription ?? confirmByGet }),
  );
  app.use(unsubscribeRoute({ ...deps.unsubscribe, db: deps.db, deliveries: deps.deliveries, log: deps.log }));
  app.use(notFoundHandler);
  app.use(errorHandler(deps.log));
  return app;
}
