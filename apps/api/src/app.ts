import { groupCommitMsFor } from "@svc/config";
import { ApiKeyAuthenticator, SourceRefusalRecorder, sqlPool } from "@svc/core";
import { observeHttp } from "@svc/metrics";
import { healthEndpoints } from "@svc/runtime";
import express, { type Express } from "express";
import { coalescedStatements } from "./coalescedStatements.ts";
import type { ApiDeps } from "./deps.ts";
import { LARGEST_BODY_BYTES } from "./env.ts";
import { authenticate } from "./middleware/authenticate.ts";
import { bodyBudget } from "./middleware/bodyBudget.ts";
import { errorHandler, notFound } from "./middleware/errorHandler.ts";
import { rateLimit } from "./middleware/rateLimit.ts";
import { requestLog } from "./middleware/requestLog.ts";
import { checkRequestTarget } from "./middleware/requestTarget.ts";
import { sourceBinding } from "./middleware/sourceBinding.ts";
import { apiKeysRouter } from "./routes/apiKeys.ts";
import { auditLogRouter } from "./routes/auditLog.ts";
import { deliverabilityRouter } from "./routes/deliverability.ts";
import { dmarcRouter } from "./routes/dmarc.ts";
import { emailsRouter } from "./routes/emails.ts";
import { erasuresRouter } from "./routes/erasures.ts";
import { inboundRouter } from "./routes/inbound.ts";
import { referenceRouter } from "./routes/reference.ts";
import { suppressionsRouter } from "./routes/suppressions.ts";
import { templatesRouter } from "./routes/templates.ts";
import { webhooksRouter } from "./routes/webhooks.ts";

/**
 * The REST API as an Express app, without listening (createApi serves it). Each instance keeps
 * only the throttle memory of `lastUsedAt` writes in process; everything else lives in Postgres,
 * so any number of instances can run side by side.
 */
export function createApiApp(deps: ApiDeps): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  // Whose address a request comes from (a key's source networks are checked against it).
  app.set("trust proxy", deps.config.API_TRUST_PROXY);

  app.use(observeHttp({ token: deps.config.METRICS_TOKEN }));
  const log = requestLog(deps.logger);
  if (log) app.use(log);
  app.use(
    healthEndpoints([
      { name: "postgres", check: () => deps.db.ping() },
      // A cheap read through the same connection the sends use, of every shard (on a cluster,
      // each may be on another primary).
      { name: "redis", check: () => Promise.all(deps.sendQueue.producer.queues.map((queue) => queue.count())) },
    ]),
  );

  app.use(checkRequestTarget);
  app.use(referenceRouter());

  const statements = coalescedStatements(
    deps.db,
    (job) => deps.sendQueue.enqueueOrLeaveToSweeper(job.workspaceId, job.emailIds, deps.config.ENQUEUE_TIMEOUT_MS, deps.logger, job.jobId),
    groupCommitMsFor("answer-driven", deps.config),
  );
  // Every request with a key is counted against its limit once the key is known (a request
  // without a valid key is answered 401, and one from outside its key's source networks 403,
  // before it costs a limiter call).
  const requireKey = [
    authenticate(new ApiKeyAuthenticator(deps.db, { lookUp: statements.lookUpKey })),
    sourceBinding(new SourceRefusalRecorder(sqlPool(deps.db), deps.logger)),
    rateLimit(deps.rateLimiter, { perSecond: deps.config.API_RATE_LIMIT_PER_SECOND, burst: deps.config.API_RATE_LIMIT_BURST }),
    bodyBudget(deps.bodyBudget, { unknownLength: LARGEST_BODY_BYTES }),
  ];
  app.use("/emails", requireKey, emailsRouter(deps, statements));
  app.use("/api-keys", requireKey, apiKeysRouter(deps));
  app.use("/suppressions", requireKey, suppressionsRouter(deps));
  app.use("/webhooks", requireKey, webhooksRouter(deps));
  app.use("/templates", requireKey, templatesRouter(deps));
  app.use("/inbound", requireKey, inboundRouter(deps));
  app.use("/dmarc", requireKey, dmarcRouter(deps));
  app.use("/audit-log", requireKey, auditLogRouter(deps));
  app.use("/deliverability", requireKey, deliverabilityRouter(deps));
  app.use("/erasures", requireKey, erasuresRouter(deps, deps.wakeErasureRunner));

  app.use(notFound);
  app.use(errorHandler(deps.logger));
  return app;
}
