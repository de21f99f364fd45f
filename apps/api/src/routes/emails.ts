import {
  BATCH_LIMITS,
  cancelScheduledEmail,
  type EmailBatch,
  type EmailView,
  getEmailExplained,
  listEmailBatches,
  listEmailEvents,
  parseBatchInput,
  parseBatchMode,
  parseEmailListQuery,
  parseEventPageQuery,
  parseIdempotencyKey,
  parseRescheduleInput,
  parseSendEmailInput,
  queueEmail,
  queueEmailBatch,
  rescheduleEmail,
  SEND_LIMITS,
  sendContextOf,
  sqlPool,
} from "@svc/core";
import { sendQueueFacts } from "@svc/queues";
import { type Response, Router } from "express";
import { auditor } from "../audit.ts";
import type { CoalescedStatements } from "../coalescedStatements.ts";
import type { ApiDeps } from "../deps.ts";
import { authOf } from "../middleware/authenticate.ts";
import { jsonBody } from "../middleware/jsonBody.ts";
import { requirePermission } from "../middleware/requirePermission.ts";
import { streamJsonArray } from "../streamJsonArray.ts";

/** A single send's body limit (room for a message with files at the provider's size limit), named in its 413. */
const SEND_BODY = {
  bytes: SEND_LIMITS.maxBodyBytes,
  wording: { body: "The request body", limit: `${SEND_LIMITS.maxBodyBytes / (1024 * 1024)} MB` },
};

/** A batch's body limit, named in its 413. */
const BATCH_BODY = {
  bytes: BATCH_LIMITS.maxBodyBytes,
  wording: { body: "The batch", limit: `${BATCH_LIMITS.maxBodyBytes / (1024 * 1024)} MB` },
};

/** Answers a stored or new body as is: Express's send (charset, ETag and freshness logic) showed in the profile. */
function writeJson(res: Response, status: number, body: string): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) }).end(body);
}

/**
 * POST /emails, POST /emails/batch, GET /emails, GET /emails/:id, GET /emails/:id/events, POST /emails/:id/cancel,
 * PATCH /emails/:id. Authentication is applied where this is mounted.
 * `inserts` write a send's row (coalesced with concurrent sends: coalescedStatements.ts).
 */
export function emailsRouter(deps: ApiDeps, inserts: Pick<CoalescedStatements, "insertEmail" | "insertCountedEmail">): Router {
  const router = Router();
  const audit = auditor(deps);

  router.post("/", requirePermission("emails:send"), jsonBody(SEND_BODY), async (req, res) => {
    const idempotencyKey = parseIdempotencyKey(req.get("idempotency-key"));
    const input = parseSendEmailInput(req.body);
    // The parsed body holds attachments as base64 text; the input holds their bytes. Dropping the
    // text now keeps one copy alive while the row is written.
    req.body = undefined;
    const auth = authOf(res);
    const queued = await queueEmail(deps.db, sendContextOf(auth), input, {
      idempotencyKey,
      insertRow: inserts.insertEmail,
      insertCountedRow: inserts.insertCountedEmail,
      files: deps.files,
    });
    // The row is committed. A replay created nothing, and its job was enqueued the first time; a
    // scheduled email gets its job when it falls due.
    if (queued.replayed) res.setHeader("Idempotent-Replayed", "true");
    if (queued.enqueue)
      await deps.sendQueue.enqueueOrLeaveToSweeper(auth.workspaceId, [queued.emailId], deps.config.ENQUEUE_TIMEOUT_MS, deps.logger);
    writeJson(res, queued.status, queued.body);
  });

  router.post("/batch", requirePermission("emails:send"), jsonBody(BATCH_BODY), async (req, res) => {
    const mode = parseBatchMode(req.query.mode);
    const idempotencyKey = parseIdempotencyKey(req.get("idempotency-key"));
    const items = parseBatchInput(req.body);
    const auth = authOf(res);
    const queued = await queueEmailBatch(deps.db, sendContextOf(auth), items, {
      mode,
      files: deps.files,
      ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
    });
    if (queued.replayed) res.setHeader("Idempotent-Replayed", "true");
    await deps.sendQueue.enqueueOrLeaveToSweeper(
      auth.workspaceId,
      queued.toEnqueue,
      deps.config.ENQUEUE_TIMEOUT_MS,
      deps.logger,
      queued.sendJobId,
    );
    writeJson(res, queued.status, queued.body);
  });

  router.get("/", requirePermission("emails:read"), async (req, res) => {
    const query = parseEmailListQuery(req.query as Record<string, unknown>);
    const batches = await listEmailBatches(deps.db, authOf(res).workspaceId, query);
    await streamJsonArray(res, emailsOf(batches));
  });

  router.get("/:id", requirePermission("emails:read"), async (req, res) => {
    // An email waiting longer than expected says why (`waiting`), asking the send queue only then.
    res.json(
      await getEmailExplained(deps.db.prisma, authOf(res).workspaceId, req.params.id as string, (emailId, sharedJobId) =>
        sendQueueFacts(deps.sendQueue.producer, emailId, sharedJobId),
      ),
    );
  });

  router.get("/:id/events", requirePermission("emails:read"), async (req, res) => {
    const query = parseEventPageQuery(req.query as Record<string, unknown>);
    res.json(await listEmailEvents(deps.db.prisma, authOf(res).workspaceId, req.params.id as string, query));
  });

  router.post("/:id/cancel", requirePermission("emails:send"), async (req, res) => {
    const canceled = await cancelScheduledEmail(sqlPool(deps.db), authOf(res).workspaceId, req.params.id as string, deps.files);
    await audit(req, res, { action: "email.canceled", target: { type: "email", id: canceled.id }, changes: { status: canceled.status } });
    res.json(canceled);
  });

  router.patch("/:id", requirePermission("emails:send"), jsonBody(), async (req, res) => {
    const { scheduledAt } = parseRescheduleInput(req.body);
    const moved = await rescheduleEmail(sqlPool(deps.db), authOf(res).workspaceId, req.params.id as string, scheduledAt);
    await audit(req, res, {
      action: "email.rescheduled",
      target: { type: "email", id: moved.id },
      changes: { scheduledAt: moved.scheduledAt },
    });
    res.json(moved);
  });

  return router;
}

/** The emails of each batch, for the stream (the batch's byte count is the listing's own bound). */
async function* emailsOf(batches: AsyncGenerator<EmailBatch, void, void>): AsyncGenerator<Iterable<EmailView>, void, void> {
  try {
    for await (const batch of batches) yield batch.emails();
  } finally {
    await batches.return();
  }
}
