import { ApiKeyAuthenticator, AppError, parseSendEmailInput, queueEmail, scopeAllows } from "@svc/core";
import type { DbHandle } from "@svc/db";
import type { Logger } from "@svc/logger";
import type { Producer } from "@svc/queues";
import { invitationContent } from "./invitationContent.ts";
import type { InvitationMailer, InvitationMessage } from "./invitationMailer.ts";

/**
 * Invitation emails go through this service's own pipeline, exactly as a customer's email does:
 * the configured system key is authenticated like an API request, the email is queued with
 * `queueEmail` (verified from-domain, daily limit, one row before any job) and its send job is
 * enqueued. So invitations show up in the system workspace's email list with their events.
 */
export class PipelineInvitationMailer implements InvitationMailer {
  private readonly authenticator: ApiKeyAuthenticator;

  constructor(
    private readonly db: DbHandle,
    private readonly producer: Producer<"sendEmail">,
    private readonly options: { systemApiKey: string; from: string; log: Logger },
  ) {
    this.authenticator = new ApiKeyAuthenticator(db);
  }

  async send(message: InvitationMessage): Promise<{ emailId: string }> {
    const key = await this.authenticator.authenticate(`Bearer ${this.options.systemApiKey}`).catch(() => {
      throw new AppError("unavailable", "the system sender's API key (DASHBOARD_SYSTEM_API_KEY) is not valid.");
    });
    if (!scopeAllows(key.scope, "emails:send")) {
      throw new AppError("unavailable", "the system sender's API key (DASHBOARD_SYSTEM_API_KEY) may not send email.");
    }
    const content = invitationContent(message);
    const input = parseSendEmailInput({ from: this.options.from, to: [message.to], subject: content.subject, text: content.text, html: content.html });
    const queued = await queueEmail(this.db, { workspaceId: key.workspaceId, apiKeyId: key.keyId, environment: key.environment, plan: key.plan }, input);
    try {
      await this.producer.enqueue(queued.emailId, { emailId: queued.emailId });
    } catch (error) {
      // The row is committed; the sender's sweeper enqueues queued emails whose job is missing.
      this.options.log.warn({ err: error, emailId: queued.emailId }, "invitation send job not enqueued; the sweeper will pick it up");
    }
    return { emailId: queued.emailId };
  }
}
