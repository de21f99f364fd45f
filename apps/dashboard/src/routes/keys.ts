import {
  AppError,
  createApiKey,
  KEY_ENVIRONMENTS,
  type KeyEnvironmentName,
  listApiKeys,
  revokeApiKey,
  SCOPE_NAMES,
  type ScopeName,
  SECRET_CHANGED,
} from "@svc/core";
import { Router } from "express";
import type { DashboardDeps } from "../deps.ts";
import { dashboardAuditor } from "../http/audit.ts";
import { requirePermission, workspaceRequest } from "../http/guards.ts";
import { formString, param, sendPage } from "../http/render.ts";
import { html } from "../views/html.ts";
import { confirmBody } from "../views/pages/confirm.ts";
import { keysBody } from "../views/pages/keys.ts";

function oneOf<T extends string>(label: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value))
    throw new AppError("validation_failed", `${label}: choose one of ${allowed.join(", ")}.`);
  return value as T;
}

/** A form's list typed as text: entries separated by commas, spaces or new lines. */
function entriesOf(text: string): string[] {
  return text.split(/[\s,]+/).filter((entry) => entry !== "");
}

/** Same domain code as the CLI and `DELETE /api-keys/{id}`: createApiKey, listApiKeys, revokeApiKey. */
export function keyRoutes(deps: DashboardDeps): Router {
  const router = Router();
  const audit = dashboardAuditor(deps);

  router.get("/api-keys", requirePermission("workspace:read"), async (req, res) => {
    const w = workspaceRequest(req);
    const keys = await listApiKeys(deps.prisma, w.workspaceId);
    sendPage(req, res, w, { title: "API keys", nav: "keys", body: keysBody({ keys, csrf: w.csrf, canWrite: w.canWrite }) });
  });

  router.post("/api-keys", requirePermission("workspace:write"), async (req, res) => {
    const w = workspaceRequest(req);
    const form = {
      name: formString(req, "name", 200),
      environment: formString(req, "environment"),
      scope: formString(req, "scope"),
      domains: formString(req, "domains", 20_000),
      cidrs: formString(req, "cidrs", 20_000),
    };
    try {
      const created = await createApiKey(deps.prisma, {
        workspaceId: w.workspaceId,
        name: form.name,
        environment: oneOf<KeyEnvironmentName>("Environment", form.environment, KEY_ENVIRONMENTS),
        scope: oneOf<ScopeName>("Scope", form.scope, SCOPE_NAMES),
        domains: entriesOf(form.domains),
        cidrs: entriesOf(form.cidrs),
      });
      await audit.change(req, w, {
        action: "api_key.created",
        target: { type: "api_key", id: created.id },
        changes: { name: created.name, environment: created.environment, scope: created.scope, key: SECRET_CHANGED },
      });
      deps.log.info({ workspaceId: w.workspaceId, keyId: created.id, userId: w.session.userId }, "API key created in dashboard");
      const keys = await listApiKeys(deps.prisma, w.workspaceId);
      // Rendered, not redirected: the key is in this one answer and nowhere else (no-store).
      sendPage(req, res, w, {
        title: "API keys",
        nav: "keys",
        status: 201,
        notice: null,
        body: keysBody({ keys, csrf: w.csrf, canWrite: true, created }),
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const keys = await listApiKeys(deps.prisma, w.workspaceId);
      sendPage(req, res, w, {
        title: "API keys",
        nav: "keys",
        status: error.status,
        notice: null,
        body: keysBody({ keys, csrf: w.csrf, canWrite: true, form: { ...form, error: error.message } }),
      });
    }
  });

  router.get("/api-keys/:id/revoke", requirePermission("workspace:write"), async (req, res) => {
    const w = workspaceRequest(req);
    const key = (await listApiKeys(deps.prisma, w.workspaceId)).find((k) => k.id === param(req, "id") && !k.revokedAt);
    if (!key) throw new AppError("not_found", "That API key doesn't exist in this workspace, or is already revoked.");
    sendPage(req, res, w, {
      title: "Revoke API key",
      nav: "keys",
      body: confirmBody({
        title: "Revoke API key",
        question: html`Revoke <strong>${key.name}</strong> (<code>${key.displayHint}</code>)?`,
        detail: "Requests using this key are refused immediately, on every API instance. This can't be undone.",
        action: `/api-keys/${key.id}/revoke`,
        confirmLabel: "Revoke key",
        cancelHref: "/api-keys",
        csrf: w.csrf,
      }),
    });
  });

  router.post("/api-keys/:id/revoke", requirePermission("workspace:write"), async (req, res) => {
    const w = workspaceRequest(req);
    // The entry is written in the revocation's transaction.
    const revoked = await revokeApiKey(deps.prisma, param(req, "id"), w.workspaceId, audit.by(req, w));
    deps.log.info({ workspaceId: w.workspaceId, keyId: revoked.id, userId: w.session.userId }, "API key revoked in dashboard");
    res.redirect(303, "/api-keys?notice=key_revoked");
  });

  return router;
}
