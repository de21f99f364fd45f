import type { Readable } from "node:stream";
import {
  authenticateInbound,
  type FileStore,
  type MailauthResolver,
  type RoutedRecipient,
  refusedByDmarc,
  routeRecipients,
  storeInbound,
} from "@svc/core";
import type { Db } from "@svc/db";
import type { Logger } from "@svc/logger";
import type { Producer } from "@svc/queues";
import { SMTPServer, type SMTPServerSession } from "smtp-server";
import type { ClientRateLimit } from "./rateLimit.ts";

/** An SMTP answer smtp-server sends as is. */
class SmtpReply extends Error {
  readonly responseCode: number;
  constructor(code: number, enhancedCode: string, text: string) {
    super(`${enhancedCode} ${text}`);
    this.responseCode = code;
  }
}

export interface ReceiverOptions {
  hostname: string;
  maxMessageBytes: number;
  maxRecipients: number;
  maxClients: number;
  socketTimeoutMs: number;
  closeTimeoutMs: number;
}

export interface ReceiverDeps {
  db: Db;
  deliveries: Producer<"webhookDelivery">;
  resolver: MailauthResolver;
  rateLimit: ClientRateLimit;
  log: Logger;
  /** Where the raw message and its attachment bytes go (FILE_STORE); with the record in PostgreSQL when absent. */
  files?: FileStore;
}

/** Reads the DATA stream; null when it went over SIZE (smtp-server then answers 552 itself). */
async function readMessage(stream: Readable & { sizeExceeded?: boolean }): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return stream.sizeExceeded ? null : Buffer.concat(chunks);
}

/**
 * The built-in MX: takes mail only for routed addresses of verified receiving domains (550 5.1.1
 * at RCPT otherwise), within SIZE (552) and the per-client rate (451 4.7.1), authenticates it
 * (SPF, DKIM, DMARC, ARC), refuses what fails DMARC under `p=reject` (550 5.7.1), and stores the
 * rest through core's `storeInbound`. Whatever the message holds, the answer is an SMTP reply:
 * an unexpected error is a 451 (the sender retries), never a crash.
 */
export function createReceiver(options: ReceiverOptions, deps: ReceiverDeps): SMTPServer {
  const routed = new WeakMap<SMTPServerSession["envelope"], RoutedRecipient[]>();
  return new SMTPServer({
    name: options.hostname,
    banner: "svc inbound",
    authOptional: true,
    disabledCommands: ["AUTH"],
    size: options.maxMessageBytes,
    // Oversized: smtp-server answers 552 at the end of DATA.
    maxClients: options.maxClients,
    socketTimeout: options.socketTimeoutMs,
    closeTimeout: options.closeTimeoutMs,
    disableReverseLookup: true,
    hideDSN: true,
    logger: false,

    onMailFrom(_address, session, callback) {
      if (!deps.rateLimit.take(session.remoteAddress))
        return callback(new SmtpReply(451, "4.7.1", "Too many messages from your address; try again later."));
      callback();
    },

    onRcptTo(address, session, callback) {
      void (async () => {
        const list = routed.get(session.envelope) ?? [];
        if (list.length >= options.maxRecipients) return callback(new SmtpReply(452, "4.5.3", "Too many recipients."));
        const [route] = await routeRecipients(deps.db, [address.address]);
        if (!route) return callback(new SmtpReply(550, "5.1.1", `No mailbox here by the name ${address.address}.`));
        list.push(route);
        routed.set(session.envelope, list);
        callback();
      })().catch((error: unknown) => {
        deps.log.error({ err: error }, "inbound recipient look-up failed");
        callback(new SmtpReply(451, "4.3.0", "Temporary failure; try again later."));
      });
    },

    onData(stream, session, callback) {
      void (async () => {
        const raw = await readMessage(stream);
        if (raw === null) return callback(new SmtpReply(552, "5.3.4", `The message exceeds the ${options.maxMessageBytes} byte limit.`));
        const recipients = routed.get(session.envelope) ?? [];
        const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        const verdicts = await authenticateInbound(
          raw,
          { ip: session.remoteAddress, helo: session.hostNameAppearsAs || session.remoteAddress, mailFrom, mta: options.hostname },
          deps.resolver,
        );
        if (refusedByDmarc(verdicts)) {
          deps.log.info({ from: verdicts.dmarc.domain, bytes: raw.length }, "inbound message refused: DMARC fail with p=reject");
          return callback(new SmtpReply(550, "5.7.1", "Message refused: it fails DMARC and its domain's policy is reject."));
        }
        const stored = await storeInbound(
          deps.db,
          deps.deliveries,
          {
            source: "mx",
            sourceKey: null,
            mailFrom,
            recipients,
            raw,
            verdicts,
            receivedAt: new Date(),
          },
          deps.files,
        );
        deps.log.info({ inboundIds: stored.map((entry) => entry.inboundId), bytes: raw.length }, "inbound message stored");
        callback(null, `2.0.0 Ok: stored as ${stored.map((entry) => entry.inboundId).join(" ")}`);
      })().catch((error: unknown) => {
        deps.log.error({ err: error }, "inbound message could not be stored");
        callback(new SmtpReply(451, "4.3.0", "Temporary failure storing the message; try again later."));
      });
    },
  });
}
