import {
  AppError,
  cancelScheduledEmail,
  type EmailSearch,
  EVENTS_PAGE_SIZE,
  getEmailExplained,
  getEmailTemplate,
  listEmailEvents,
  listRepliesToEmail,
  parseEventPageQuery,
  parseRescheduleInput,
  rescheduleEmail,
  searchEmails,
  sqlPool,
} from "@svc/core";
import { sendQueueFacts } from "@svc/queues";
import { type Request, type Response, Router } from "express";
import type { DashboardDeps } from "../deps.ts";
import { dashboardAuditor } from "../http/audit.ts";
import { requirePermission, type WorkspaceRequest, workspaceRequest } from "../http/guards.ts";
import { formString, param, sendPage } from "../http/render.ts";
import { emailDetailBody, emailsBody } from "../views/pages/emails.ts";

function queryParam(value: unknown, maxLength: number): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, maxLength) : undefined;
}

export function emailRoutes(deps: DashboardDeps): Router {
  const router = Router();
  const audit = dashboardAuditor(deps);

  router.get("/emails", requirePermission("workspace:read"), async (req, res) => {
    const w = workspaceRequest(req);
    const search: EmailSearch = {
      status: queryParam(req.query.status, 40),
      recipient: queryParam(req.query.recipient, 254),
      after: queryParam(req.query.after, 100),
      before: queryParam(req.query.before, 100),
    };
    const page = await searchEmails(deps.db, w.workspaceId, search);
    sendPage(req, res, w, { title: "Emails", nav: "emails", body: emailsBody(page, search) });
  });

  // The same read as GET /emails/{id}: another workspace's email is "not found".
  async function detail(req: Request, res: Response, w: WorkspaceRequest, extra: { status?: number; scheduleError?: string } = {}) {
    const first = await getEmailExplained(deps.prisma, w.workspaceId, param(req, "id"), (emailId, sharedJobId) =>
      sendQueueFacts(deps.sendProducer, emailId, sharedJobId),
    );
    const [replies, template] = await Promise.all([
      listRepliesToEmail(deps.prisma, w.workspaceId, first.id),
      getEmailTemplate(sqlPool(deps.db), w.workspaceId, first.id),
    ]);
    const schedule = { csrf: w.csrf, canWrite: w.canWrite, error: extra.scheduleError };
    const status = extra.status;
    // The timeline a page at a time, as GET /emails/{id}/events reads it: `eventsAfter` is a page's cursor.
    const eventsAfter = queryParam(req.query.eventsAfter, 100);
    if (eventsAfter === undefined)
      return sendPage(req, res, w, {
        title: first.subject,
        nav: "emails",
        status,
        body: emailDetailBody({ ...first, replies, template }, { laterPage: false, schedule }),
      });
    const page = await listEmailEvents(
      deps.prisma,
      w.workspaceId,
      first.id,
      parseEventPageQuery({ after: eventsAfter, limit: String(EVENTS_PAGE_SIZE) }),
    );
    const email = { ...first, events: page.events, eventsNextCursor: page.nextCursor, replies, template };
    sendPage(req, res, w, { title: email.subject, nav: "emails", status, body: emailDetailBody(email, { laterPage: true, schedule }) });
  }

  router.get("/emails/:id", requirePermission("workspace:read"), async (req, res) => detail(req, res, workspaceRequest(req)));

  /** Cancel and reschedule, as POST /emails/{id}/cancel and PATCH /emails/{id} do: only a scheduled email, audited. */
  router.post("/emails/:id/cancel", requirePermission("workspace:write"), async (req, res) => {
    const w = workspaceRequest(req);
    try {
      const canceled = await cancelScheduledEmail(sqlPool(deps.db), w.workspaceId, param(req, "id"));
      await audit.change(req, w, {
        action: "email.canceled",
        target: { type: "email", id: canceled.id },
        changes: { status: canceled.status },
      });
      res.redirect(303, `/emails/${canceled.id}?notice=email_canceled`);
    } catch (error) {
      if (!(error instanceof AppError) || error.code === "not_found") throw error;
      await detail(req, res, w, { status: error.status, scheduleError: error.message });
    }
  });

  router.post("/emails/:id/reschedule", requirePermission("workspace:write"), async (req, res) => {
    const w = workspaceRequest(req);
    try {
      const { scheduledAt } = parseRescheduleInput({ scheduledAt: formString(req, "scheduledAt", 100) });
      const moved = await rescheduleEmail(sqlPool(deps.db), w.workspaceId, param(req, "id"), scheduledAt);
      await audit.change(req, w, {
        action: "email.rescheduled",
        target: { type: "email", id: moved.id },
        changes: { scheduledAt: moved.scheduledAt },
      });
      res.redirect(303, `/emails/${moved.id}?notice=email_rescheduled`);
    } catch (error) {
      if (!(error instanceof AppError) || error.code === "not_found") throw error;
      await detail(req, res, w, { status: error.status, scheduleError: error.message });
    }
  });

  return router;
}
