import { refuseUnlessSourceAllowed } from "@svc/core";
import type { Logger } from "@svc/logger";
import type { RequestHandler } from "express";
import { authOf } from "./authenticate.ts";

/**
 * Refuses a key bound to source networks when the request comes from outside them (403
 * `source_not_allowed`, recorded with the key's id and the address). The address is Express's
 * `req.ip`, so API_TRUST_PROXY decides which X-Forwarded-For entry counts: a client cannot
 * name its own address unless that setting trusts what it writes.
 *
 * Checked before the request is counted against the key's rate: a request from elsewhere
 * (a leaked key) neither spends the legitimate caller's allowance nor learns it.
 */
export function sourceBinding(log: Logger): RequestHandler {
  return (req, res, next) => {
    refuseUnlessSourceAllowed(authOf(res), req.ip ?? req.socket.remoteAddress, "api", log);
    next();
  };
}
