import { AppError, UNSUBSCRIBE_PATH, type UnsubscribeClaims, type UnsubscribeTokens, unsubscribeFromTopic } from "@svc/core";
import type { DbHandle } from "@svc/db";
import type { Logger } from "@svc/logger";
import { newDeliveryJobs, type Producer } from "@svc/queues";
import { type ClientRateLimit, readUtf8Body } from "@svc/runtime";
import { type Request, type Response, Router } from "express";
import { confirmationPage, PAGE_HEADERS } from "./page.ts";

export interface UnsubscribeRouteDeps {
  db: DbHandle;
  tokens: UnsubscribeTokens;
  /** Requests per client address per minute (GET and POST alike). */
  rateLimit: ClientRateLimit;
  deliveries: Producer<"webhookDelivery">;
  log: Logger;
}

/** RFC 8058's body is 26 bytes; a browser's form post a few more. Anything larger is not one. */
export const UNSUBSCRIBE_BODY_LIMIT_BYTES = 1024;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * The public one-click unsubscribe endpoint, reached by strangers (mailbox providers, people's
 * browsers, link scanners). GET /unsubscribe/<token> shows a confirmation page and changes
 * nothing; POST with `List-Unsubscribe=One-Click` (RFC 8058) unsubscribes and answers 200 with a
 * short body, never a redirect. A token this install did not sign is a 400 before anything else
 * is read, and what it names (workspace, recipient, topic, email) comes only from the signed token.
 */
export function unsubscribeRoute(deps: UnsubscribeRouteDeps): Router {
  const router = Router();
  router.get(`${UNSUBSCRIBE_PATH}/:token`, (req, res) => {
    const claims = admitted(deps, req);
    res.set(PAGE_HEADERS).type("html").send(confirmationPage(claims.topic));
  });
  router.post(`${UNSUBSCRIBE_PATH}/:token`, async (req, res) => {
    const claims = admitted(deps, req);
    const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    if (!FORM_TYPES.includes(type))
      throw new AppError("unsupported_media_type", "Send the form body List-Unsubscribe=One-Click (application/x-www-form-urlencoded).");
    // A BodyReadError (too large, aborted) is answered by the error handler.
    const body = await readUtf8Body(req, UNSUBSCRIBE_BODY_LIMIT_BYTES);
    if (!isOneClick(type, body)) throw new AppError("bad_request", "The body must be List-Unsubscribe=One-Click.");
    const outcome = await unsubscribeFromTopic(deps.db, claims);
    if (outcome.deliveryIds.length > 0) {
      // The rows are committed: if Redis refuses the jobs now, the dispatcher's sweeper finds them.
      await deps.deliveries
        .enqueueMany(newDeliveryJobs(outcome.deliveryIds))
        .catch((error: unknown) => deps.log.warn({ err: error }, "could not enqueue webhook deliveries; the sweeper will pick them up"));
    }
    // The workspace and email ids only: the address stays out of logs.
    deps.log.info({ workspaceId: claims.workspaceId, emailId: claims.emailId, added: outcome.suppressed }, "unsubscribed from a topic");
    answerDone(res);
  });
  return router;
}

/** The rate limit, then the token: a refused request reads no body and touches no table. */
function admitted(deps: UnsubscribeRouteDeps, req: Request): UnsubscribeClaims {
  if (!deps.rateLimit.take(req.socket.remoteAddress ?? "unknown"))
    throw new AppError("rate_limited", "Too many unsubscribe requests from this address; try again in a minute.");
  const claims = deps.tokens.verify(String(req.params.token ?? ""));
  if (!claims) throw new AppError("bad_request", "This unsubscribe link is not valid.");
  return claims;
}

function isOneClick(type: string, body: string): boolean {
  if (type === "application/x-www-form-urlencoded") return new URLSearchParams(body.trim()).get("List-Unsubscribe") === "One-Click";
  // multipart/form-data: one part named List-Unsubscribe whose value is One-Click.
  return /content-disposition:\s*form-data;\s*name="?List-Unsubscribe"?\r?\n(?:[^\r\n]+\r?\n)*\r?\nOne-Click\r?\n/i.test(body);
}

function answerDone(res: Response): void {
  res.set({ "cache-control": "no-store", "x-content-type-options": "nosniff" }).status(200).type("text").send("You are unsubscribed.\n");
}
