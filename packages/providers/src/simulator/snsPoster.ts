import { randomUUID } from "node:crypto";
import type { Logger } from "@svc/logger";
import { type SigningIdentity, SigningThread } from "@svc/sns";
import { KeepAlivePoster } from "./httpPost.ts";
import type { StopSwitch } from "./stopSwitch.ts";

export interface NotificationRetryPolicy {
  /** First pause after a failed post; doubles each time up to maxDelayMs. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** Stop retrying one message after this long (the ingester may start after the sender). */
  giveUpAfterMs: number;
  /** Per attempt. */
  attemptTimeoutMs: number;
}

export const DEFAULT_NOTIFICATION_RETRY: NotificationRetryPolicy = {
  firstDelayMs: 200,
  maxDelayMs: 5_000,
  giveUpAfterMs: 120_000,
  attemptTimeoutMs: 5_000,
};

/**
 * Answers worth retrying: the ingester is starting, overloaded, or could not yet fetch our
 * certificate (403). Other 4xx mean the message itself is wrong, and resending cannot help.
 */
function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 403 || status === 408 || status === 429;
}

/**
 * Wraps SES event JSON in an SNS Notification, signs it (SignatureVersion 2) and posts it the way
 * SNS does: `text/plain`, SNS's headers, the identical message again on each retry.
 */
export class SnsPoster {
  /** One per identity, holding its parsed key: signing is SNS's work, kept off this process's event loop. */
  private readonly signers = new Map<SigningIdentity, SigningThread>();
  private readonly http: KeepAlivePoster;
  private readonly target: URL;
  private readonly unsubscribeUrl: string;

  constructor(
    private readonly options: {
      url: string;
      topicArn: string;
      certUrl: string;
      retry: NotificationRetryPolicy;
      log: Logger;
      stopSwitch: StopSwitch;
    },
  ) {
    this.http = new KeepAlivePoster(options.stopSwitch);
    this.target = new URL(options.url);
    this.unsubscribeUrl = `${this.target.origin}/simulator/unsubscribe`;
  }

  /** Resolves true once the ingester answered 2xx, false when it gave up or was aborted. */
  async post(sesEventJson: string, identity: SigningIdentity, context: Record<string, unknown>): Promise<boolean> {
    const { url, topicArn, certUrl, retry, log, stopSwitch } = this.options;
    const message = await this.signerFor(identity).sign(
      {
        Type: "Notification" as const,
        MessageId: randomUUID(),
        TopicArn: topicArn,
        Message: sesEventJson,
        Timestamp: new Date().toISOString(),
        SigningCertURL: certUrl,
        UnsubscribeURL: this.unsubscribeUrl,
      },
      "2",
    );
    const body = JSON.stringify(message);
    const headers = {
      "content-type": "text/plain; charset=UTF-8",
      "x-amz-sns-message-type": "Notification",
      "x-amz-sns-message-id": message.MessageId,
      "x-amz-sns-topic-arn": topicArn,
      "user-agent": "Amazon Simple Notification Service Agent (svc simulator)",
    };

    const started = Date.now();
    let delay = retry.firstDelayMs;
    for (let attempt = 1; !stopSwitch.isStopped; attempt += 1) {
      let problem: string;
      try {
        const status = await this.http.post(this.target, body, headers, retry.attemptTimeoutMs);
        if (status >= 200 && status < 300) return true;
        problem = `HTTP ${status}`;
        if (!isRetryableStatus(status)) {
          log.error({ ...context, status }, "ingester refused a simulated event; not retrying");
          return false;
        }
      } catch (error) {
        if (stopSwitch.isStopped) break;
        problem = (error as Error).message;
      }
      if (Date.now() - started + delay > retry.giveUpAfterMs) {
        log.error({ ...context, attempts: attempt, problem }, "giving up on a simulated event; the ingester did not accept it");
        return false;
      }
      (attempt === 1 ? log.warn : log.debug).call(log, { ...context, attempt, problem, url }, "posting a simulated event failed; retrying");
      if (!(await stopSwitch.pause(delay))) break; // stopped by close()
      delay = Math.min(delay * 2, retry.maxDelayMs);
    }
    return false;
  }

  private signerFor(identity: SigningIdentity): SigningThread {
    let signer = this.signers.get(identity);
    if (!signer) {
      signer = new SigningThread(identity.privateKeyPem);
      this.signers.set(identity, signer);
    }
    return signer;
  }

  /** Closes the kept-alive connections and stops the signing threads. */
  async close(): Promise<void> {
    this.http.close();
    const signers = [...this.signers.values()];
    this.signers.clear();
    await Promise.all(signers.map((signer) => signer.close()));
  }
}
