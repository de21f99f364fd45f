import type { Server } from "node:http";
import type { simulatorEnv } from "@svc/config";
import type { Logger } from "@svc/logger";
import type { SigningIdentity } from "@svc/sns";
import type { z } from "zod";
import { ProviderError, type EmailProvider, type OutboundEmail, type SendResult } from "../types.ts";
import { serveCertificate, stopCertificateServer } from "./certificateServer.ts";
import { loadOrCreateIdentity } from "./identityStore.ts";
import { sesLikeId } from "./messageIds.ts";
import { planEvents, type PlannedEvent } from "./scenarios.ts";
import { buildSesEvent, type SimulatedMail } from "./sesEvents.ts";
import { DEFAULT_NOTIFICATION_RETRY, SnsPoster, type NotificationRetryPolicy } from "./snsPoster.ts";
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
}

/**
 * Plays SES with no AWS account: accepts a message at once with an SES-like id, then reports
 * what SES would (chosen by recipient, see scenarios.ts) as signed SNS notifications to the
 * ingester, through the same verified path real SES events take.
 */
export class SimulatorProvider implements EmailProvider {
  readonly name = "simulator";
  private readonly ready: Promise<SigningIdentity | null>;
  private certificateServer: Server | null = null;
  private readonly pending = new Set<Promise<void>>();
  private readonly stopSwitch = new StopSwitch();
  private readonly poster: SnsPoster;
  private readonly firstEventDelayMs: number;
  private closed = false;

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
  }

  /** Key pair and certificate (created on first use), and the certificate's HTTP server. */
  private async prepare(): Promise<SigningIdentity | null> {
    try {
      const identity = await loadOrCreateIdentity(this.env.SIMULATOR_KEY_DIR);
      this.certificateServer = await serveCertificate({
        certificatePem: identity.certificatePem,
        certUrl: this.env.SIMULATOR_CERT_URL,
        port: this.env.SIMULATOR_CERT_PORT,
        log: this.log,
      });
      return identity;
    } catch (error) {
      this.log.error({ err: error, keyDir: this.env.SIMULATOR_KEY_DIR }, "simulator has no signing key; it will report no events");
      return null;
    }
  }

  async send(email: OutboundEmail): Promise<SendResult> {
    if (this.closed) throw new ProviderError("transient", "SimulatorClosed", "The simulator is shutting down.");
    const mail: SimulatedMail = {
      email: { ...email, to: [...email.to] },
      messageId: sesLikeId(),
      acceptedAt: new Date(),
      configurationSet: this.options.configurationSet ?? "svc-simulator",
    };
    // Reported in the background: send() answers now, like SES.
    this.track(this.report(mail, planEvents(mail.email.to)));
    return { providerMessageId: mail.messageId };
  }

  /** Posts one message's events one after another, so the ingester receives them in order. */
  private async report(mail: SimulatedMail, plan: PlannedEvent[]): Promise<void> {
    const identity = await this.ready;
    if (!identity) return;
    if (this.firstEventDelayMs > 0 && !(await this.stopSwitch.pause(this.firstEventDelayMs))) return;
    let previous = mail.acceptedAt.getTime();
    for (const event of plan) {
      if (this.stopSwitch.isStopped) return;
      // Each event's own time, strictly after the one before it.
      const at = new Date(Math.max(Date.now(), previous + 1));
      previous = at.getTime();
      const json = JSON.stringify(buildSesEvent(mail, event, at));
      await this.poster.post(json, identity, { emailId: mail.email.emailId, providerMessageId: mail.messageId, event: event.kind });
    }
  }

  private track(work: Promise<void>): void {
    const guarded = work.catch((error: unknown) => this.log.error({ err: error }, "simulated event reporting failed"));
    this.pending.add(guarded);
    void guarded.finally(() => this.pending.delete(guarded));
  }

  /** Resolves once every event of every message sent so far has been posted or given up. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Lets events in flight finish for a moment, then abandons the rest and stops serving the certificate. */
  async close(): Promise<void> {
    this.closed = true;
    const grace = this.options.closeGraceMs ?? 5_000;
    await Promise.race([this.idle(), this.stopSwitch.pause(grace)]);
    this.stopSwitch.stop();
    await this.idle();
    this.poster.close();
    await this.ready;
    await stopCertificateServer(this.certificateServer);
    this.certificateServer = null;
  }
}

/** The factory the provider factory loads when EMAIL_PROVIDER=simulator. */
export function createSimulatorProvider(env: SimulatorEnv, log: Logger, options?: SimulatorOptions): SimulatorProvider {
  return new SimulatorProvider(env, log, options);
}
