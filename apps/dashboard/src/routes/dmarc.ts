import { dmarcSourceVolume, listDmarcReports, parseDmarcSummaryQuery, summarizeDmarc } from "@svc/core";
import { Router } from "express";
import type { DashboardDeps } from "../deps.ts";
import { requirePermission, workspaceRequest } from "../http/guards.ts";
import { sendPage } from "../http/render.ts";
import { dmarcBody } from "../views/pages/dmarc.ts";

/** The workspace's DMARC aggregate reports, last 30 days; only its own. */
export function dmarcRoutes(deps: DashboardDeps): Router {
  const router = Router();

  router.get("/dmarc", requirePermission("workspace:read"), async (req, res) => {
    const w = workspaceRequest(req);
    const [summary, reports] = await Promise.all([
      summarizeDmarc(deps.prisma, w.workspaceId, parseDmarcSummaryQuery({})),
      listDmarcReports(deps.prisma, w.workspaceId, { limit: 10 }),
    ]);
    const volume = await dmarcSourceVolume(deps.prisma, w.workspaceId, summary);
    sendPage(req, res, w, { title: "DMARC reports", nav: "domains", body: dmarcBody(summary, volume, reports.data) });
  });

  return router;
}
