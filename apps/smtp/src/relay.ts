import type { Readable } from "node:stream";
import { type AuthenticatedKey, parseMailbox, SEND_LIMITS } from "@svc/core";
import type { Logger } from "@svc/logger";
import { recordMessageOverBudget } from "@svc/metrics";
import { SMTPServer, type SMTPServerOptions, type SMTPServerSession } from "smtp-server";
import type { SmtpAuthenticator, SmtpUser } from "./auth/authenticate.ts";
import { InFlight } from "./inFlight.ts";
import type { MessageBudget } from "./message/budget.ts";
import { receiveMessage } from "./message/readMessage.ts";
import { knownReplyFor, replyFor, SmtpReply } from "./replies.ts";
import { countAgainstRateLimit, type SubmitDeps, submitMessage } from "./submit.ts";
import type { TlsIdentity } from "./tls.ts";

/**
 * The largest message taken, advertised as SIZE: SES's own limit for a whole message after
 * encoding, which is what a message with attachments must fit in.
 */
export const MAX_MESSAGE_BYTES = 40 * 1024 * 1024;

export interface RelayOptions {
  hostname: string;
  tls: TlsIdentity;
  allowInsecureAuth: boolean;
  maxClients: number;
  socketTimeoutMs: number;
  /** smtp-server's own limit on a shutdown, a backstop behind closeRelay's. */
  closeTimeoutMs: number;
  /** Memory for messages in flight (SMTP_MESSAGE_BUDGET_MB). */
  budget: MessageBudget;
  /**
   * PROXY protocol (v1) headers to read before the greeting: from every peer (`true`), from the
   * listed load balancer addresses, or from none (`false`). The client address it carries is the
   * one AUTH failures are counted for.
   */
  useProxy: boolean | string[];
}

export interface Relay {
  /** The STARTTLS server (SMTP_PORT). */
  submission: SMTPServer;
  /** The implicit-TLS server (SMTPS_PORT). */
  implicitTls: SMTPServer;
  /** Messages being received or stored right now. */
  inFlight: InFlight;
}

const OVER_BUDGET = () => new SmtpReply(451, "4.3.1", "The relay is busy with other messages; please try again shortly.");

/** Reads the rest of a DATA stream without keeping it, so that the client hears the answer. */
function drain(stream: Readable): Promise<void> {
  return new Promise((resolve) => {
    if (stream.readableEnded || stream.destroyed) return resolve();
    stream
      .once("end", resolve)
      .once("close", resolve)
      .once("error", () => resolve());
    stream.resume();
  });
}

const tooManyRecipients = () => new SmtpReply(452, "4.5.3", `Too many recipients: at most ${SEND_LIMITS.maxRecipients} per message.`);

/**
 * The relay's SMTP servers: the same handlers behind STARTTLS and implicit TLS. AUTH is required
 * before MAIL; every refusal is an SmtpReply with the REST API's message.
 */
export function createRelay(options: RelayOptions, authenticator: SmtpAuthenticator, submit: SubmitDeps, log: Logger): Relay {
  const inFlight = new InFlight();
  // The key as it was at MAIL FROM, for this transaction only (a new envelope object each time).
  const transactionKeys = new WeakMap<object, AuthenticatedKey>();

  /** Refusals as they are; anything unexpected is logged and answered with a transient 451. */
  const answer = (error: unknown, context: string): SmtpReply => {
    const known = knownReplyFor(error);
    if (known) return known;
    log.error({ err: error, context }, "unexpected error in the SMTP relay");
    return replyFor(error);
  };

  const handlers: Partial<SMTPServerOptions> = {
    onAuth(auth, session, callback) {
      authenticator.login({ username: auth.username ?? "", password: auth.password ?? "", clientAddress: session.remoteAddress }).then(
        (user) => callback(null, { user }),
        (error: unknown) => callback(answer(error, "auth")),
      );
    },

    onMailFrom(_address, session, callback) {
      authenticator.recheck(session.user as SmtpUser, session.remoteAddress).then(
        (key) => {
          transactionKeys.set(session.envelope, key);
          callback();
        },
        (error: unknown) => callback(answer(error, "mail from")),
      );
    },

    onRcptTo(address, session, callback) {
      const mailbox = parseMailbox(address.address);
      if (!mailbox || mailbox.address !== address.address.trim() || mailbox.name !== null) {
        return callback(
          new SmtpReply(
            553,
            "5.1.3",
            `Invalid recipient ${address.address}: must be a valid email address (at most ${SEND_LIMITS.maxAddressLength} characters).`,
          ),
        );
      }
      const known = session.envelope.rcptTo.some((r) => r.address.toLowerCase() === address.address.toLowerCase());
      if (!known && session.envelope.rcptTo.length >= SEND_LIMITS.maxRecipients) return callback(tooManyRecipients());
      callback();
    },

    onData(stream, session, callback) {
      // The answer is given inside the in-flight span: a shutdown waiting for the span to end
      // must find the 250 already written.
      void inFlight.run(async () => {
        let release = () => {};
        try {
          const key = transactionKeys.get(session.envelope);
          if (!key) throw new Error("DATA without a key checked at MAIL FROM");
          // Before the message is read: one over its key's rate costs no memory or parsing.
          await countAgainstRateLimit(submit, key).catch(async (error: unknown) => {
            await drain(stream);
            throw error;
          });
          const received = await receiveMessage(stream, options.budget);
          release = received.release;
          const { result } = received;
          // Over SIZE: smtp-server answers 552 itself (rejectOversized), whatever is passed here.
          if (result.outcome === "oversized")
            return callback(new SmtpReply(552, "5.3.4", `The message exceeds the ${MAX_MESSAGE_BYTES} byte limit.`));
          if (result.outcome === "over_budget") {
            recordMessageOverBudget();
            log.info(
              { keyId: key.keyId, budgetBytes: options.budget.capacity },
              "smtp message refused for now: the message budget is full",
            );
            return callback(OVER_BUDGET());
          }
          if (result.outcome === "unparseable") {
            log.info({ err: result.error }, "unparseable message refused");
            return callback(new SmtpReply(554, "5.6.0", "The message could not be parsed as MIME."));
          }
          const envelope = {
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            rcptTo: session.envelope.rcptTo.map((r) => r.address),
          };
          const submitted = await submitMessage(submit, key, result.mail, envelope);
          log.info(
            { emailId: submitted.emailId, replayed: submitted.replayed, keyId: key.keyId, bytes: result.bytes },
            "smtp message queued",
          );
          callback(null, `2.0.0 Ok: queued as ${submitted.emailId}`);
        } catch (error) {
          await drain(stream);
          callback(answer(error, "data"));
        } finally {
          release();
        }
      });
    },
  };

  const base: SMTPServerOptions = {
    ...handlers,
    name: options.hostname,
    banner: "svc relay",
    key: options.tls.keyPem,
    cert: options.tls.certPem,
    authMethods: ["PLAIN", "LOGIN"],
    allowInsecureAuth: options.allowInsecureAuth,
    size: MAX_MESSAGE_BYTES,
    rejectOversized: true,
    maxClients: options.maxClients,
    socketTimeout: options.socketTimeoutMs,
    closeTimeout: options.closeTimeoutMs,
    // A relay for authenticated clients: no reverse lookups of their addresses, no DSN or
    // XCLIENT/XFORWARD trust to manage.
    disableReverseLookup: true,
    hideDSN: true,
    useProxy: options.useProxy,
    logger: false,
  };
  const submission = new SMTPServer({ ...base, secure: false });
  const implicitTls = new SMTPServer({ ...base, secure: true });
  for (const server of [submission, implicitTls]) {
    // A client's TLS or socket error concerns that client only.
    server.on("error", (error: Error) => log.debug({ err: error }, "smtp connection error"));
  }
  return { submission, implicitTls, inFlight };
}

export type { SMTPServerSession };
