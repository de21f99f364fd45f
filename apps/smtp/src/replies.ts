import { AppError, type ErrorCode } from "@svc/core";
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from "@svc/runtime";

/**
 * An SMTP refusal. smtp-server writes `responseCode` and the message; its own enhanced status
 * codes are off (it would derive them from the reply code alone, 550 → 5.1.1 whatever the
 * reason), so each reply carries the enhanced code that says why, at the start of its text.
 */
export class SmtpReply extends Error {
  readonly responseCode: number;

  constructor(
    code: number,
    readonly enhancedCode: string,
    readonly text: string,
  ) {
    super(`${enhancedCode} ${text}`);
    this.name = "SmtpReply";
    this.responseCode = code;
  }

  /** Whether the client should try again later (4xx) rather than give the message up (5xx). */
  get transient(): boolean {
    return this.responseCode < 500;
  }
}

/**
 * The SMTP reply of each error the REST API answers, with the same human message, so a refusal
 * reads the same in an SMTP client's log as in a REST response. One table, as the REST API's
 * code-to-status table.
 *
 * The daily limit is a transient 452 4.5.3: the client keeps the message and retries, and the
 * limit resets at midnight UTC. 4.5.3 ("too many recipients") is the enhanced code clients know
 * for a quota on what may be sent, and 452 is the reply a transaction gets when the server will
 * take it later; 451 would tell the client that the server failed.
 */
const REPLIES: Partial<Record<ErrorCode, [number, string]>> = {
  unauthorized: [535, "5.7.8"],
  forbidden: [550, "5.7.1"],
  domain_not_verified: [550, "5.7.1"],
  domain_not_allowed: [550, "5.7.1"],
  source_not_allowed: [550, "5.7.1"],
  validation_failed: [554, "5.6.0"],
  bad_request: [554, "5.6.0"],
  conflict: [554, "5.6.0"],
  payload_too_large: [552, "5.3.4"],
  daily_limit_reached: [452, "4.5.3"],
  rate_limited: [451, "4.7.1"],
  unavailable: [451, "4.3.0"],
};

/** Anything else is a bug or an outage on our side: the client keeps the message and retries. */
const INTERNAL = new SmtpReply(451, "4.3.0", "Temporary server error; please try again later.");

/** The reply for an error; `null` tells the caller it was unexpected (log it). */
export function knownReplyFor(error: unknown): SmtpReply | null {
  if (error instanceof SmtpReply) return error;
  if (error instanceof AppError) {
    const reply = REPLIES[error.code];
    return reply ? new SmtpReply(reply[0], reply[1], error.message) : null;
  }
  if (isDatabaseUnavailable(error)) return new SmtpReply(451, "4.3.0", DATABASE_UNAVAILABLE_MESSAGE);
  return null;
}

export function replyFor(error: unknown): SmtpReply {
  return knownReplyFor(error) ?? INTERNAL;
}
