import {
  type EmailBatch,
  type EmailRowInsert,
  type EmailView,
  getEmailWithEvents,
  listEmailBatches,
  parseEmailListQuery,
  parseIdempotencyKey,
  parseSendEmailInput,
  queueEmail,
} from "@svc/core";
import { Router } from "express";
import type { ApiDeps } from "../deps.ts";
import { authOf } from "../middleware/authenticate.ts";
import { jsonBody } from "../middleware/jsonBody.ts";
import { requirePermission } from "../middleware/requirePermission.ts";
import { enqueueSend } from "../sendQueue.ts";
import { streamJsonArray } from "../streamJsonArray.ts";

/**
 * POST /emails, GET /emails, GET /emails/:id. Authentication is applied where this is mounted.
 * `insertEmail` writes a send's row (coalesced with concurrent sends: coalescedStatements.ts).
 */
export function emailsRouter(deps: ApiDeps, insertEmail: EmailRowInsert): Router {
  const router = Router();

  router.post("/", requirePermission("emails:send"), jsonBody(), async (req, res) => {
    const idempotencyKey = parseIdempotencyKey(req.get("idempotency-key"));
    const input = parseSendEmailInput(req.body);
    const auth = authOf(res);
    const queued = await queueEmail(
      deps.db,
      { workspaceId: auth.workspaceId, apiKeyId: auth.keyId, environment: auth.environment, plan: auth.plan },
      input,
      { idempotencyKey, insertRow: insertEmail },
    );
    // The row is committed. A replay created nothing, and its job was enqueued the first time.
    if (queued.replayed) res.setHeader("Idempotent-Replayed", "true");
    else await enqueueSend(deps.sendQueue, auth.workspaceId, queued.emailId, deps.config.ENQUEUE_TIMEOUT_MS, deps.logger);
    // Written directly: Express's send (charset, ETag and freshness logic) showed in the profile.
    res
      .writeHead(queued.status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(queued.body) })
      .end(queued.body);
  });

  router.get("/", requirePermission("emails:read"), async (req, res) => {
    const query = parseEmailListQuery(req.query as Record<string, unknown>);
    const batches = await listEmailBatches(deps.db, authOf(res).workspaceId, query);
    await streamJsonArray(res, emailsOf(batches));
  });

  router.get("/:id", requirePermission("emails:read"), async (req, res) => {
    res.json(await getEmailWithEvents(deps.db.prisma, authOf(res).workspaceId, req.params.id as string));
  });

  return router;
}

/** The emails of each batch, for the stream (the batch's byte count is the listing's own bound). */
async function* emailsOf(batches: AsyncGenerator<EmailBatch, void, void>): AsyncGenerator<EmailView[], void, void> {
  try {
    for await (const batch of batches) yield batch.emails;
  } finally {
    await batches.return();
  }
}
