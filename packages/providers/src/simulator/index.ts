import type { Server } from "node:http";
import type { simulatorEnv } from "@svc/config";
import type { Logger } from "@svc/logger";
import { every, type PeriodicTask } from "@svc/runtime";
import type { SigningIdentity } from "@svc/sns";
import type { z } from "zod";
import { type EmailProvider, type FindAcceptedEmails, type OutboundEmail, ProviderError, type SendResult } from "../types.ts";
import { serveCertificate, stopCertificateServer } from "./certificateServer.ts";
import { loadOrCreateIdentity } from "./identityStore.ts";
import { sesLikeId, timeOfSesLikeId } from "./messageIds.ts";
import { type PlannedEvent, planEvents } from "./scenarios.ts";
import { buildSesEvent, type SimulatedMail } from "./sesEvents.ts";
import { DEFAULT_NOTIFICATION_RETRY, type NotificationRetryPolicy, SnsPoster } from "./snsPoster.ts";
import { StopSwitch } from "./stopSwitch.ts";

export type SimulatorEnv = z.output<z.ZodObject<typeof simulatorEnv>>;

export interface SimulatorOptions {
  retry?: Partial<NotificationRetryPolicy>;
  /**
   * Pause between accepting a message and reporting its first event. SES reports seconds later;
   * a short pause makes the usual order (handoff recorded, then events) the common one here too,
   * without ruling out the other.
   */
  firstEventDelayMs?: number;
  /** How long close() lets events in flight finish before abandoning them. */
  closeGraceMs?: number;
  /** Reported in `mail.tags["ses:configuration-set"]`. */
  configurationSet?: string;
  /**
   * Where the emails it accepted are recorded (Postgres): with it, the simulator reports again,
   * on start and every SIMULATOR_RECOVERY_INTERVAL_MS, the events still missing for emails
   * accepted more than SIMULATOR_RECOVERY_GRACE_MS ago, by any process, so that the events a
   * crashed sender still owed are not lost. Without it, they live in this process's memory only.
   */
  findAccepted?: FindAcceptedEmails;
}

/** How far back the first recovery run looks (a sender down for a day still owes its events), and later runs. */
const RECOVERY_START_HORIZON_MS = 24 * 3_600_000;
const RECOVERY_HORIZON_MS = 15 * 60_000;
const RECOVERY_PAGE = 200;

/**
 * Plays SES with no AWS account: accepts a message at once with an SES-like id, then reports
 * what SES would (chosen by recipient, see scenarios.ts) as signed SNS notifications to the
 * ingester, through the same verified path real SES events take.
 */
export class SimulatorProvider implements EmailProvider {
  readonly name = "simulator";
  private readonly ready: Promise<SigningIdentity>;
  private certificateServer: Server | null = null;
  private readonly pending = new Set<Promise<void>>();
  private readonly stopSwitch = new StopSwitch();
  private readonly poster: SnsPoster;
  private readonly firstEventDelayMs: number;
  private closed = false;
  /** Emails whose events this process is reporting now: recovery leaves them alone. */
  private readonly reporting = new Set<string>();
  private recovery: PeriodicTask | null = null;

  constructor(
    private readonly env: SimulatorEnv,
    private readonly log: Logger,
    private readonly options: SimulatorOptions = {},
  ) {
    this.firstEventDelayMs = options.firstEventDelayMs ?? 100;
    this.poster = new SnsPoster({
      url: env.SIMULATOR_SNS_URL,
      topicArn: env.SIMULATOR_TOPIC_ARN,
      certUrl: env.SIMULATOR_CERT_URL,
      retry: { ...DEFAULT_NOTIFICATION_RETRY, ...options.retry },
      log,
      stopSwitch: this.stopSwitch,
    });
    this.ready = this.prepare();
    // Awaited by started() (which the factory calls) and by every report; never unhandled.
    this.ready.catch(() => {});
    const find = options.findAccepted;
    if (find) {
      let horizonMs = RECOVERY_START_HORIZON_MS;
      this.recovery = every(
        "simulator event recovery",
        env.SIMULATOR_RECOVERY_INTERVAL_MS,
        async () => {
          await this.recover(find, horizonMs);
          horizonMs = RECOVERY_HORIZON_MS;
        },
        log,
        { firstRunMs: 0 },
      );
    }
  }

  /**
   * Reports again every event of the emails accepted more than the grace period ago whose
   * stored events are fewer than planned. Every field of a simulated event derives from the
   * message id, so an event reported twice (by two senders recovering at once, or because the
   * first report was only late) has one dedupe key and is stored once.
   */
  private async recover(find: FindAcceptedEmails, horizonMs: number): Promise<void> {
    const now = Date.now();
    const range = {
      provider: this.name,
      createdFrom: new Date(now - horizonMs),
      sentBefore: new Date(now - this.env.SIMULATOR_RECOVERY_GRACE_MS),
      limit: RECOVERY_PAGE,
    };
    let after: { createdAt: Date; id: string } | null = null;
    let reported = 0;
    for (;;) {
      if (this.stopSwitch.isStopped) return;
      const page = await find({ ...range, after });
      const reports: Array<Promise<void>> = [];
      for (const record of page) {
        const acceptedAt = timeOfSesLikeId(record.providerMessageId);
        if (!acceptedAt || this.reporting.has(record.email.emailId)) continue;
        const plan = planEvents(allRecipients(record.email));
        if (record.eventCount >= plan.length) continue;
        const mail: SimulatedMail = {
          email: record.email,
          messageId: record.providerMessageId,
          acceptedAt,
          configurationSet: this.configurationSet,
        };
        reports.push(this.track(this.report(mail, plan, 0)));
        reported += 1;
      }
      // A page at a time: a long backlog does not open thousands of posts at once.
      await Promise.all(reports);
      if (page.length < RECOVERY_PAGE) break;
      const last = page[page.length - 1]!;
      after = { createdAt: last.createdAt, id: last.email.emailId };
    }
    if (reported > 0) this.log.info({ emails: reported }, "simulator reported again the missing events of emails accepted earlier");
  }

  private get configurationSet(): string {
    return this.options.configurationSet ?? "svc-simulator";
  }

  /**
   * Key pair and certificate (created on first use), and the certificate's HTTP server. Rejects
   * when either cannot be had: the ingester would refuse every event, and the simulator's emails
   * would stay `sent` with nothing said.
   */
  private async prepare(): Promise<SigningIdentity> {
    const identity = await loadOrCreateIdentity(this.env.SIMULATOR_KEY_DIR).catch((error: unknown) => {
      throw new Error(`the simulator has no signing key in SIMULATOR_KEY_DIR (${this.env.SIMULATOR_KEY_DIR})`, { cause: error });
    });
    this.certificateServer = await serveCertificate({
      certificatePem: identity.certificatePem,
      certUrl: this.env.SIMULATOR_CERT_URL,
      port: this.env.SIMULATOR_CERT_PORT,
      log: this.log,
    });
    return identity;
  }

  /** Resolves once the simulator can sign and its certificate is served; rejects if it cannot. */
  async started(): Promise<void> {
    await this.ready;
  }

  async send(email: OutboundEmail): Promise<SendResult> {
    if (this.closed) throw new ProviderError("transient", "SimulatorClosed", "The simulator is shutting down.");
    // The acceptance time is the one the message id carries: recovery derives it from the id.
    const acceptedMs = Date.now();
    const mail: SimulatedMail = {
      // Only what events tell: not holding bodies and attachment bytes keeps memory flat while events are reported.
      email: {
        emailId: email.emailId,
        from: email.from,
        replyTo: email.replyTo,
        to: [...email.to],
        cc: [...email.cc],
        bcc: [...email.bcc],
        subject: email.subject,
        headers: email.headers,
        tags: email.tags,
        html: email.html,
      },
      messageId: sesLikeId(acceptedMs),
      acceptedAt: new Date(acceptedMs),
      configurationSet: this.configurationSet,
    };
    // Reported in the background: send() answers now, like SES.
    void this.track(this.report(mail, planEvents(allRecipients(mail.email)), this.firstEventDelayMs));
    return { providerMessageId: mail.messageId };
  }

  /** Posts one message's events one after another, so the ingester receives them in order. */
  private async report(mail: SimulatedMail, plan: PlannedEvent[], delayMs: number): Promise<void> {
    const emailId = mail.email.emailId;
    this.reporting.add(emailId);
    try {
      const identity = await this.ready.catch(() => null);
      if (!identity) return;
      if (delayMs > 0 && !(await this.stopSwitch.pause(delayMs))) return;
      for (const [index, event] of plan.entries()) {
        if (this.stopSwitch.isStopped) return;
        const json = JSON.stringify(buildSesEvent(mail, event, index));
        await this.poster.post(json, identity, { emailId, providerMessageId: mail.messageId, event: event.kind });
      }
    } finally {
      this.reporting.delete(emailId);
    }
  }

  private track(work: Promise<void>): Promise<void> {
    const guarded = work.catch((error: unknown) => this.log.error({ err: error }, "simulated event reporting failed"));
    this.pending.add(guarded);
    void guarded.finally(() => this.pending.delete(guarded));
    return guarded;
  }

  /** Resolves once every event of every message sent so far has been posted or given up. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Lets events in flight finish for a moment, then abandons the rest and stops serving the certificate. */
  async close(): Promise<void> {
    this.closed = true;
    const recovery = this.recovery?.stop();
    const grace = this.options.closeGraceMs ?? 5_000;
    await Promise.race([this.idle(), this.stopSwitch.pause(grace)]);
    this.stopSwitch.stop();
    await recovery;
    await this.idle();
    await this.poster.close();
    await this.ready.catch(() => {});
    await stopCertificateServer(this.certificateServer);
    this.certificateServer = null;
  }
}

/** Every recipient SES would report on: to, cc and bcc alike, in that order. */
function allRecipients(email: Pick<OutboundEmail, "to" | "cc" | "bcc">): string[] {
  return [...email.to, ...email.cc, ...email.bcc];
}

/**
 * The factory the provider factory loads when EMAIL_PROVIDER=simulator: a started simulator, or a
 * rejection (the simulator stopped again) when it cannot sign or serve its certificate.
 */
export async function createSimulatorProvider(env: SimulatorEnv, log: Logger, options?: SimulatorOptions): Promise<SimulatorProvider> {
  const simulator = new SimulatorProvider(env, log, options);
  try {
    await simulator.started();
    return simulator;
  } catch (error) {
    await simulator.close();
    throw error;
  }
}
