import { AppError, type Permission, scopeAllows } from "@svc/core";
import type { RequestHandler } from "express";
import { authOf } from "./authenticate.ts";

/** 403 naming the permission when the key's scope preset does not grant it. */
export function requirePermission(permission: Permission): RequestHandler {
  return (_req, res, next) => {
    const { scope } = authOf(res);
    if (!scopeAllows(scope, permission)) {
      throw new AppError("forbidden", `This API key (scope ${scope}) lacks the ${permission} permission required for this request.`);
    }
    next();
  };
}
