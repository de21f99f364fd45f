import { AppError, allowOidcDomain, disallowOidcDomain, MEMBER_ROLES, setOidcEnabled, showOidc } from "@svc/core";
import { type Request, type Response, Router } from "express";
import type { DashboardDeps } from "../deps.ts";
import { dashboardAuditor } from "../http/audit.ts";
import { requireOperator, type WorkspaceRequest, workspaceRequest } from "../http/guards.ts";
import { formString, sendPage } from "../http/render.ts";
import { singleSignOnBody } from "../views/pages/singleSignOn.ts";

/**
 * /settings/sso: the install's OpenID Connect provider for operators only, as `svc oidc show`
 * reports it (never its client secret), with what `svc oidc enable|disable|allow-domain|
 * disallow-domain` do. Setting the provider itself (its secret) stays at the CLI. Each change is audited.
 */
export function singleSignOnRoutes(deps: DashboardDeps): Router {
  const router = Router();
  const audit = dashboardAuditor(deps);
  const operator = requireOperator();

  async function render(req: Request, res: Response, w: WorkspaceRequest, extra: { status?: number; error?: string } = {}) {
    sendPage(req, res, w, {
      title: "Single sign-on",
      nav: null,
      status: extra.status,
      ...(extra.status ? { notice: null } : {}),
      body: singleSignOnBody({ csrf: w.csrf, settings: await showOidc(deps.prisma), roles: MEMBER_ROLES, error: extra.error }),
    });
  }

  /** Runs a change; a refused one (422, 404) is shown on the page, changing nothing. */
  async function change(req: Request, res: Response, run: (w: WorkspaceRequest) => Promise<string>) {
    const w = workspaceRequest(req);
    try {
      res.redirect(303, `/settings/sso?notice=${await run(w)}`);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await render(req, res, w, { status: error.status, error: error.message });
    }
  }

  router.get("/settings/sso", operator, async (req, res) => render(req, res, workspaceRequest(req)));

  router.post("/settings/sso/enabled", operator, (req, res) =>
    change(req, res, async (w) => {
      const wanted = formString(req, "enabled", 10);
      if (wanted !== "on" && wanted !== "off") throw new AppError("validation_failed", "enabled: on or off.");
      const { enabled, changed } = await setOidcEnabled(deps.prisma, wanted === "on");
      if (changed) await audit.install(req, w, { action: "oidc.enabled_changed", target: null, changes: { enabled } });
      return enabled ? "sso_enabled" : "sso_disabled";
    }),
  );

  router.post("/settings/sso/domains", operator, (req, res) =>
    change(req, res, async (w) => {
      const allowed = await allowOidcDomain(deps.prisma, {
        domain: formString(req, "domain", 253),
        workspaceId: formString(req, "workspaceId", 100),
        role: formString(req, "role", 20),
      });
      await audit.install(
        req,
        w,
        {
          action: "oidc.domain_allowed",
          target: { type: "domain", id: allowed.domain },
          changes: { domain: allowed.domain, role: allowed.role },
        },
        allowed.workspaceId,
      );
      return "sso_domain_allowed";
    }),
  );

  router.post("/settings/sso/domains/remove", operator, (req, res) =>
    change(req, res, async (w) => {
      const domain = formString(req, "domain", 253);
      const { removed } = await disallowOidcDomain(deps.prisma, domain);
      if (!removed) throw new AppError("not_found", `${domain} is not allowed to sign in.`);
      await audit.install(req, w, {
        action: "oidc.domain_removed",
        target: { type: "domain", id: domain.trim().toLowerCase() },
        changes: {},
      });
      return "sso_domain_removed";
    }),
  );

  return router;
}
