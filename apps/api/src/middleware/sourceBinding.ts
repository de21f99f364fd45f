import { refuseUnlessSourceAllowed, type SourceRefusalRecorder } from "@svc/core";
import type { RequestHandler } from "express";
import { authOf } from "./authenticate.ts";

/**
 * Refuses a key bound to source networks when the request comes from outside them (403
 * `source_not_allowed`, logged, and audited at most once a minute per key and address). The address is Express's
 * `req.ip`, so API_TRUST_PROXY decides which X-Forwarded-For entry counts: a client cannot
 * name its own address unless that setting trusts what it writes.
 *
 * Checked before the request is counted against the key's rate: a request from elsewhere
 * (a leaked key) neither spends the legitimate caller's allowance nor learns it.
 */
export function sourceBinding(refusals: SourceRefusalRecorder): RequestHandler {
  return async (req, res, next) => {
    await refuseUnlessSourceAllowed(authOf(res), req.ip ?? req.socket.remoteAddress, "api", refusals);
    next();
  };
}
