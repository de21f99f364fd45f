import {
  AppError,
  MAX_LIST_LIMIT,
  type EmailRowInsert,
  getEmailWithEvents,
  listEmailBatches,
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

function singleQueryValue(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw new AppError("validation_failed", `${name}: must be given once, as a plain value.`);
  return value;
}

function parseLimit(value: unknown): number | undefined {
  const raw = singleQueryValue(value, "limit");
  if (raw === undefined) return undefined;
  const limit = /^\d{1,4}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(limit >= 1 && limit <= MAX_LIST_LIMIT)) {
    throw new AppError("validation_failed", `limit: must be an integer from 1 to ${MAX_LIST_LIMIT}.`);
  }
  return limit;
}

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
    const limit = parseLimit(req.query.limit);
    const after = singleQueryValue(req.query.after, "after");
    const batches = await listEmailBatches(deps.db, authOf(res).workspaceId, { limit, after });
    await streamJsonArray(res, batches);
  });

  router.get("/:id", requirePermission("emails:read"), async (req, res) => {
    res.json(await getEmailWithEvents(deps.db.prisma, authOf(res).workspaceId, req.params.id as string));
  });

  return router;
}
