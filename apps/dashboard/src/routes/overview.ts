import { DELIVERABILITY_DAYS, deliverabilityBreakdown, loadOverviewStats } from "@svc/core";
import { Router } from "express";
import type { DashboardDeps } from "../deps.ts";
import { requirePermission, workspaceRequest } from "../http/guards.ts";
import { sendPage } from "../http/render.ts";
import { overviewBody } from "../views/pages/overview.ts";

export function overviewRoutes(deps: DashboardDeps): Router {
  const router = Router();
  router.get("/", requirePermission("workspace:read"), async (req, res) => {
    const w = workspaceRequest(req);
    const [stats, tenant, deliverability] = await Promise.all([
      loadOverviewStats(deps.db, w.workspaceId),
      deps.tenantStatus?.read(w.workspaceId) ?? null,
      deliverabilityBreakdown(deps.db, deps.mailboxProviders, w.workspaceId, DELIVERABILITY_DAYS.default),
    ]);
    sendPage(req, res, w, {
      title: "Overview",
      nav: "overview",
      body: overviewBody(w.workspace, stats, w.canWrite, tenant, deliverability),
    });
  });
  return router;
}
