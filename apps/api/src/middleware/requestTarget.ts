import { AppError } from "@svc/core";
import { requestTargetProblem } from "@svc/runtime";
import type { RequestHandler } from "express";

/** A malformed percent-escape or a NUL in the path or query: 400 before any route decodes it. */
export const checkRequestTarget: RequestHandler = (req, _res, next) => {
  const problem = requestTargetProblem(req);
  next(problem ? new AppError(problem.code, problem.message) : undefined);
};
