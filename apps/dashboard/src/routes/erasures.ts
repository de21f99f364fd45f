import { AppError, erasureReceiptDocument, getErasure, listErasures, parseErasureRequest, requestErasure } from "@svc/core";
import { type Request, type Response, Router } from "express";
import type { DashboardDeps } from "../deps.ts";
import { requirePermission, type WorkspaceRequest, workspaceRequest } from "../http/guards.ts";
import { formString, param, sendPage } from "../http/render.ts";
import { type ErasuresPage, erasuresBody } from "../views/pages/erasures.ts";

/** Entries of a textarea: one a line or separated by commas. */
const entries = (text: string) =>
  text
    .split(/[\n,]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");

/**
 * Erasures, for the workspace's owners (an erasure cannot be undone): request one, list them with
 * their status, download a receipt. The request is the same as `POST /erasures`, counted against
 * the same per-workspace rate; the api's erasure runner does the work.
 */
export function erasureRoutes(deps: DashboardDeps): Router {
  const router = Router();
  const perMinute = deps.env.DASHBOARD_ERASURES_PER_MINUTE;

  async function render(req: Request, res: Response, w: WorkspaceRequest, extra: Partial<ErasuresPage> & { status?: number } = {}) {
    const { status, ...page } = extra;
    sendPage(req, res, w, {
      title: "Erasures",
      nav: "erasures",
      ...(status ? { status } : {}),
      body: erasuresBody({ erasures: await listErasures(deps.db, w.workspaceId, {}), csrf: w.csrf, ...page }),
    });
  }

  router.get("/erasures", requirePermission("members:manage"), async (req, res) => {
    await render(req, res, workspaceRequest(req));
  });

  router.post("/erasures", requirePermission("members:manage"), async (req, res) => {
    const w = workspaceRequest(req);
    const addresses = formString(req, "addresses", 2_000_000);
    const emailIds = formString(req, "emailIds", 200_000);
    const form = { addresses, emailIds };
    try {
      const request = parseErasureRequest({ addresses: entries(addresses), emailIds: entries(emailIds) });
      // The API's bucket: a workspace's erasures are counted together, whichever door they come through.
      const decision = await deps.previewLimiter.take(`erasure:${w.workspaceId}`, { perSecond: perMinute / 60, burst: perMinute });
      if (decision && !decision.allowed) {
        res.setHeader("Retry-After", String(decision.retryAfterSeconds));
        throw new AppError(
          "erasure_rate_limited",
          `Too many erasure requests: a workspace may ask ${perMinute} times a minute. Retry after ${decision.retryAfterSeconds} s.`,
        );
      }
      await requestErasure(deps.db, {
        workspaceId: w.workspaceId,
        request,
        actor: { type: "user", id: w.session.userId },
        source: req.ip ?? req.socket.remoteAddress ?? null,
      });
      res.redirect(303, "/erasures?notice=erasure_requested");
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await render(req, res, w, { status: error.status, form: { ...form, error: error.message } });
    }
  });

  router.get("/erasures/:id/receipt.json", requirePermission("members:manage"), async (req, res) => {
    const w = workspaceRequest(req);
    const erasure = await getErasure(deps.db, w.workspaceId, param(req, "id"));
    res.setHeader("Content-Disposition", `attachment; filename="${erasure.id}-receipt.json"`);
    res.json(erasureReceiptDocument(w.workspaceId, erasure));
  });

  return router;
}
