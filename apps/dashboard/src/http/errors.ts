import { AppError } from "@svc/core";
import type { Logger } from "@svc/logger";
import { type BodyWording, bodyErrorAnswer, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "@svc/runtime";
import type { NextFunction, Request, Response } from "express";
import { pageHeader } from "../views/components.ts";
import { html } from "../views/html.ts";
import { appPage, authPage } from "../views/layout.ts";
import { type RequestState, stateOf } from "./state.ts";

function tryState(req: Request): RequestState | null {
  try {
    return stateOf(req);
  } catch {
    return null;
  }
}

/** An error as a page: inside the app for signed-in people, a bare card for everyone else. */
export function renderErrorPage(req: Request, res: Response, status: number, title: string, message: string): void {
  const state = tryState(req);
  const body = html`<div class="error-page">
    <p class="error-code">${status}</p>
    ${pageHeader(title)}
    <p>${message}</p>
    <p><a class="btn btn-secondary" href="/">Go to the overview</a></p>
  </div>`;
  res.status(status).type("html");
  if (state?.session && state.workspace) {
    res.send(
      appPage({
        title,
        nav: null,
        body,
        userEmail: state.session.userEmail,
        workspace: state.workspace,
        memberships: state.memberships,
        csrf: state.csrfToken,
      }).toString(),
    );
  } else {
    res.send(authPage(title, body).toString());
  }
}

/** How body errors name the dashboard's bodies: forms, at most 64 KB (app.ts). */
const BODY_WORDING: BodyWording = { body: "The form", limit: "64 KB" };

const TITLES: Record<number, string> = {
  400: "That request could not be understood",
  401: "Please log in",
  403: "You don't have access to this",
  404: "Page not found",
  409: "That conflicts with the current state",
  413: "That was too large",
  415: "That format is not supported",
  422: "Some input was not valid",
  429: "Too many attempts",
  503: "Temporarily unavailable",
};

export function notFoundHandler(req: Request, res: Response): void {
  renderErrorPage(req, res, 404, "Page not found", "The page doesn't exist, or it belongs to a workspace you are not in.");
}

function fromBodyError(error: unknown): AppError | null {
  const answer = bodyErrorAnswer(error, BODY_WORDING);
  return answer ? new AppError(answer.code, answer.message) : null;
}

/**
 * The path as logs may hold it: an invitation's or a sign-up link's path carries its secret
 * token, which would let anyone reading the logs join the workspace or take the account.
 */
export function loggablePath(path: string): string {
  return path
    .replace(/^\/invitations\/[^/]+/, "/invitations/[redacted]")
    .replace(/^\/signup\/confirm\/[^/]+/, "/signup/confirm/[redacted]");
}

/** The last handler: AppErrors and body errors become their page; anything else is logged and answered 500 without details. */
export function errorHandler(log: Logger) {
  return (error: unknown, req: Request, res: Response, _next: NextFunction): void => {
    if (res.headersSent) return;
    // A missing asset (express.static answers with an error of status 404).
    if (!(error instanceof AppError) && (error as { status?: unknown }).status === 404) return notFoundHandler(req, res);
    const known = error instanceof AppError ? error : fromBodyError(error);
    if (known) return renderErrorPage(req, res, known.status, TITLES[known.status] ?? "Something went wrong", known.message);
    if (isDatabaseUnavailable(error)) {
      log.warn({ err: error, path: loggablePath(req.path), method: req.method }, "database unavailable");
      return renderErrorPage(req, res, 503, TITLES[503]!, DATABASE_UNAVAILABLE_MESSAGE);
    }
    log.error({ err: error, path: loggablePath(req.path), method: req.method }, "unhandled dashboard error");
    renderErrorPage(
      req,
      res,
      500,
      "Something went wrong",
      "An unexpected error occurred. Nothing was changed. Please try again in a moment.",
    );
  };
}
