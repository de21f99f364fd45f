import { sesRegionNamesOf } from "@svc/config";
import { AppError, getWorkspace, getWorkspaceRegions, setWorkspaceRegions, type WorkspaceRegionsChange } from "@svc/core";
import { type Request, type Response, Router } from "express";
import type { DashboardDeps } from "../deps.ts";
import { dashboardAuditor } from "../http/audit.ts";
import { requireOperator, type WorkspaceRequest, workspaceRequest } from "../http/guards.ts";
import { formString, sendPage } from "../http/render.ts";
import { regionsBody } from "../views/pages/regions.ts";

const MAX_ID_LENGTH = 100;

/**
 * /settings/regions: a workspace's SES regions (its primary and failover order), as `svc workspace
 * regions` shows and sets them, for operators only (the regions are the install's, and moving a
 * workspace's mail is the install's decision). `?workspace=org_…` names the workspace, the
 * operator's current one by default. Only SES_REGIONS are offered; a region outside them, a
 * duplicate or the primary among its failovers is refused with the reason, changing nothing. The
 * change records `workspace.regions_changed` in its transaction, as the CLI's does.
 */
export function regionsRoutes(deps: DashboardDeps): Router {
  const router = Router();
  const audit = dashboardAuditor(deps);
  const configured = sesRegionNamesOf(deps.env);

  async function render(
    req: Request,
    res: Response,
    w: WorkspaceRequest,
    workspaceId: string,
    extra: { status?: number; error?: string } = {},
  ) {
    const workspace = await getWorkspace(deps.prisma, workspaceId);
    sendPage(req, res, w, {
      title: "SES regions",
      nav: null,
      status: extra.status,
      ...(extra.status ? { notice: null } : {}),
      body: regionsBody({
        csrf: w.csrf,
        workspaceId: workspace.id,
        workspaceName: workspace.name,
        configured,
        regions: await getWorkspaceRegions(deps.db, workspace.id, configured),
        ...(extra.error ? { error: extra.error } : {}),
      }),
    });
  }

  router.get("/settings/regions", requireOperator(), async (req, res) => {
    const w = workspaceRequest(req);
    const named = typeof req.query.workspace === "string" ? req.query.workspace.trim().slice(0, MAX_ID_LENGTH) : "";
    await render(req, res, w, named || w.workspaceId);
  });

  router.post("/settings/regions", requireOperator(), async (req, res) => {
    const w = workspaceRequest(req);
    const workspaceId = formString(req, "workspaceId", MAX_ID_LENGTH) || w.workspaceId;
    // The failover slots in order; every one empty: pinned to the primary.
    const failover = Array.from({ length: Math.max(configured.length - 1, 0) }, (_, slot) =>
      formString(req, `failover${slot + 1}`, 64),
    ).filter((region) => region !== "");
    const change: WorkspaceRegionsChange = {
      primary: formString(req, "primary", 64) || "default",
      failover: failover.length > 0 ? failover : "none",
    };
    try {
      await setWorkspaceRegions(deps.db, workspaceId, change, configured, audit.by(req, w));
    } catch (error) {
      if (!(error instanceof AppError) || error.code === "not_found") throw error;
      await render(req, res, w, workspaceId, { status: error.status, error: error.message });
      return;
    }
    res.redirect(303, `/settings/regions?workspace=${encodeURIComponent(workspaceId)}&notice=regions_saved`);
  });

  return router;
}
