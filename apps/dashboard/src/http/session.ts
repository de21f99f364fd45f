import { currentWorkspaceOf, findSession, listMemberships, newOpaqueToken } from "@svc/core";
import type { NextFunction, Request, Response } from "express";
import type { DashboardDeps } from "../deps.ts";
import { secureCookies } from "../env.ts";
import { parseCookies, serializeCookie } from "./cookies.ts";
import { setState } from "./state.ts";

export const SESSION_COOKIE = "svc_session";
/** Anonymous forms (log in, sign up, accept an invitation) use a double-submit CSRF cookie. */
const ANON_CSRF_COOKIE = "svc_csrf";

/**
 * Loads the session named by the cookie, the user's memberships and the current workspace, and
 * decides which CSRF token this request's forms carry. Membership is read on every request, so
 * a removed member loses access at once, whatever their session says.
 */
export function loadSession(deps: DashboardDeps) {
  const secure = secureCookies(deps.env);
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const cookies = parseCookies(req.headers.cookie);
    const token = cookies[SESSION_COOKIE];
    const session = token ? await findSession(deps.prisma, token) : null;
    if (token && !session) res.append("Set-Cookie", serializeCookie(SESSION_COOKIE, "", { maxAgeSeconds: 0, secure }));

    if (session?.pendingSecondFactor) {
      // Only the second-factor step reads it; to every other route the visitor is signed out.
      setState(req, {
        session: null,
        pending: session,
        sessionToken: token!,
        memberships: [],
        workspace: null,
        csrfToken: session.csrfToken,
      });
      return next();
    }

    if (session) {
      const memberships = await listMemberships(deps.prisma, session.userId);
      const workspace = await currentWorkspaceOf(deps.prisma, session, memberships);
      if (workspace) session.workspaceId = workspace.workspaceId;
      setState(req, { session, pending: null, sessionToken: token!, memberships, workspace, csrfToken: session.csrfToken });
      return next();
    }

    let anonymous = cookies[ANON_CSRF_COOKIE];
    if (!anonymous || !/^[A-Za-z0-9_-]{43}$/.test(anonymous)) {
      anonymous = newOpaqueToken();
      res.append("Set-Cookie", serializeCookie(ANON_CSRF_COOKIE, anonymous, { secure }));
    }
    setState(req, { session: null, pending: null, sessionToken: null, memberships: [], workspace: null, csrfToken: anonymous });
    next();
  };
}
