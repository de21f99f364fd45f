import { ApiKeyAuthenticator, AppError, parseSendEmailInput, queueEmail, scopeAllows } from "@svc/core";
import type { DbHandle } from "@svc/db";
import type { Logger } from "@svc/logger";
import type { SendQueue } from "@svc/queues";

/** An email the dashboard sends on its own behalf (invitations, notices to owners). */
export interface SystemMessage {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/**
 * Sends the dashboard's own emails. With no system sender configured there is nothing to send
 * with, and `send` answers null (the caller shows the content another way or skips it).
 */
export interface SystemMailer {
  send(message: SystemMessage): Promise<{ emailId: string } | null>;
}

export const noSystemMailer: SystemMailer = {
  async send() {
    return null;
  },
};

/**
 * The dashboard's emails go through this service's own pipeline, exactly as a customer's email
 * does: the configured system key is authenticated like an API request, the email is queued with
 * `queueEmail` (verified from-domain, one row before any job; not the daily limit) and its send job is
 * enqueued. So they show up in the system workspace's email list with their events.
 */
export class PipelineMailer implements SystemMailer {
  private readonly authenticator: ApiKeyAuthenticator;

  constructor(
    private readonly db: DbHandle,
    private readonly sendQueue: SendQueue,
    private readonly options: { systemApiKey: string; from: string; log: Logger },
  ) {
    this.authenticator = new ApiKeyAuthenticator(db);
  }

  async send(message: SystemMessage): Promise<{ emailId: string }> {
    const key = await this.authenticator.authenticate(`Bearer ${this.options.systemApiKey}`).catch(() => {
      throw new AppError("unavailable", "the system sender's API key (DASHBOARD_SYSTEM_API_KEY) is not valid.");
    });
    if (!scopeAllows(key.scope, "emails:send")) {
      throw new AppError("unavailable", "the system sender's API key (DASHBOARD_SYSTEM_API_KEY) may not send email.");
    }
    const input = parseSendEmailInput({
      from: this.options.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
    // Not counted against the daily limit: strangers can make the sign-up form mail (within its
    // throttles), and that must never use up the limit that invitations and notices need.
    const queued = await queueEmail(
      this.db,
      { workspaceId: key.workspaceId, apiKeyId: key.keyId, environment: key.environment, plan: key.plan },
      input,
      {
        countsAgainstDailyLimit: false,
      },
    );
    try {
      await this.sendQueue.enqueue(key.workspaceId, [queued.emailId]);
    } catch (error) {
      // The row is committed; the sender's sweeper enqueues queued emails whose job is missing.
      this.options.log.warn({ err: error, emailId: queued.emailId }, "system email's send job not enqueued; the sweeper will pick it up");
    }
    return { emailId: queued.emailId };
  }
}
