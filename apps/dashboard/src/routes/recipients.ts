import { AppError, addTestRecipient, listTestRecipients, removeTestRecipient } from "@svc/core";
import { Router } from "express";
import type { DashboardDeps } from "../deps.ts";
import { dashboardAuditor } from "../http/audit.ts";
import { requirePermission, workspaceRequest } from "../http/guards.ts";
import { formString, param, sendPage } from "../http/render.ts";
import { html } from "../views/html.ts";
import { confirmBody } from "../views/pages/confirm.ts";
import { recipientsBody } from "../views/pages/recipients.ts";

/** Same domain code as `svc recipient add`. */
export function recipientRoutes(deps: DashboardDeps): Router {
  const router = Router();
  const audit = dashboardAuditor(deps);

  router.get("/test-recipients", requirePermission("workspace:read"), async (req, res) => {
    const w = workspaceRequest(req);
    const recipients = await listTestRecipients(deps.prisma, w.workspaceId, deps.domains.identities);
    sendPage(req, res, w, {
      title: "Test recipients",
      nav: "recipients",
      body: recipientsBody({ recipients, csrf: w.csrf, canWrite: w.canWrite }),
    });
  });

  router.post("/test-recipients", requirePermission("workspace:write"), async (req, res) => {
    const w = workspaceRequest(req);
    const email = formString(req, "email", 320);
    try {
      const added = await addTestRecipient(deps.prisma, { workspaceId: w.workspaceId, email }, deps.domains.identities, {
        verificationsPerDay: deps.env.DASHBOARD_TEST_RECIPIENT_VERIFICATIONS_PER_DAY,
      });
      await audit.change(req, w, {
        action: "test_recipient.added",
        target: { type: "test_recipient", id: added.id },
        changes: { email: added.email, verification: added.verification },
      });
      res.redirect(303, "/test-recipients?notice=recipient_added");
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.retryAfterSeconds !== undefined) res.set("Retry-After", String(error.retryAfterSeconds));
      const recipients = await listTestRecipients(deps.prisma, w.workspaceId, deps.domains.identities);
      sendPage(req, res, w, {
        title: "Test recipients",
        nav: "recipients",
        status: error.status,
        body: recipientsBody({ recipients, csrf: w.csrf, canWrite: true, form: { email, error: error.message } }),
      });
    }
  });

  router.get("/test-recipients/:id/remove", requirePermission("workspace:write"), async (req, res) => {
    const w = workspaceRequest(req);
    const recipient = (await listTestRecipients(deps.prisma, w.workspaceId, deps.domains.identities)).find(
      (r) => r.id === param(req, "id"),
    );
    if (!recipient) throw new AppError("not_found", "Test recipient not found.");
    sendPage(req, res, w, {
      title: "Remove test recipient",
      nav: "recipients",
      body: confirmBody({
        title: "Remove test recipient",
        question: html`Remove <strong>${recipient.email}</strong>?`,
        detail: "Mail sent with test keys to this address will be dropped from now on.",
        action: `/test-recipients/${recipient.id}/remove`,
        confirmLabel: "Remove recipient",
        cancelHref: "/test-recipients",
        csrf: w.csrf,
      }),
    });
  });

  router.post("/test-recipients/:id/remove", requirePermission("workspace:write"), async (req, res) => {
    const w = workspaceRequest(req);
    const removed = await removeTestRecipient(deps.prisma, w.workspaceId, { id: param(req, "id") }, deps.domains.identities);
    await audit.change(req, w, {
      action: "test_recipient.removed",
      target: { type: "test_recipient", id: removed.id },
      changes: { email: removed.email },
    });
    res.redirect(303, "/test-recipients?notice=recipient_removed");
  });

  return router;
}
