import { AppError } from "@svc/core";
import { NUL_MESSAGE, nulField, requestTargetProblem } from "@svc/runtime";
import type { NextFunction, Request, Response } from "express";

/** A malformed percent-escape or a NUL in the path or query: 400 before any route decodes it. */
export function checkRequestTarget(req: Request, _res: Response, next: NextFunction): void {
  const problem = requestTargetProblem(req);
  next(problem ? new AppError(problem.code, problem.message) : undefined);
}

/**
 * Every form field reaches PostgreSQL somewhere (names, addresses, domains, webhook URLs), whose
 * text refuses U+0000: one rule for every form, 422 naming the field.
 */
export function refuseNulInForms(req: Request, _res: Response, next: NextFunction): void {
  const field = nulField(req.body ?? {});
  next(field ? new AppError("validation_failed", `${field} ${NUL_MESSAGE}.`) : undefined);
}
