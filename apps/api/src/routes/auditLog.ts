import { pipeline } from "node:stream/promises";
import { exportAuditLog, listAuditLog, parseAuditExportQuery, parseAuditLogQuery, sqlPool } from "@svc/core";
import { Router } from "express";
import type { ApiDeps } from "../deps.ts";
import { authOf } from "../middleware/authenticate.ts";
import { requirePermission } from "../middleware/requirePermission.ts";

/**
 * GET /audit-log and GET /audit-log/export, full-access keys only: the key's workspace's entries,
 * never another workspace's nor the install-wide ones (those are the operators', at the CLI).
 * The export is streamed a batch at a time and bounded (AUDIT_EXPORT_LIMIT); every query is
 * validated before anything is read, so a bad one answers 422 and an export never starts half-made.
 */
export function auditLogRouter(deps: ApiDeps): Router {
  const router = Router();
  const pool = sqlPool(deps.db);
  router.use(requirePermission("audit_log:read"));

  router.get("/", async (req, res) => {
    const query = parseAuditLogQuery(req.query as Record<string, unknown>);
    res.json(await listAuditLog(pool, { workspaceId: authOf(res).workspaceId }, query));
  });

  router.get("/export", async (req, res) => {
    const query = parseAuditExportQuery(req.query as Record<string, unknown>);
    const stream = exportAuditLog(pool, { workspaceId: authOf(res).workspaceId }, query);
    res.type(query.format === "csv" ? "text/csv; charset=utf-8" : "application/x-ndjson; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="audit-log.${query.format}"`);
    res.setHeader("Cache-Control", "no-store");
    // Once the headers are out a failed read can only cut the answer short.
    await pipeline(stream, res).catch((error: unknown) => {
      deps.logger.error({ err: error }, "audit log export cut short");
      res.destroy();
    });
  });

  return router;
}
