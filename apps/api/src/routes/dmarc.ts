import { getDmarcReport, listDmarcReports, parseDmarcListQuery, parseDmarcSummaryQuery, summarizeDmarc } from "@svc/core";
import { Router } from "express";
import type { ApiDeps } from "../deps.ts";
import { authOf } from "../middleware/authenticate.ts";
import { requirePermission } from "../middleware/requirePermission.ts";

/**
 * GET /dmarc/reports, /dmarc/reports/:id, /dmarc/summary (read-only and full-access keys:
 * `emails:read`, as the inbound mail the reports arrive as). Another workspace's report is a
 * missing one (404); a summary reads the key's workspace only.
 */
export function dmarcRouter(deps: ApiDeps): Router {
  const router = Router();
  const prisma = deps.db.prisma;

  router.get("/reports", requirePermission("emails:read"), async (req, res) => {
    res.json(await listDmarcReports(prisma, authOf(res).workspaceId, parseDmarcListQuery(req.query as Record<string, unknown>)));
  });

  router.get("/reports/:id", requirePermission("emails:read"), async (req, res) => {
    res.json(await getDmarcReport(prisma, authOf(res).workspaceId, req.params.id as string));
  });

  router.get("/summary", requirePermission("emails:read"), async (req, res) => {
    res.json(await summarizeDmarc(prisma, authOf(res).workspaceId, parseDmarcSummaryQuery(req.query as Record<string, unknown>)));
  });

  return router;
}
