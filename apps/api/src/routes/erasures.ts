import { erasureReceiptDocument, getErasure, listErasures, parseErasureRequest, requestErasure } from "@svc/core";
import { Router } from "express";
import type { ApiDeps } from "../deps.ts";
import { authOf } from "../middleware/authenticate.ts";
import { jsonBody } from "../middleware/jsonBody.ts";
import { requirePermission } from "../middleware/requirePermission.ts";
import { workspaceRateLimit } from "../middleware/workspaceRate.ts";

/**
 * Erasures ("forget a person"), full-access only: ask for one (addresses and/or email ids), read
 * one with its receipt, list them, download the receipt. The work is the erasure runner's (in the
 * api process), woken by each request; another workspace's erasure or email is a missing one.
 */
export function erasuresRouter(deps: ApiDeps, wakeRunner: () => void): Router {
  const router = Router();
  const rate = workspaceRateLimit(deps.rateLimiter, {
    bucket: "erasure",
    perMinute: deps.config.API_ERASURES_PER_MINUTE,
    code: "erasure_rate_limited",
    what: "erasure requests",
  });

  router.post("/", requirePermission("erasures:manage"), rate, jsonBody(), async (req, res) => {
    const request = parseErasureRequest(req.body);
    const auth = authOf(res);
    const erasure = await requestErasure(deps.db, {
      workspaceId: auth.workspaceId,
      request,
      actor: { type: "api_key", id: auth.keyId },
      source: req.ip ?? req.socket.remoteAddress ?? null,
    });
    wakeRunner();
    res.status(202).json(erasure);
  });

  router.get("/", requirePermission("erasures:manage"), async (req, res) => {
    res.json(await listErasures(deps.db, authOf(res).workspaceId, { limit: req.query.limit, after: req.query.after }));
  });

  router.get("/:id", requirePermission("erasures:manage"), async (req, res) => {
    res.json(await getErasure(deps.db, authOf(res).workspaceId, req.params.id as string));
  });

  router.get("/:id/receipt", requirePermission("erasures:manage"), async (req, res) => {
    const workspaceId = authOf(res).workspaceId;
    const erasure = await getErasure(deps.db, workspaceId, req.params.id as string);
    res.setHeader("Content-Disposition", `attachment; filename="${erasure.id}-receipt.json"`);
    res.json(erasureReceiptDocument(workspaceId, erasure));
  });

  return router;
}
