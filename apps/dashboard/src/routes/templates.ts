import {
  AppError,
  createTemplate,
  getTemplate,
  listTemplates,
  listTemplateVersions,
  previewTemplateDraft,
  publishTemplate,
  sqlPool,
  updateTemplate,
} from "@svc/core";
import { type Request, type Response, Router } from "express";
import type { DashboardDeps } from "../deps.ts";
import { requirePermission, type WorkspaceRequest, workspaceRequest } from "../http/guards.ts";
import { formString, param, sendPage } from "../http/render.ts";
import { templateEditorBody, templatesBody } from "../views/pages/templates.ts";

const SOURCE_LIMIT = 60_000;

/** The form's JSON field, or a 422 naming it. */
function jsonField(req: Request, name: string, fallback: unknown): unknown {
  const text = formString(req, name, SOURCE_LIMIT);
  if (!text) return fallback;
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("validation_failed", `${name}: must be JSON.`);
  }
}

function sampleOf(req: Request): Record<string, unknown> {
  const sample = jsonField(req, "sample", {});
  if (typeof sample !== "object" || sample === null || Array.isArray(sample))
    throw new AppError("validation_failed", "sample: must be a JSON object.");
  return sample as Record<string, unknown>;
}

/**
 * Templates: every member may look and preview; members who may write create, save drafts and
 * publish. The same core service as the REST API and `svc template`.
 */
export function templateRoutes(deps: DashboardDeps): Router {
  const router = Router();
  const pool = sqlPool(deps.db);

  async function renderList(
    req: Request,
    res: Response,
    w: WorkspaceRequest,
    form?: { name?: string; alias?: string; error?: string },
  ): Promise<void> {
    const { data } = await listTemplates(pool, w.workspaceId, { limit: 100 });
    sendPage(req, res, w, {
      title: "Templates",
      nav: "templates",
      ...(form?.error ? { status: 422 } : {}),
      body: templatesBody({ templates: data, csrf: w.csrf, canWrite: w.canWrite, ...(form ? { form } : {}) }),
    });
  }

  async function renderEditor(
    req: Request,
    res: Response,
    w: WorkspaceRequest,
    id: string,
    options: { sample?: Record<string, unknown>; error?: string } = {},
  ): Promise<void> {
    const template = await getTemplate(pool, w.workspaceId, id);
    const sample = options.sample ?? Object.fromEntries(template.draft.variables.map((v) => [v.name, v.fallback ?? sampleValue(v.type)]));
    const preview = await previewTemplateDraft(pool, w.workspaceId, template.id, {
      subject: template.draft.subject,
      html: template.draft.html,
      text: template.draft.text,
      sample,
    });
    sendPage(req, res, w, {
      title: template.name,
      nav: "templates",
      ...(options.error ? { status: 422 } : {}),
      body: templateEditorBody({
        template,
        versions: await listTemplateVersions(pool, w.workspaceId, template.id),
        sample: JSON.stringify(sample, null, 2),
        preview,
        csrf: w.csrf,
        canWrite: w.canWrite,
        ...(options.error ? { error: options.error } : {}),
      }),
    });
  }

  router.get("/templates", requirePermission("workspace:read"), async (req, res) => {
    await renderList(req, res, workspaceRequest(req));
  });

  router.post("/templates", requirePermission("workspace:write"), async (req, res) => {
    const w = workspaceRequest(req);
    const name = formString(req, "name", 200);
    const alias = formString(req, "alias", 100);
    try {
      const created = await createTemplate(pool, w.workspaceId, {
        name,
        alias,
        subject: "Hello {{ name }}",
        html: "<p>Hello {{ name }}</p>",
        variables: [{ name: "name", type: "string", fallback: "there" }],
      });
      res.redirect(303, `/templates/${created.id}`);
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      await renderList(req, res, w, { name, alias, error: error.message });
    }
  });

  router.get("/templates/:id", requirePermission("workspace:read"), async (req, res) => {
    await renderEditor(req, res, workspaceRequest(req), param(req, "id"));
  });

  router.post("/templates/:id", requirePermission("workspace:write"), async (req, res) => {
    const w = workspaceRequest(req);
    const id = param(req, "id");
    try {
      const sample = sampleOf(req);
      const text = formString(req, "text", SOURCE_LIMIT);
      await updateTemplate(pool, w.workspaceId, id, {
        subject: formString(req, "subject", SOURCE_LIMIT),
        html: formString(req, "html", SOURCE_LIMIT),
        text: text || null,
        variables: jsonField(req, "variables", []),
      });
      await renderEditor(req, res, w, id, { sample });
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500 || error.code === "not_found") throw error;
      await renderEditor(req, res, w, id, { error: error.message });
    }
  });

  router.post("/templates/:id/publish", requirePermission("workspace:write"), async (req, res) => {
    const w = workspaceRequest(req);
    const id = param(req, "id");
    const from = formString(req, "fromVersion", 12);
    try {
      await publishTemplate(pool, w.workspaceId, id, from ? { fromVersion: Number(from) } : {});
      res.redirect(303, `/templates/${encodeURIComponent(id)}`);
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500 || error.code === "not_found") throw error;
      await renderEditor(req, res, w, id, { error: error.message });
    }
  });

  /** The live preview (app.js): the unsaved draft rendered with the sample data, as JSON. */
  router.post("/templates/:id/preview", requirePermission("workspace:read"), async (req, res) => {
    const w = workspaceRequest(req);
    let sample: Record<string, unknown>;
    try {
      sample = sampleOf(req);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      res.json({ error: error.message });
      return;
    }
    const text = formString(req, "text", SOURCE_LIMIT);
    res.json(
      await previewTemplateDraft(pool, w.workspaceId, param(req, "id"), {
        subject: formString(req, "subject", SOURCE_LIMIT) || "-",
        html: formString(req, "html", SOURCE_LIMIT),
        text: text || null,
        sample,
      }),
    );
  });

  return router;
}

function sampleValue(type: string): unknown {
  return { string: "sample", number: 1, boolean: true, list: [], object: {} }[type] ?? null;
}
