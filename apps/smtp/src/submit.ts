import { createHash } from "node:crypto";
import { AppError, type AuthenticatedKey, type FileStore, queueEmail, sendContextOf } from "@svc/core";
import type { DbHandle } from "@svc/db";
import type { Logger } from "@svc/logger";
import { type RateLimitPolicy, type RedisRateLimiter, rateLimitedMessage, type SendQueue } from "@svc/queues";
import type { ParsedMail } from "mailparser";
import { type Envelope, sendInputFromMime } from "./message/toSendInput.ts";
import { SmtpReply } from "./replies.ts";

export interface SubmitDeps {
  db: DbHandle;
  sendQueue: SendQueue;
  log: Logger;
  enqueueTimeoutMs: number;
  /** The request rate limiter the API uses: a message is one request of its key. */
  rateLimiter: RedisRateLimiter;
  /** API_RATE_LIMIT_*, unless the key's workspace has its own. */
  rateLimit: RateLimitPolicy;
  /** Where attachment bytes go (FILE_STORE). */
  files: FileStore;
}

export interface Submitted {
  emailId: string;
  /** The same message was accepted before (same Message-ID in the workspace within 24 hours). */
  replayed: boolean;
}

/**
 * The idempotency key of a message: its Message-ID, hashed to a fixed length (a Message-ID may be
 * up to a header line long), under the key's environment. Scoped to the workspace (see
 * IdempotencyScope): a client that lost the connection before our 250 and sends the message again
 * creates no second email. A message tried with a test key and then sent with a live one is two
 * emails: the test email is never delivered, so answering the live send with its id would lose it.
 */
function messageIdKey(environment: AuthenticatedKey["environment"], messageId: string): string {
  return `smtp-message-id:${environment}:${createHash("sha256").update(messageId.trim()).digest("hex")}`;
}

/** Refuses the message (451 4.7.1, the client retries later) when its key is over its request rate. */
export async function countAgainstRateLimit(deps: SubmitDeps, auth: AuthenticatedKey): Promise<void> {
  const policy = auth.rateLimitOverride ?? deps.rateLimit;
  if (policy.perSecond === 0) return;
  const decision = await deps.rateLimiter.take(auth.keyId, policy);
  if (decision && !decision.allowed) throw new AppError("rate_limited", rateLimitedMessage(policy, decision));
}

/**
 * One accepted SMTP message (parsed, and counted against its key's rate by
 * `countAgainstRateLimit` before it was read) becomes one email through the same service as
 * `POST /emails` (queueEmail: daily limit, domain check, idempotency, the row), and then its send
 * job. Throws an AppError or SmtpReply for a refusal; nothing is stored for a refused message.
 */
export async function submitMessage(deps: SubmitDeps, auth: AuthenticatedKey, mail: ParsedMail, envelope: Envelope): Promise<Submitted> {
  const input = sendInputFromMime(mail, envelope);
  const messageId = mail.messageId?.trim();
  let queued;
  try {
    queued = await queueEmail(
      deps.db,
      sendContextOf(auth),
      input,
      messageId
        ? { idempotencyKey: messageIdKey(auth.environment, messageId), idempotencyScope: "workspace", files: deps.files }
        : { files: deps.files },
    );
  } catch (error) {
    if (error instanceof AppError && error.code === "conflict") {
      throw new SmtpReply(
        554,
        "5.6.0",
        "This Message-ID was already used for a different message in the last 24 hours. Give each message its own Message-ID.",
      );
    }
    throw error;
  }
  // A replay created nothing, and its job was enqueued the first time (or by the sweeper since).
  if (!queued.replayed) await deps.sendQueue.enqueueOrLeaveToSweeper(auth.workspaceId, [queued.emailId], deps.enqueueTimeoutMs, deps.log);
  return { emailId: queued.emailId, replayed: queued.replayed };
}
