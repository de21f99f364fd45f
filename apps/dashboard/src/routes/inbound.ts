import { getInbound, listInbound } from "@svc/core";
import { Router } from "express";
import type { DashboardDeps } from "../deps.ts";
import { requirePermission, workspaceRequest } from "../http/guards.ts";
import { param, sendPage } from "../http/render.ts";
import { inboundDetailBody, inboxBody } from "../views/pages/inbound.ts";

/** The workspace's inbox; another workspace's message is "not found". */
export function inboundRoutes(deps: DashboardDeps): Router {
  const router = Router();

  router.get("/inbound", requirePermission("workspace:read"), async (req, res) => {
    const w = workspaceRequest(req);
    const after = typeof req.query.after === "string" && req.query.after !== "" ? req.query.after.slice(0, 64) : undefined;
    const page = await listInbound(deps.prisma, w.workspaceId, { limit: 50, ...(after ? { after } : {}) });
    sendPage(req, res, w, { title: "Inbox", nav: "inbox", body: inboxBody(page) });
  });

  router.get("/inbound/:id", requirePermission("workspace:read"), async (req, res) => {
    const w = workspaceRequest(req);
    const message = await getInbound(deps.prisma, w.workspaceId, param(req, "id"));
    sendPage(req, res, w, { title: message.subject ?? "Inbound message", nav: "inbox", body: inboundDetailBody(message) });
  });

  return router;
}
