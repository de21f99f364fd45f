import type { ApiKeyAuthenticator, AuthenticatedKey } from "@svc/core";
import type { RequestHandler, Response } from "express";

/** Resolves the bearer key on every request (no cache: see ApiKeyAuthenticator) or answers 401. */
export function authenticate(authenticator: ApiKeyAuthenticator): RequestHandler {
  return async (req, res, next) => {
    res.locals.auth = await authenticator.authenticate(req.get("authorization"));
    next();
  };
}

/** The caller of a request that went through `authenticate`. */
export function authOf(res: Response): AuthenticatedKey {
  const auth = res.locals.auth as AuthenticatedKey | undefined;
  if (!auth) throw new Error("authOf: route is missing the authenticate middleware");
  return auth;
}
