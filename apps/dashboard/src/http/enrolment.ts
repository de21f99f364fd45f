import { hasSecondFactor } from "@svc/core";
import type { NextFunction, Request, Response } from "express";
import type { DashboardDeps } from "../deps.ts";
import { renderErrorPage } from "./errors.ts";
import { stateOf } from "./state.ts";

/** What a member who must enrol may still reach: the enrolment itself and the way out. */
const OPEN_PATHS = [/^\/account\/security$/, /^\/account\/totp\//, /^\/account\/passkeys(\/|$)/, /^\/logout$/];

/**
 * A member of a workspace that requires a second factor, without one, is sent to enrolment and
 * can do nothing else until enrolled. Checked on every request (like membership), so turning the
 * requirement on reaches sessions already signed in. The requirement of a workspace affects only
 * the people who are its members.
 */
export function requireEnrolment(deps: DashboardDeps) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const state = stateOf(req);
    if (!state.session || !state.memberships.some((m) => m.requireSecondFactor)) return next();
    if (OPEN_PATHS.some((path) => path.test(req.path))) return next();
    if (await hasSecondFactor(deps.prisma, state.session.userId)) return next();
    if (req.method === "GET") return res.redirect(303, "/account/security?notice=second_factor_required");
    renderErrorPage(
      req,
      res,
      403,
      "Set up a second factor first",
      "A workspace you belong to requires a second factor. Set one up on your account's security page; nothing was changed.",
    );
  };
}
