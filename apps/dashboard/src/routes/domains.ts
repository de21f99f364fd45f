import { AppError, addDomain, getDomain, getDomainHealth, listDomains, removeDomain, setDomainTracking, verifyDomain } from "@svc/core";
import { Router } from "express";
import type { DashboardDeps } from "../deps.ts";
import { dashboardAuditor } from "../http/audit.ts";
import { requirePermission, workspaceRequest } from "../http/guards.ts";
import { formList, formString, param, sendPage } from "../http/render.ts";
import { html } from "../views/html.ts";
import { confirmBody } from "../views/pages/confirm.ts";
import { domainDetailBody, domainsBody } from "../views/pages/domains.ts";

/** Same domain code as `svc domain add|verify`: addDomain, verifyDomain (with DNS_SERVERS), removeDomain. */
export function domainRoutes(deps: DashboardDeps): Router {
  const router = Router();
  const audit = dashboardAuditor(deps);

  router.get("/domains", requirePermission("workspace:read"), async (req, res) => {
    const w = workspaceRequest(req);
    const domains = await listDomains(deps.prisma, w.workspaceId);
    sendPage(req, res, w, { title: "Domains", nav: "domains", body: domainsBody({ domains, csrf: w.csrf, canWrite: w.canWrite }) });
  });

  router.post("/domains", requirePermission("workspace:write"), async (req, res) => {
    const w = workspaceRequest(req);
    const name = formString(req, "domain", 300);
    try {
      const mailFrom = formString(req, "mailFrom", 300).trim();
      const domain = await addDomain(
        deps.prisma,
        { workspaceId: w.workspaceId, domain: name, ...(mailFrom ? { mailFrom } : {}) },
        deps.domains,
      );
      await audit.change(req, w, {
        action: "domain.created",
        target: { type: "domain", id: domain.id },
        changes: { domain: domain.domain, mailFromDomain: domain.mailFromDomain },
      });
      res.redirect(303, `/domains/${domain.id}?notice=domain_added`);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const domains = await listDomains(deps.prisma, w.workspaceId);
      sendPage(req, res, w, {
        title: "Domains",
        nav: "domains",
        status: error.status,
        body: domainsBody({ domains, csrf: w.csrf, canWrite: true, form: { domain: name, error: error.message } }),
      });
    }
  });

  router.get("/domains/:id", requirePermission("workspace:read"), async (req, res) => {
    const w = workspaceRequest(req);
    const domain = await getDomain(deps.prisma, w.workspaceId, param(req, "id"));
    const health = await getDomainHealth(deps.prisma, domain.id, w.workspaceId);
    sendPage(req, res, w, {
      title: domain.domain,
      nav: "domains",
      body: domainDetailBody({ domain, health, csrf: w.csrf, canWrite: w.canWrite }),
    });
  });

  router.post("/domains/:id/verify", requirePermission("workspace:write"), async (req, res) => {
    const w = workspaceRequest(req);
    const result = await verifyDomain(deps.prisma, param(req, "id"), { resolver: deps.resolver, workspaceId: w.workspaceId }, deps.domains);
    // A check is recorded whatever it found, as at the CLI: the status it left is the change.
    await audit.change(req, w, {
      action: "domain.verified",
      target: { type: "domain", id: result.id },
      changes: { status: result.status },
    });
    res.redirect(303, `/domains/${result.id}?notice=${result.status === "verified" ? "domain_verified" : "domain_unverified"}`);
  });

  // Same service as `svc domain tracking`; an unchecked box is simply absent from the form.
  router.post("/domains/:id/tracking", requirePermission("workspace:write"), async (req, res) => {
    const w = workspaceRequest(req);
    const id = param(req, "id");
    const change = {
      open: formList(req, "open").includes("on"),
      click: formList(req, "click").includes("on"),
      domain: formString(req, "trackingDomain", 300) || null,
    };
    try {
      const domain = await setDomainTracking(deps.prisma, id, change, w.workspaceId);
      await audit.change(req, w, {
        action: "domain.tracking_changed",
        target: { type: "domain", id: domain.id },
        changes: { tracking: change },
      });
      res.redirect(303, `/domains/${id}?notice=tracking_saved`);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== "validation_failed") throw error;
      const domain = await getDomain(deps.prisma, w.workspaceId, id);
      const health = await getDomainHealth(deps.prisma, domain.id, w.workspaceId);
      sendPage(req, res, w, {
        title: domain.domain,
        nav: "domains",
        status: error.status,
        body: domainDetailBody({ domain, health, csrf: w.csrf, canWrite: w.canWrite, trackingError: error.message }),
      });
    }
  });

  router.get("/domains/:id/remove", requirePermission("workspace:write"), async (req, res) => {
    const w = workspaceRequest(req);
    const domain = await getDomain(deps.prisma, w.workspaceId, param(req, "id"));
    sendPage(req, res, w, {
      title: "Remove domain",
      nav: "domains",
      body: confirmBody({
        title: "Remove domain",
        question: html`Remove <strong>${domain.domain}</strong>?`,
        detail: "Emails from this domain are refused from now on. To use it again you will have to verify it again with new records.",
        action: `/domains/${domain.id}/remove`,
        confirmLabel: "Remove domain",
        cancelHref: `/domains/${domain.id}`,
        csrf: w.csrf,
      }),
    });
  });

  router.post("/domains/:id/remove", requirePermission("workspace:write"), async (req, res) => {
    const w = workspaceRequest(req);
    await removeDomain(deps.prisma, param(req, "id"), deps.domains, w.workspaceId);
    await audit.change(req, w, { action: "domain.removed", target: { type: "domain", id: param(req, "id") } });
    res.redirect(303, "/domains?notice=domain_removed");
  });

  return router;
}
