import { listAuditLog, parseAuditLogQuery, sqlPool } from "@svc/core";
import { Router } from "express";
import type { DashboardDeps } from "../deps.ts";
import { requirePermission, workspaceRequest } from "../http/guards.ts";
import { sendPage } from "../http/render.ts";
import { type AuditLogSearch, auditLogBody } from "../views/pages/auditLog.ts";

const FILTERS = ["action", "actor", "target", "since", "until"] as const;

/**
 * The workspace's audit log, for its owners (who manage members and plan): the same reads and
 * filters as `GET /audit-log`. An empty filter field is no filter; a bad one answers 422.
 */
export function auditLogRoutes(deps: DashboardDeps): Router {
  const router = Router();
  const pool = sqlPool(deps.db);

  router.get("/audit-log", requirePermission("members:manage"), async (req, res) => {
    const w = workspaceRequest(req);
    const search: AuditLogSearch = { action: "", actor: "", target: "", since: "", until: "" };
    const query: Record<string, unknown> = { limit: "50" };
    for (const name of [...FILTERS, "after"] as const) {
      const value = req.query[name];
      if (value === undefined || value === "") continue;
      query[name] = typeof value === "string" ? value.trim() : value;
      if (name !== "after" && typeof value === "string") search[name] = value.trim();
    }
    const page = await listAuditLog(pool, { workspaceId: w.workspaceId }, parseAuditLogQuery(query));
    sendPage(req, res, w, { title: "Audit log", nav: "audit", body: auditLogBody(page, search) });
  });

  return router;
}
