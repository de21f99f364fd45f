import {
  authenticateInbound,
  DMARC_LIMITS,
  type DmarcOutcome,
  type FileStore,
  type InboundVerdicts,
  type MailauthResolver,
  type RoutedRecipient,
  receiveDmarcReports,
  refuseDmarcMessage,
  refusedByDmarc,
  routeRecipients,
  storeInbound,
} from "@svc/core";
import type { DbHandle } from "@svc/db";
import type { Logger } from "@svc/logger";
import type { Producer } from "@svc/queues";
import type { ByteBudget, ClientRateLimit } from "@svc/runtime";
import { SMTPServer, type SMTPServerSession } from "smtp-server";
import type { RcptThrottle } from "./rcptThrottle.ts";
import { spoolData, takeSpooled } from "./spool.ts";

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
  /** Unknown recipients one session may try before 421 and a closed connection. */
  maxFailedRecipients: number;
  maxClients: number;
  socketTimeoutMs: number;
  closeTimeoutMs: number;
}

export interface ReceiverDeps {
  db: DbHandle;
  deliveries: Producer<"webhookDelivery">;
  resolver: MailauthResolver;
  rateLimit: ClientRateLimit;
  /** Unknown recipients per client address, across sessions and processes. */
  rcptThrottle: RcptThrottle;
  /** Memory for messages from the end of their DATA until stored (INBOUND_MESSAGE_BUDGET_MB). */
  budget: ByteBudget;
  /** Where DATA is spooled while it arrives. */
  spoolDir: string;
  log: Logger;
  /** Where the raw message and its attachment bytes go (FILE_STORE); with the record in PostgreSQL when absent. */
  files?: FileStore;
}

function summarize(outcomes: readonly DmarcOutcome[]): string {
  const count = (kind: DmarcOutcome["outcome"]) => outcomes.filter((entry) => entry.outcome === kind).length;
  return `stored ${count("stored")}, duplicate ${count("duplicate")}, refused ${count("refused")}`;
}

const OVER_BUDGET = () => new SmtpReply(451, "4.3.1", "The receiver is busy with other messages; please try again shortly.");
const HARVESTING = () => new SmtpReply(421, "4.7.0", "Too many unknown recipients from your address; closing.");

/**
 * The built-in MX: takes mail only for routed addresses of verified receiving domains (550 5.1.1
 * at RCPT otherwise; past the unknown-recipient limits of a session or a client address, 421 and
 * the connection closes), within SIZE (552, counted per chunk while the DATA is spooled to disk),
 * the memory budget (451 4.3.1) and the per-client rate (451 4.7.1), authenticates it
 * (SPF, DKIM, DMARC, ARC), refuses what fails DMARC under `p=reject` (550 5.7.1), and stores the
 * rest through core's `storeInbound`. Whatever the message holds, the answer is an SMTP reply:
 * an unexpected error is a 451 (the sender retries), never a crash.
 */
export function createReceiver(options: ReceiverOptions, deps: ReceiverDeps): SMTPServer {
  const workspacesOf = (reports: readonly RoutedRecipient[]) => [...new Set(reports.map((recipient) => recipient.workspaceId))];
  const refuseReports = async (reports: readonly RoutedRecipient[], detail: string) => {
    for (const workspaceId of workspacesOf(reports))
      await refuseDmarcMessage(deps.db.prisma, { workspaceId, receivedAt: new Date() }, detail);
  };
  // A message to reporting addresses beside other recipients is stored for them whatever its reports hold.
  const readReports = async (reports: readonly RoutedRecipient[], raw: Buffer, verdicts: InboundVerdicts) => {
    if (reports.length > 0 && raw.length > DMARC_LIMITS.maxMessageBytes) {
      await refuseReports(reports, `The message exceeds the ${DMARC_LIMITS.maxMessageBytes} byte limit of reports.`);
      return [];
    }
    const outcomes: DmarcOutcome[] = [];
    for (const workspaceId of workspacesOf(reports))
      outcomes.push(...(await receiveDmarcReports(deps.db.prisma, { workspaceId, raw, verdicts, receivedAt: new Date() })));
    if (outcomes.length > 0) deps.log.info({ outcomes: outcomes.map((entry) => entry.outcome) }, "dmarc reports read");
    return outcomes;
  };
  const routed = new WeakMap<SMTPServerSession["envelope"], RoutedRecipient[]>();
  const failedRecipients = new WeakMap<SMTPServerSession, number>();
  const server = new SMTPServer({
    name: options.hostname,
    banner: "svc inbound",
    authOptional: true,
    disabledCommands: ["AUTH"],
    size: options.maxMessageBytes,
    maxClients: options.maxClients,
    socketTimeout: options.socketTimeoutMs,
    closeTimeout: options.closeTimeoutMs,
    disableReverseLookup: true,
    hideDSN: true,
    logger: false,

    onConnect(session, callback) {
      deps.rcptThrottle.waitSeconds(session.remoteAddress).then(
        (wait) => callback(wait > 0 ? HARVESTING() : undefined),
        () => callback(),
      );
    },

    onMailFrom(_address, session, callback) {
      if (!deps.rateLimit.take(session.remoteAddress))
        return callback(new SmtpReply(451, "4.7.1", "Too many messages from your address; try again later."));
      callback();
    },

    onRcptTo(address, session, callback) {
      void (async () => {
        const list = routed.get(session.envelope) ?? [];
        if (list.length >= options.maxRecipients) return callback(new SmtpReply(452, "4.5.3", "Too many recipients."));
        const [route] = await routeRecipients(deps.db.prisma, [address.address]);
        if (!route) {
          const failed = (failedRecipients.get(session) ?? 0) + 1;
          failedRecipients.set(session, failed);
          await deps.rcptThrottle.countFailure(session.remoteAddress);
          if (failed > options.maxFailedRecipients) return callback(HARVESTING());
          return callback(new SmtpReply(550, "5.1.1", `No mailbox here by the name ${address.address}.`));
        }
        list.push(route);
        routed.set(session.envelope, list);
        callback();
      })().catch((error: unknown) => {
        deps.log.error({ err: error }, "inbound recipient look-up failed");
        callback(new SmtpReply(451, "4.3.0", "Temporary failure; try again later."));
      });
    },

    onData(stream, session, callback) {
      let release = () => {};
      void (async () => {
        const all = routed.get(session.envelope) ?? [];
        const reports = all.filter((recipient) => recipient.dmarc);
        const recipients = all.filter((recipient) => !recipient.dmarc);
        // Only reporting addresses: the reports' own (smaller) bound is the message's, refused at SMTP.
        const maxBytes =
          recipients.length === 0 ? Math.min(options.maxMessageBytes, DMARC_LIMITS.maxMessageBytes) : options.maxMessageBytes;
        const data = await spoolData(stream, { dir: deps.spoolDir, maxBytes, budget: deps.budget, owner: session.remoteAddress });
        if (data.outcome === "oversized") {
          if (recipients.length === 0)
            await refuseReports(reports, `The message exceeds the ${maxBytes} byte limit of reports; refused at SMTP (552).`);
          return callback(new SmtpReply(552, "5.3.4", `The message exceeds the ${maxBytes} byte limit.`));
        }
        if (data.outcome === "over_budget") {
          deps.log.warn({ budgetBytes: deps.budget.maxBytes }, "inbound message refused for now: the message budget is full");
          return callback(OVER_BUDGET());
        }
        release = data.release;
        const raw = await takeSpooled(data.spool);
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
        const read = await readReports(reports, raw, verdicts);
        if (recipients.length === 0) return callback(null, `2.0.0 Ok: reports ${summarize(read)}`);
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
      })()
        .catch((error: unknown) => {
          deps.log.error({ err: error }, "inbound message could not be stored");
          callback(new SmtpReply(451, "4.3.0", "Temporary failure storing the message; try again later."));
        })
        .finally(() => release());
    },
  });
  // Connection errors (a client gone mid-command) and a listen failure are re-emitted here: without
  // a listener they would crash the process. The listen failure reaches start() through `listen`.
  server.on("error", (error: Error) => deps.log.debug({ err: error }, "smtp connection error"));
  return server;
}
