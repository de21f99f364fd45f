import {
  AppError,
  addInboundRoute,
  addReceivingDomain,
  getReceivingDomain,
  inboundMxTargetOf,
  listReceivingDomains,
  removeInboundRoute,
  removeReceivingDomain,
  verifyReceivingDomain,
} from "@svc/core";
import { Router } from "express";
import type { DashboardDeps } from "../deps.ts";
import { dashboardAuditor } from "../http/audit.ts";
import { requirePermission, workspaceRequest } from "../http/guards.ts";
import { formString, param, sendPage } from "../http/render.ts";
import { html } from "../views/html.ts";
import { confirmBody } from "../views/pages/confirm.ts";
import { receivingDomainDetailBody, receivingDomainsBody } from "../views/pages/receivingDomains.ts";

/**
 * Receiving domains and their routes: the same core services as `svc inbound add-domain`,
 * `verify-domain`, `add-route`; another workspace's domain or route is "not found".
 */
export function receivingDomainRoutes(deps: DashboardDeps): Router {
  const router = Router();
  const audit = dashboardAuditor(deps);

  router.get("/inbound/domains", requirePermission("workspace:read"), async (req, res) => {
    const w = workspaceRequest(req);
    const domains = await listReceivingDomains(deps.prisma, w.workspaceId);
    sendPage(req, res, w, {
      title: "Receiving domains",
      nav: "inbox",
      body: receivingDomainsBody({ domains, csrf: w.csrf, canWrite: w.canWrite }),
    });
  });

  router.post("/inbound/domains", requirePermission("workspace:write"), async (req, res) => {
    const w = workspaceRequest(req);
    const name = formString(req, "domain", 300);
    try {
      const domain = await addReceivingDomain(deps.prisma, { workspaceId: w.workspaceId, domain: name }, inboundMxTargetOf(deps.env));
      await audit.change(req, w, {
        action: "receiving_domain.created",
        target: { type: "receiving_domain", id: domain.id },
        changes: { domain: domain.domain },
      });
      res.redirect(303, `/inbound/domains/${domain.id}?notice=domain_added`);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const domains = await listReceivingDomains(deps.prisma, w.workspaceId);
      sendPage(req, res, w, {
        title: "Receiving domains",
        nav: "inbox",
        status: error.status,
        body: receivingDomainsBody({ domains, csrf: w.csrf, canWrite: true, form: { domain: name, error: error.message } }),
      });
    }
  });

  router.get("/inbound/domains/:id", requirePermission("workspace:read"), async (req, res) => {
    const w = workspaceRequest(req);
    const domain = await getReceivingDomain(deps.prisma, param(req, "id"), w.workspaceId);
    sendPage(req, res, w, {
      title: domain.domain,
      nav: "inbox",
      body: receivingDomainDetailBody({ domain, csrf: w.csrf, canWrite: w.canWrite }),
    });
  });

  router.post("/inbound/domains/:id/verify", requirePermission("workspace:write"), async (req, res) => {
    const w = workspaceRequest(req);
    try {
      const result = await verifyReceivingDomain(deps.prisma, param(req, "id"), { resolver: deps.resolver, workspaceId: w.workspaceId });
      await audit.change(req, w, {
        action: "receiving_domain.verified",
        target: { type: "receiving_domain", id: result.id },
        changes: { status: result.status },
      });
      res.redirect(
        303,
        `/inbound/domains/${result.id}?notice=${result.status === "verified" ? "receiving_verified" : "domain_unverified"}`,
      );
    } catch (error) {
      // Another workspace verified the name at the same moment: said on the page, like a record that did not match.
      if (!(error instanceof AppError) || error.code !== "conflict") throw error;
      res.redirect(303, `/inbound/domains/${param(req, "id")}?notice=domain_unverified`);
    }
  });

  router.post("/inbound/domains/:id/routes", requirePermission("workspace:write"), async (req, res) => {
    const w = workspaceRequest(req);
    const id = param(req, "id");
    try {
      const address = formString(req, "address", 320);
      const domain = await addInboundRoute(deps.prisma, { receivingDomainId: id, address, workspaceId: w.workspaceId });
      // The answer is the domain with all its routes: the new one is the one with the address asked for.
      const wanted = (address.includes("@") ? address : `${address}@${domain.domain}`).trim().toLowerCase();
      const route = domain.routes.find((r) => r.address.toLowerCase() === wanted);
      await audit.change(req, w, {
        action: "inbound_route.created",
        target: route ? { type: "inbound_route", id: route.id } : { type: "receiving_domain", id: domain.id },
        changes: { receivingDomainId: domain.id, address: route?.address ?? address },
      });
      res.redirect(303, `/inbound/domains/${id}?notice=route_added`);
    } catch (error) {
      if (!(error instanceof AppError) || (error.code !== "validation_failed" && error.code !== "conflict")) throw error;
      const domain = await getReceivingDomain(deps.prisma, id, w.workspaceId);
      sendPage(req, res, w, {
        title: domain.domain,
        nav: "inbox",
        status: error.status,
        body: receivingDomainDetailBody({ domain, csrf: w.csrf, canWrite: w.canWrite, routeError: error.message }),
      });
    }
  });

  router.post("/inbound/domains/:id/routes/:routeId/remove", requirePermission("workspace:write"), async (req, res) => {
    const w = workspaceRequest(req);
    const id = param(req, "id");
    // The route must belong to this domain of this workspace: checked through the domain first.
    const domain = await getReceivingDomain(deps.prisma, id, w.workspaceId);
    const routeId = param(req, "routeId");
    if (!domain.routes.some((route) => route.id === routeId)) throw new AppError("not_found", "Route not found.");
    await removeInboundRoute(deps.prisma, routeId, w.workspaceId);
    const removed = domain.routes.find((route) => route.id === routeId);
    await audit.change(req, w, {
      action: "inbound_route.removed",
      target: { type: "inbound_route", id: routeId },
      changes: { receivingDomainId: domain.id, address: removed?.address },
    });
    res.redirect(303, `/inbound/domains/${id}?notice=route_removed`);
  });

  router.get("/inbound/domains/:id/remove", requirePermission("workspace:write"), async (req, res) => {
    const w = workspaceRequest(req);
    const domain = await getReceivingDomain(deps.prisma, param(req, "id"), w.workspaceId);
    sendPage(req, res, w, {
      title: "Remove receiving domain",
      nav: "inbox",
      body: confirmBody({
        title: "Remove receiving domain",
        question: html`Remove <strong>${domain.domain}</strong>?`,
        detail:
          "Mail to it is refused from now on; messages already received stay in the inbox. To receive again you will have to verify it again.",
        action: `/inbound/domains/${domain.id}/remove`,
        confirmLabel: "Remove receiving domain",
        cancelHref: `/inbound/domains/${domain.id}`,
        csrf: w.csrf,
      }),
    });
  });

  router.post("/inbound/domains/:id/remove", requirePermission("workspace:write"), async (req, res) => {
    const w = workspaceRequest(req);
    const removed = await removeReceivingDomain(deps.prisma, param(req, "id"), w.workspaceId);
    await audit.change(req, w, {
      action: "receiving_domain.removed",
      target: { type: "receiving_domain", id: removed.id },
      changes: { domain: removed.domain },
    });
    res.redirect(303, "/inbound/domains?notice=receiving_removed");
  });

  return router;
}
