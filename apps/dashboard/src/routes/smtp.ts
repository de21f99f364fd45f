import { Router } from "express";
import type { DashboardDeps } from "../deps.ts";
import { requirePermission, workspaceRequest } from "../http/guards.ts";
import { sendPage } from "../http/render.ts";
import { smtpBody } from "../views/pages/smtp.ts";

/** The user name every SMTP client logs in with; the API key is the password. */
const SMTP_USERNAME = "svc";

/** The SMTP relay's connection settings, as this install publishes them (SMTP_HOSTNAME, SMTP_PORT, SMTPS_PORT). */
export function smtpRoutes(deps: DashboardDeps): Router {
  const router = Router();

  router.get("/smtp", requirePermission("workspace:read"), (req, res) => {
    const w = workspaceRequest(req);
    const { SMTP_HOSTNAME, SMTP_PORT, SMTPS_PORT } = deps.env;
    sendPage(req, res, w, {
      title: "SMTP",
      nav: "smtp",
      body: smtpBody({ host: SMTP_HOSTNAME, port: SMTP_PORT, tlsPort: SMTPS_PORT > 0 ? SMTPS_PORT : null, username: SMTP_USERNAME }),
    });
  });

  return router;
}
