import { AppError, type MembershipView, roleAllows, type SessionRecord, type WorkspacePermission } from "@svc/core";
import type { NextFunction, Request, Response } from "express";
import { renderErrorPage } from "./errors.ts";
import { stateOf } from "./state.ts";

/** A signed-in request in a workspace, with the permission its route asked for. */
export interface WorkspaceRequest {
  session: SessionRecord;
  workspace: MembershipView;
  memberships: MembershipView[];
  csrf: string;
  workspaceId: string;
  canWrite: boolean;
}

function loginRedirect(req: Request, res: Response): void {
  if (req.method === "GET") {
    const next = req.originalUrl.startsWith("/") && !req.originalUrl.startsWith("//") ? req.originalUrl : "/";
    res.redirect(303, next === "/" ? "/login" : `/login?next=${encodeURIComponent(next)}`);
  } else {
    renderErrorPage(req, res, 401, "Please log in", "Your session has ended. Log in again and retry; nothing was changed.");
  }
}

/**
 * Route guard: signed in, in a workspace, with the permission. Every page and action of the
 * dashboard goes through one of these, on the server; hiding a button is only a courtesy.
 */
export function requirePermission(permission: WorkspacePermission) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const state = stateOf(req);
    if (!state.session) return loginRedirect(req, res);
    if (!state.workspace) {
      return renderErrorPage(req, res, 403, "No workspace yet", "You are not a member of any workspace. Ask an owner to invite you.");
    }
    if (!roleAllows(state.workspace.role, permission)) {
      const message =
        permission === "members:manage"
          ? "Only owners of this workspace can manage members and see the plan."
          : "You have read-only access to this workspace. Ask an owner or admin to make this change.";
      return renderErrorPage(req, res, 403, "You don't have access to this", message);
    }
    next();
  };
}

/**
 * Route guard of install-wide pages (the SES account, its configuration sets, every workspace's
 * identities): signed in, in a workspace (for the page's frame), and an operator of the install
 * (`svc operator grant`). A workspace role, even owner, is not enough.
 */
export function requireOperator() {
  return (req: Request, res: Response, next: NextFunction): void => {
    const state = stateOf(req);
    if (!state.session) {
      loginRedirect(req, res);
    } else if (!state.session.isOperator || !state.workspace) {
      renderErrorPage(
        req,
        res,
        403,
        "You don't have access to this",
        "This page shows the whole installation; only its operators see it. Your workspace's domains show their own SES states.",
      );
    } else {
      next();
    }
  };
}

export function workspaceRequest(req: Request): WorkspaceRequest {
  const state = stateOf(req);
  if (!state.session || !state.workspace) throw new AppError("unauthorized", "Please log in.");
  return {
    session: state.session,
    workspace: state.workspace,
    memberships: state.memberships,
    csrf: state.csrfToken,
    workspaceId: state.workspace.workspaceId,
    canWrite: roleAllows(state.workspace.role, "workspace:write"),
  };
}
