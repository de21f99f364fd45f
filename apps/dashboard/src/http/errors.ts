import { AppError } from "@svc/core";
import type { Logger } from "@svc/logger";
import type { NextFunction, Request, Response } from "express";
import { html } from "../views/html.ts";
import { appPage, authPage } from "../views/layout.ts";
import { pageHeader } from "../views/components.ts";
import { stateOf, type RequestState } from "./state.ts";

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

const TITLES: Record<number, string> = {
  400: "That request could not be understood",
  401: "Please log in",
  403: "You don't have access to this",
  404: "Page not found",
  409: "That conflicts with the current state",
  413: "That was too large",
  422: "Some input was not valid",
  429: "Too many attempts",
  503: "Temporarily unavailable",
};

export function notFoundHandler(req: Request, res: Response): void {
  renderErrorPage(req, res, 404, "Page not found", "The page doesn't exist, or it belongs to a workspace you are not in.");
}

/** The last handler: AppErrors become their page; anything else is logged and answered 500 without details. */
export function errorHandler(log: Logger) {
  return (error: unknown, req: Request, res: Response, _next: NextFunction): void => {
    if (res.headersSent) return;
    if (error instanceof AppError) {
      return renderErrorPage(req, res, error.status, TITLES[error.status] ?? "Something went wrong", error.message);
    }
    const status = (error as { status?: number; type?: string }).status;
    if (status === 404) return notFoundHandler(req, res);
    if (status === 413) return renderErrorPage(req, res, 413, TITLES[413]!, "The form was larger than the dashboard accepts.");
    if (status === 400) return renderErrorPage(req, res, 400, TITLES[400]!, "The form could not be read. Reload the page and try again.");
    log.error({ err: error, path: req.path, method: req.method }, "unhandled dashboard error");
    renderErrorPage(req, res, 500, "Something went wrong", "An unexpected error occurred. Nothing was changed. Please try again in a moment.");
  };
}
