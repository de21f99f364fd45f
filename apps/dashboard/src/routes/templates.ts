import {
  AppError,
  createTemplate,
  diffTemplateVersions,
  getTemplate,
  listDomains,
  listTemplates,
  listTemplateVersions,
  listTestRecipients,
  type ParsedVariableRows,
  parseTemplateSide,
  parseVariableRows,
  previewTemplateDraft,
  publishTemplate,
  RenderBusy,
  sendTemplateTest,
  sqlPool,
  type TemplatePreview,
  type TemplateView,
  updateTemplate,
  type VariableRow,
  variableRowsOf,
} from "@svc/core";
import { type Request, type Response, Router } from "express";
import type { DashboardDeps } from "../deps.ts";
import { dashboardAuditor } from "../http/audit.ts";
import { requirePermission, type WorkspaceRequest, workspaceRequest } from "../http/guards.ts";
import { formList, formString, param, sendPage } from "../http/render.ts";
import { type EditorState, templateDiffBody, templateEditorBody, templatesBody } from "../views/pages/templates.ts";

const SOURCE_LIMIT = 512 * 1024;
const ROW_FIELD_LIMIT = 64 * 1024;

/** The variables panel's rows as posted (each field is sent once per row, in order). */
function rowsOf(req: Request): VariableRow[] {
  const names = formList(req, "var_name");
  const types = formList(req, "var_type");
  const required = formList(req, "var_required");
  const fallbacks = formList(req, "var_fallback");
  const samples = formList(req, "var_sample");
  return names.map((name, i) => ({
    name: name.slice(0, 200),
    type: types[i] ?? "string",
    required: required[i] === "required",
    fallback: (fallbacks[i] ?? "").slice(0, ROW_FIELD_LIMIT),
    sample: (samples[i] ?? "").slice(0, ROW_FIELD_LIMIT),
  }));
}

/**
 * A source field as typed (not trimmed: whitespace is part of a template), with the CRLF line
 * ends a browser gives a textarea's value back as LF, as the sources are written elsewhere.
 */
function sourceField(req: Request, name: string): string {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" ? value.slice(0, SOURCE_LIMIT).replace(/\r\n/g, "\n") : "";
}

/** What the preview renders with: each row's sample, else its fallback, else a value of its type. */
function previewValues(parsed: ParsedVariableRows): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const row of parsed.rows) {
    if (row.name === "") continue;
    if (Object.hasOwn(parsed.sample, row.name)) values[row.name] = parsed.sample[row.name];
    else if (Object.hasOwn(parsed.fallbacks, row.name)) values[row.name] = parsed.fallbacks[row.name];
    else values[row.name] = sampleValue(row.type);
  }
  return values;
}

function savedState(template: TemplateView): EditorState {
  const rows = variableRowsOf(
    template.draft.variables,
    Object.fromEntries(template.draft.variables.map((v) => [v.name, v.fallback ?? sampleValue(v.type)])),
  );
  return {
    subject: template.draft.subject,
    html: template.draft.html,
    text: template.draft.text ?? "",
    rows,
    rowErrors: rows.map(() => ({})),
  };
}

function postedState(req: Request, parsed: ParsedVariableRows): EditorState {
  return {
    subject: sourceField(req, "subject"),
    html: sourceField(req, "html"),
    text: sourceField(req, "text"),
    rows: parsed.rows,
    rowErrors: parsed.errors,
  };
}

/**
 * Templates: every member may look, preview and compare versions; members who may write create,
 * save drafts, publish and send tests. The same core service as the REST API and `svc template`.
 */
export function templateRoutes(deps: DashboardDeps): Router {
  const router = Router();
  const pool = sqlPool(deps.db);
  const audit = dashboardAuditor(deps);
  const previewsPerMinute = deps.env.DASHBOARD_TEMPLATE_PREVIEWS_PER_MINUTE;

  /**
   * A preview, counted against the workspace's preview rate (its own limiter: each is a render of
   * a tenant's template) and run in the render pool. Past the rate or the workspace's render
   * share, the preview is the message to show, with the seconds to wait.
   */
  async function previewFor(
    workspaceId: string,
    templateId: string,
    draft: Parameters<typeof previewTemplateDraft>[4],
  ): Promise<{ preview: TemplatePreview; retryAfterSeconds?: number }> {
    const decision = await deps.previewLimiter.take(`template-preview:${workspaceId}`, {
      perSecond: previewsPerMinute / 60,
      burst: previewsPerMinute,
    });
    if (decision && !decision.allowed)
      return {
        preview: {
          error: `Preview paused: a workspace may preview ${previewsPerMinute} times a minute. It resumes in ${decision.retryAfterSeconds} s.`,
        },
        retryAfterSeconds: decision.retryAfterSeconds,
      };
    try {
      return { preview: await previewTemplateDraft(pool, deps.renderPool, workspaceId, templateId, draft) };
    } catch (error) {
      if (!(error instanceof RenderBusy)) throw error;
      return { preview: { error: error.message }, retryAfterSeconds: Math.max(1, Math.ceil(error.retryAfterMs / 1000)) };
    }
  }

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
    options: {
      state?: EditorState;
      error?: string;
      status?: number;
      sentEmailId?: string;
      chosen?: { side: string; to: string; from: string };
    } = {},
  ): Promise<void> {
    const template = await getTemplate(pool, w.workspaceId, id);
    const state = options.state ?? savedState(template);
    const parsed = parseVariableRows(state.rows);
    const [versions, recipients, domains, preview] = await Promise.all([
      listTemplateVersions(pool, w.workspaceId, template.id),
      // The stored verification state: the SES refresh belongs to the Test recipients page.
      w.canWrite ? listTestRecipients(deps.prisma, w.workspaceId) : Promise.resolve([]),
      w.canWrite ? listDomains(deps.prisma, w.workspaceId) : Promise.resolve([]),
      previewFor(w.workspaceId, template.id, {
        subject: state.subject || "-",
        html: state.html,
        text: state.text || null,
        sample: previewValues(parsed),
      }).then((answer) => answer.preview),
    ]);
    const domain = domains.find((d) => d.status === "verified")?.domain;
    sendPage(req, res, w, {
      title: template.name,
      nav: "templates",
      ...(options.status ? { status: options.status } : {}),
      body: templateEditorBody({
        template,
        versions,
        state,
        preview,
        testSend: {
          recipients: recipients.filter((r) => r.verification === "verified").map((r) => r.email),
          from: domain ? `Test <test@${domain}>` : null,
          perHour: deps.env.DASHBOARD_TEMPLATE_TEST_SENDS_PER_HOUR,
          ...(options.chosen ? { chosen: options.chosen } : {}),
        },
        csrf: w.csrf,
        canWrite: w.canWrite,
        ...(options.error ? { error: options.error } : {}),
        ...(options.sentEmailId ? { sentEmailId: options.sentEmailId } : {}),
      }),
    });
  }

  /** An AppError a person can act on is shown on the editor; a 404 and anything else go to the error handler. */
  /** The workspace's render share spent (a draft's parse or render refused for now): told on the page, 429. */
  const renderBusyAsError = (error: unknown): never => {
    throw error instanceof RenderBusy ? new AppError("render_rate_limited", error.message) : error;
  };
  const shown = (error: unknown): error is AppError => error instanceof AppError && error.status < 500 && error.code !== "not_found";

  router.get("/templates", requirePermission("workspace:read"), async (req, res) => {
    await renderList(req, res, workspaceRequest(req));
  });

  router.post("/templates", requirePermission("workspace:write"), async (req, res) => {
    const w = workspaceRequest(req);
    const name = formString(req, "name", 200);
    const alias = formString(req, "alias", 100);
    try {
      const created = await createTemplate(pool, deps.renderPool, w.workspaceId, {
        name,
        alias,
        subject: "Hello {{ name }}",
        html: "<p>Hello {{ name }}</p>",
        variables: [{ name: "name", type: "string", fallback: "there" }],
      }).catch(renderBusyAsError);
      await audit.change(req, w, {
        action: "template.created",
        target: { type: "template", id: created.id },
        changes: { name: created.name, alias: created.alias },
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

  /** Saves the draft. Problems come back on the form as posted, each variable's next to its field. */
  router.post("/templates/:id", requirePermission("workspace:write"), async (req, res) => {
    const w = workspaceRequest(req);
    const id = param(req, "id");
    const parsed = parseVariableRows(rowsOf(req));
    const state = postedState(req, parsed);
    if (!parsed.declarations) {
      await renderEditor(req, res, w, id, { state, status: 422, error: "Some variables are not valid: see the marked fields." });
      return;
    }
    try {
      const draft = {
        subject: state.subject,
        html: state.html,
        text: state.text.trim() === "" ? null : state.text,
        variables: parsed.declarations,
      };
      const updated = await updateTemplate(pool, deps.renderPool, w.workspaceId, id, draft).catch(renderBusyAsError);
      // The fields the form saves, as the REST API records a PATCH's (long bodies are cut in the entry).
      await audit.change(req, w, { action: "template.updated", target: { type: "template", id: updated.id }, changes: draft });
      await renderEditor(req, res, w, id, { state });
    } catch (error) {
      if (!shown(error)) throw error;
      await renderEditor(req, res, w, id, { state, status: error.status, error: error.message });
    }
  });

  router.post("/templates/:id/publish", requirePermission("workspace:write"), async (req, res) => {
    const w = workspaceRequest(req);
    const id = param(req, "id");
    const from = formString(req, "fromVersion", 12);
    try {
      const body = from ? { fromVersion: Number(from) } : {};
      const version = await publishTemplate(pool, w.workspaceId, id, body);
      await audit.change(req, w, {
        action: "template.published",
        target: { type: "template", id },
        changes: { ...body, version: version.version },
      });
      res.redirect(303, `/templates/${encodeURIComponent(id)}`);
    } catch (error) {
      if (!shown(error)) throw error;
      await renderEditor(req, res, w, id, { status: error.status, error: error.message });
    }
  });

  /**
   * "Send a test": the saved draft or a version, with the panel's sample values, as a test-mode
   * email to one of the workspace's verified test recipients (core templates/testSend.ts).
   */
  router.post("/templates/:id/test", requirePermission("workspace:write"), async (req, res) => {
    const w = workspaceRequest(req);
    const id = param(req, "id");
    const parsed = parseVariableRows(rowsOf(req));
    const state = postedState(req, parsed);
    const chosen = { side: formString(req, "side", 12), to: formString(req, "to", 320), from: formString(req, "from", 320) };
    try {
      if (parsed.errors.some((e) => e.sample !== undefined))
        throw new AppError("validation_failed", "Some sample values are not valid: see the marked fields.");
      const { emailId } = await sendTemplateTest(
        deps.db,
        deps.renderPool,
        w.workspaceId,
        { template: id, side: parseTemplateSide(chosen.side, "side"), from: chosen.from, to: chosen.to, variables: parsed.sample },
        { perHour: deps.env.DASHBOARD_TEMPLATE_TEST_SENDS_PER_HOUR },
      ).catch(renderBusyAsError);
      await audit.change(req, w, {
        action: "template.test_sent",
        target: { type: "template", id },
        changes: { side: chosen.side, from: chosen.from, to: chosen.to, emailId },
      });
      // The row is committed; the sender's sweeper enqueues it if Redis does not answer in time.
      await deps.sendQueue.enqueueOrLeaveToSweeper(w.workspaceId, [emailId], 2_000, deps.log);
      await renderEditor(req, res, w, id, { state, chosen, sentEmailId: emailId });
    } catch (error) {
      if (!shown(error)) throw error;
      await renderEditor(req, res, w, id, { state, chosen, status: error.status, error: error.message });
    }
  });

  /** Two sides of the template (versions or the saved draft), a line diff of each part. */
  router.get("/templates/:id/diff", requirePermission("workspace:read"), async (req, res) => {
    const w = workspaceRequest(req);
    const template = await getTemplate(pool, w.workspaceId, param(req, "id"));
    const from = parseTemplateSide(req.query.from, "from");
    const to = parseTemplateSide(req.query.to ?? "draft", "to");
    const [diff, versions] = await Promise.all([
      diffTemplateVersions(pool, w.workspaceId, template.id, from, to),
      listTemplateVersions(pool, w.workspaceId, template.id),
    ]);
    const sides: Array<[string, string]> = [
      ["draft", "Draft"],
      ...versions.map((v): [string, string] => [String(v.version), `v${v.version}`]),
    ];
    sendPage(req, res, w, { title: `${template.name}: changes`, nav: "templates", body: templateDiffBody({ template, diff, sides }) });
  });

  /** The live preview (app.js): the unsaved draft rendered with the panel's sample values, as JSON. */
  router.post("/templates/:id/preview", requirePermission("workspace:read"), async (req, res) => {
    const w = workspaceRequest(req);
    const parsed = parseVariableRows(rowsOf(req));
    const text = sourceField(req, "text");
    const { preview, retryAfterSeconds } = await previewFor(w.workspaceId, param(req, "id"), {
      subject: sourceField(req, "subject") || "-",
      html: sourceField(req, "html"),
      text: text.trim() === "" ? null : text,
      sample: previewValues(parsed),
    });
    if (retryAfterSeconds === undefined) return void res.json(preview);
    res.setHeader("Retry-After", String(retryAfterSeconds));
    res.status(429).json({ ...preview, code: "render_rate_limited" });
  });

  return router;
}

function sampleValue(type: string): unknown {
  return { string: "sample", number: 1, boolean: true, list: [], object: {} }[type] ?? null;
}
