import {
  type EmailSearch,
  EVENTS_PAGE_SIZE,
  getEmailExplained,
  getEmailTemplate,
  listEmailEvents,
  listRepliesToEmail,
  parseEventPageQuery,
  searchEmails,
  sqlPool,
} from "@svc/core";
import { sendQueueFacts } from "@svc/queues";
import { Router } from "express";
import type { DashboardDeps } from "../deps.ts";
import { requirePermission, workspaceRequest } from "../http/guards.ts";
import { param, sendPage } from "../http/render.ts";
import { emailDetailBody, emailsBody } from "../views/pages/emails.ts";

function queryParam(value: unknown, maxLength: number): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, maxLength) : undefined;
}

export function emailRoutes(deps: DashboardDeps): Router {
  const router = Router();

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
  router.get("/emails/:id", requirePermission("workspace:read"), async (req, res) => {
    const w = workspaceRequest(req);
    const first = await getEmailExplained(deps.prisma, w.workspaceId, param(req, "id"), (emailId, sharedJobId) =>
      sendQueueFacts(deps.sendProducer, emailId, sharedJobId),
    );
    const [replies, template] = await Promise.all([
      listRepliesToEmail(deps.prisma, w.workspaceId, first.id),
      getEmailTemplate(sqlPool(deps.db), w.workspaceId, first.id),
    ]);
    // The timeline a page at a time, as GET /emails/{id}/events reads it: `eventsAfter` is a page's cursor.
    const eventsAfter = queryParam(req.query.eventsAfter, 100);
    if (eventsAfter === undefined)
      return sendPage(req, res, w, {
        title: first.subject,
        nav: "emails",
        body: emailDetailBody({ ...first, replies, template }, { laterPage: false }),
      });
    const page = await listEmailEvents(
      deps.prisma,
      w.workspaceId,
      first.id,
      parseEventPageQuery({ after: eventsAfter, limit: String(EVENTS_PAGE_SIZE) }),
    );
    const email = { ...first, events: page.events, eventsNextCursor: page.nextCursor, replies, template };
    sendPage(req, res, w, { title: email.subject, nav: "emails", body: emailDetailBody(email, { laterPage: true }) });
  });

  return router;
}
