import {
  createTemplate,
  deleteTemplate,
  duplicateTemplate,
  getTemplate,
  listTemplates,
  listTemplateVersions,
  publishTemplate,
  renderTemplate,
  sqlPool,
  updateTemplate,
} from "@svc/core";
import { Router } from "express";
import type { ApiDeps } from "../deps.ts";
import { authOf } from "../middleware/authenticate.ts";
import { jsonBody } from "../middleware/jsonBody.ts";
import { renderBusyAsAnswer } from "../middleware/renderRate.ts";
import { requirePermission } from "../middleware/requirePermission.ts";
import { workspaceRateLimit } from "../middleware/workspaceRate.ts";

/**
 * /templates: reads for read-only and full-access keys, writes for full-access keys. A template
 * is named by id or alias; another workspace's template is a missing one (404).
 */
export function templatesRouter(deps: ApiDeps): Router {
  const router = Router();
  const pool = sqlPool(deps.db);
  const name = (params: Record<string, unknown>) => params.id as string;

  router.get("/", requirePermission("templates:read"), async (req, res) => {
    res.json(await listTemplates(pool, authOf(res).workspaceId, req.query as Record<string, unknown>));
  });
  router.post("/", requirePermission("templates:manage"), jsonBody(), async (req, res) => {
    res.status(201).json(await renderBusyAsAnswer(res, createTemplate(pool, deps.renderPool, authOf(res).workspaceId, req.body)));
  });
  router.get("/:id", requirePermission("templates:read"), async (req, res) => {
    res.json(await getTemplate(pool, authOf(res).workspaceId, name(req.params)));
  });
  router.patch("/:id", requirePermission("templates:manage"), jsonBody(), async (req, res) => {
    res.json(await renderBusyAsAnswer(res, updateTemplate(pool, deps.renderPool, authOf(res).workspaceId, name(req.params), req.body)));
  });
  router.delete("/:id", requirePermission("templates:manage"), async (req, res) => {
    res.json(await deleteTemplate(pool, authOf(res).workspaceId, name(req.params)));
  });
  router.post("/:id/publish", requirePermission("templates:manage"), jsonBody(), async (req, res) => {
    res.status(201).json(await publishTemplate(pool, authOf(res).workspaceId, name(req.params), req.body));
  });
  router.post("/:id/duplicate", requirePermission("templates:manage"), jsonBody(), async (req, res) => {
    res.status(201).json(await duplicateTemplate(pool, authOf(res).workspaceId, name(req.params), req.body));
  });
  router.get("/:id/versions", requirePermission("templates:read"), async (req, res) => {
    res.json({ data: await listTemplateVersions(pool, authOf(res).workspaceId, name(req.params)) });
  });
  const renderRate = workspaceRateLimit(deps.rateLimiter, {
    bucket: "template-render",
    perMinute: deps.config.API_TEMPLATE_RENDERS_PER_MINUTE,
    code: "render_rate_limited",
    what: "template renders",
  });
  router.post("/:id/render", requirePermission("templates:read"), renderRate, jsonBody(), async (req, res) => {
    res.json(await renderBusyAsAnswer(res, renderTemplate(pool, deps.renderPool, authOf(res).workspaceId, name(req.params), req.body)));
  });

  return router;
}
