import { type DoctorCheck, installChecks } from "@svc/doctor";
import { Router } from "express";
import type { DashboardDeps } from "../deps.ts";
import { requireOperator, workspaceRequest } from "../http/guards.ts";
import { sendPage } from "../http/render.ts";
import { doctorBody } from "../views/pages/doctor.ts";

/**
 * GET /settings/doctor: `svc doctor`'s read-only checks (the same modules, @svc/doctor), for
 * operators only: DNS of every sending domain, and with SES each region's account, setup, tenants
 * and ingester. One run at a time per process: requests that arrive during a run share its result,
 * so reloading the page cannot multiply the DNS and AWS calls it makes.
 */
export function doctorRoutes(deps: DashboardDeps): Router {
  const router = Router();
  let running: Promise<DoctorCheck[]> | null = null;
  const run = () => {
    running ??= installChecks(deps.db, deps.env).finally(() => {
      running = null;
    });
    return running;
  };
  router.get("/settings/doctor", requireOperator(), async (req, res) => {
    const w = workspaceRequest(req);
    sendPage(req, res, w, { title: "Doctor", nav: null, body: doctorBody({ checks: await run() }) });
  });
  return router;
}
