import type { IncomingMessage } from "node:http";
import { AppError } from "@svc/core";
import { recordBodyBudgetRefusal, setBodyBytesHeld } from "@svc/metrics/api";
import type { ByteBudget } from "@svc/runtime";
import type { RequestHandler } from "express";
import { authOf } from "./authenticate.ts";

/**
 * Memory a request body takes while it is read and parsed whole, per byte of body: the received
 * chunks, their joined buffer, the text, the parsed strings and the decoded attachment bytes are
 * alive together. BENCHMARKS.md has the measurement this is rounded up from.
 */
export const BODY_MEMORY_FACTOR = 5;

/** Seconds a refused client is asked to wait: a body in flight is written within a second or two. */
const RETRY_AFTER_SECONDS = 2;
/** How long a refused body is read and dropped before the answer goes out anyway. */
const DRAIN_LIMIT_MS = 5_000;
const BODILESS_METHODS = new Set(["GET", "HEAD", "DELETE", "OPTIONS"]);

const busy = () =>
  new AppError(
    "server_busy",
    "The service is handling as many request bodies as its memory allows; nothing was done. Retry after the time in Retry-After.",
  );

/** Bytes the request says its body has; `unknownLength` for a chunked body (it may reach the largest limit). */
function declaredBodyBytes(req: IncomingMessage, unknownLength: number): number {
  const length = req.headers["content-length"];
  if (length !== undefined) {
    const bytes = Number(length);
    return Number.isSafeInteger(bytes) && bytes >= 0 ? bytes : unknownLength;
  }
  return req.headers["transfer-encoding"] !== undefined ? unknownLength : 0;
}

/**
 * Charges the request's body to the process's body budget (its size times BODY_MEMORY_FACTOR,
 * for the workspace of its key) before any of it is read, and gives it back when the answer is
 * done. A body that does not fit is answered 503 `server_busy` with Retry-After and is never
 * held: it is read and dropped first, so that a client still sending gets to read the answer.
 * Bodies larger than a route allows still count at most `unknownLength`; the route answers 413.
 */
export function bodyBudget(budget: ByteBudget, options: { unknownLength: number }): RequestHandler {
  return (req, res, next) => {
    // These routes read no body, whatever the request's headers announce.
    if (BODILESS_METHODS.has(req.method)) return next();
    const declared = Math.min(declaredBodyBytes(req, options.unknownLength), options.unknownLength);
    if (declared === 0) return next();
    const release = budget.tryHold(authOf(res).workspaceId, declared * BODY_MEMORY_FACTOR);
    if (!release) {
      recordBodyBudgetRefusal();
      res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
      // A body that arrived whole with its headers (a small one) is answered at once.
      if (req.complete) return next(busy());
      let answered = false;
      const answer = () => {
        if (answered) return;
        answered = true;
        clearTimeout(giveUp);
        next(busy());
      };
      // A client that never finishes its body still gets the answer, and the connection is closed.
      const giveUp = setTimeout(() => {
        res.setHeader("Connection", "close");
        answer();
      }, DRAIN_LIMIT_MS);
      req.once("end", answer);
      req.once("error", () => req.destroy());
      req.resume();
      return;
    }
    // The connection may be gone already (a malformed body fails the parser while the key is being
    // looked up): its "close" has been emitted, and a listener added now would never run.
    if (res.destroyed || !res.socket || res.socket.destroyed) {
      release();
      return;
    }
    setBodyBytesHeld(budget.bytesInUse);
    res.once("close", () => {
      release();
      setBodyBytesHeld(budget.bytesInUse);
    });
    next();
  };
}
