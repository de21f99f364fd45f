import {
  AppError,
  addManualSuppression,
  listSuppressions,
  listTopicSuppressions,
  parseManualSuppression,
  parseSuppressionListQuery,
  parseTopicSuppressionListQuery,
  removeSuppression,
  removeTopicSuppression,
  sqlPool,
} from "@svc/core";
import { Router } from "express";
import { auditor } from "../audit.ts";
import type { ApiDeps } from "../deps.ts";
import { authOf } from "../middleware/authenticate.ts";
import { jsonBody } from "../middleware/jsonBody.ts";
import { requirePermission } from "../middleware/requirePermission.ts";

/**
 * GET /suppressions (read-only, full-access), POST /suppressions and DELETE
 * /suppressions/:address (full-access); GET /suppressions/topics and DELETE
 * /suppressions/topics/:topic/:address for topic suppressions (one-click unsubscribes). Every entry is the key's workspace's: another
 * workspace's entry is a missing one (404).
 */
export function suppressionsRouter(deps: ApiDeps): Router {
  const router = Router();
  const pool = sqlPool(deps.db);
  const audit = auditor(deps);

  router.get("/", requirePermission("suppressions:read"), async (req, res) => {
    const query = parseSuppressionListQuery(req.query as Record<string, unknown>);
    res.json(await listSuppressions(pool, authOf(res).workspaceId, query));
  });

  router.get("/topics", requirePermission("suppressions:read"), async (req, res) => {
    const query = parseTopicSuppressionListQuery(req.query as Record<string, unknown>);
    res.json(await listTopicSuppressions(pool, authOf(res).workspaceId, query));
  });

  // Only the recipient adds one (its email's link); the workspace may take it back, as for a manual entry.
  router.delete("/topics/:topic/:address", requirePermission("suppressions:manage"), async (req, res) => {
    const removed = await removeTopicSuppression(pool, authOf(res).workspaceId, req.params.topic as string, req.params.address as string);
    await audit(req, res, {
      action: "topic_suppression.removed",
      target: { type: "topic_suppression", id: `${removed.topic}:${removed.address}` },
      changes: { topic: removed.topic },
    });
    res.json(removed);
  });

  router.post("/", requirePermission("suppressions:manage"), jsonBody(), async (req, res) => {
    const input = parseManualSuppression(req.body);
    const { created, suppression } = await addManualSuppression(pool, authOf(res).workspaceId, input);
    if (created) {
      await audit(req, res, {
        action: "suppression.added",
        target: { type: "suppression", id: suppression.address },
        changes: { reason: suppression.reason, expiresAt: suppression.expiresAt },
      });
    }
    // An address already listed: 200 with the entry as it is (it may have a stronger reason).
    res.status(created ? 201 : 200).json(suppression);
  });

  router.delete("/:address", requirePermission("suppressions:manage"), async (req, res) => {
    const confirm = req.query.confirm;
    if (confirm !== undefined && confirm !== "complaint") {
      throw new AppError("validation_failed", 'confirm: the only accepted value is "complaint".');
    }
    const removed = await removeSuppression(pool, authOf(res).workspaceId, req.params.address as string, {
      confirmComplaint: confirm === "complaint",
    });
    await audit(req, res, {
      action: "suppression.removed",
      target: { type: "suppression", id: removed.address },
      changes: { reason: removed.reason },
    });
    res.json(removed);
  });

  return router;
}
