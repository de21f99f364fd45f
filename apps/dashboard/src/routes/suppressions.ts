import { pipeline } from "node:stream/promises";
import {
  AppError,
  addManualSuppression,
  exportSuppressionsCsv,
  getSuppression,
  importSuppressionsCsv,
  listSuppressions,
  parseManualSuppression,
  parseReason,
  parseRecipientAddress,
  removeSuppression,
  type SuppressionListQuery,
  sqlPool,
} from "@svc/core";
import { type Request, type Response, Router } from "express";
import type { DashboardDeps } from "../deps.ts";
import { dashboardAuditor } from "../http/audit.ts";
import { requirePermission, type WorkspaceRequest, workspaceRequest } from "../http/guards.ts";
import { formString, param, sendPage } from "../http/render.ts";
import { removeSuppressionBody, type SuppressionsPage, suppressionsBody } from "../views/pages/suppressions.ts";

const PAGE_SIZE = 50;

const queryText = (req: Request, name: string) =>
  typeof req.query[name] === "string" ? (req.query[name] as string).trim().slice(0, 254) : "";

/**
 * The workspace's suppression list: every member may look (and export), members who may write
 * add, import and remove. Same domain code as `svc suppression` and the REST API.
 */
export function suppressionRoutes(deps: DashboardDeps): Router {
  const router = Router();
  const audit = dashboardAuditor(deps);
  const pool = sqlPool(deps.db);

  async function render(
    req: Request,
    res: Response,
    w: WorkspaceRequest,
    extra: Partial<SuppressionsPage> & { status?: number } = {},
  ): Promise<void> {
    const q = queryText(req, "q");
    const reasonText = queryText(req, "reason");
    const query: SuppressionListQuery = { limit: PAGE_SIZE + 1 };
    if (q && !/[\u0000-\u001f\u007f]/.test(q)) query.address = q.toLowerCase();
    try {
      if (reasonText) query.reason = parseReason(reasonText);
    } catch {
      // An unknown reason filters nothing.
    }
    const after = queryText(req, "after");
    if (after && !/[\u0000-\u001f\u007f]/.test(after)) query.after = after.toLowerCase();
    const rows = await listSuppressions(pool, w.workspaceId, query);
    const entries = rows.slice(0, PAGE_SIZE);
    const { status, ...page } = extra;
    sendPage(req, res, w, {
      title: "Suppressions",
      nav: "suppressions",
      ...(status ? { status } : {}),
      body: suppressionsBody({
        entries,
        search: { q, reason: query.reason ?? "" },
        nextAfter: rows.length > PAGE_SIZE ? entries[entries.length - 1]!.address : null,
        csrf: w.csrf,
        canWrite: w.canWrite,
        ...page,
      }),
    });
  }

  router.get("/suppressions", requirePermission("workspace:read"), async (req, res) => {
    await render(req, res, workspaceRequest(req));
  });

  router.get("/suppressions/export.csv", requirePermission("workspace:read"), async (req, res) => {
    const w = workspaceRequest(req);
    // Recorded before the list leaves: an export that could not be recorded does not happen.
    await audit.change(req, w, { action: "suppression.exported", target: { type: "suppression_list", id: w.workspaceId } });
    res
      .status(200)
      .type("text/csv; charset=utf-8")
      .setHeader("content-disposition", `attachment; filename="suppressions-${w.workspaceId}.csv"`);
    // pipeline waits for the client to take each chunk (back-pressure) and ends or cuts the answer.
    await pipeline(exportSuppressionsCsv(pool, w.workspaceId), res);
  });

  router.post("/suppressions", requirePermission("workspace:write"), async (req, res) => {
    const w = workspaceRequest(req);
    const address = formString(req, "address", 1000);
    const expiresText = formString(req, "expiresAt", 40);
    try {
      // datetime-local sends no zone: read it as UTC, as the label says.
      const expiresAt = expiresText
        ? /[zZ]|[+-]\d\d:\d\d$/.test(expiresText)
          ? expiresText
          : `${expiresText.length === 16 ? `${expiresText}:00` : expiresText}Z`
        : undefined;
      const input = parseManualSuppression({ address, ...(expiresAt ? { expiresAt } : {}) });
      const { created, suppression } = await addManualSuppression(pool, w.workspaceId, input);
      if (created)
        await audit.change(req, w, {
          action: "suppression.added",
          target: { type: "suppression", id: suppression.address },
          changes: { reason: suppression.reason, expiresAt: suppression.expiresAt },
        });
      res.redirect(303, `/suppressions?notice=${created ? "suppression_added" : "suppression_exists"}`);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await render(req, res, w, { status: error.status, form: { address, expiresAt: expiresText, error: error.message } });
    }
  });

  router.post("/suppressions/import", requirePermission("workspace:write"), async (req, res) => {
    const w = workspaceRequest(req);
    const body = req.body as Record<string, unknown> | undefined;
    const csv = typeof body?.csv === "string" ? body.csv : "";
    try {
      if (csv.trim() === "") throw new AppError("validation_failed", "Choose a CSV file or paste its contents.");
      const importReport = await importSuppressionsCsv(pool, w.workspaceId, csv);
      await audit.change(req, w, {
        action: "suppression.imported",
        target: { type: "suppression_list", id: w.workspaceId },
        changes: { added: importReport.added, skipped: importReport.skipped, invalid: importReport.invalid },
      });
      await render(req, res, w, { importReport });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await render(req, res, w, { status: error.status, importError: error.message });
    }
  });

  /** The entry named in the path, or 404 (another workspace's entry is a missing one). */
  async function entryOf(req: Request, w: WorkspaceRequest) {
    let address: string;
    try {
      address = parseRecipientAddress(param(req, "address"), "address");
    } catch {
      throw new AppError("not_found", "Suppression not found.");
    }
    return getSuppression(pool, w.workspaceId, address);
  }

  router.get("/suppressions/:address/remove", requirePermission("workspace:write"), async (req, res) => {
    const w = workspaceRequest(req);
    const entry = await entryOf(req, w);
    sendPage(req, res, w, { title: "Remove from suppression list", nav: "suppressions", body: removeSuppressionBody(entry, w.csrf) });
  });

  router.post("/suppressions/:address/remove", requirePermission("workspace:write"), async (req, res) => {
    const w = workspaceRequest(req);
    const entry = await entryOf(req, w);
    try {
      await removeSuppression(pool, w.workspaceId, entry.address, { confirmComplaint: formString(req, "confirm", 20) === "complaint" });
      await audit.change(req, w, {
        action: "suppression.removed",
        target: { type: "suppression", id: entry.address },
        changes: { reason: entry.reason },
      });
      res.redirect(303, "/suppressions?notice=suppression_removed");
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== "confirmation_required") throw error;
      sendPage(req, res, w, {
        title: "Remove from suppression list",
        nav: "suppressions",
        status: 409,
        body: removeSuppressionBody(entry, w.csrf, "Tick the box to confirm: this recipient complained."),
      });
    }
  });

  return router;
}
