import { type Attachment, SESv2Client, SendEmailCommand, type SendEmailCommandInput } from "@aws-sdk/client-sesv2";
import type { sesEnv } from "@svc/config";
import type { Logger } from "@svc/logger";
import type { z } from "zod";
import { EMAIL_ID_TAG, type EmailProvider, type OutboundAttachment, type OutboundEmail, ProviderError, type SendResult } from "../types.ts";
import { toSesAddress } from "./address.ts";
import { toProviderError } from "./errors.ts";

export type SesEnv = z.output<z.ZodObject<typeof sesEnv>>;

export interface SesProviderOptions {
  /** Time allowed to open the connection to SES. */
  connectionTimeoutMs?: number;
  /** Time allowed for SES to answer once connected. Keep well below the sender's claim lease. */
  requestTimeoutMs?: number;
  /** The region (and its endpoint) to send through: AWS_REGION and SES_ENDPOINT unless given. */
  region?: string;
  endpoint?: string | undefined;
}

const CHARSET = "UTF-8";

type SimpleMessage = NonNullable<NonNullable<SendEmailCommandInput["Content"]>["Simple"]>;

/** An inline part (one with a content id) is shown in the HTML rather than listed as a file. */
function toSesAttachment(attachment: OutboundAttachment): Attachment {
  return {
    FileName: attachment.filename,
    RawContent: attachment.content,
    ContentType: attachment.contentType,
    ContentTransferEncoding: "BASE64",
    ContentDisposition: attachment.contentId ? "INLINE" : "ATTACHMENT",
    ...(attachment.contentId ? { ContentId: attachment.contentId } : {}),
  };
}

/**
 * Amazon SES v2. Credentials come from the SDK's default chain (environment, profile, instance or
 * task role); nothing here reads or holds them.
 *
 * The SDK makes exactly one attempt per send: BullMQ does the retrying, with a backoff and a
 * window the sender controls, and one job is then one request, so the queue-wide rate limiter
 * bounds real calls to SES.
 */
export class SesProvider implements EmailProvider {
  readonly name = "ses";
  private readonly client: SESv2Client;

  constructor(
    private readonly env: SesEnv,
    private readonly log: Logger,
    options: SesProviderOptions = {},
  ) {
    const endpoint = options.region !== undefined ? options.endpoint : env.SES_ENDPOINT;
    this.client = new SESv2Client({
      region: options.region ?? env.AWS_REGION,
      ...(endpoint ? { endpoint } : {}),
      maxAttempts: 1,
      requestHandler: {
        connectionTimeout: options.connectionTimeoutMs ?? 5_000,
        requestTimeout: options.requestTimeoutMs ?? 30_000,
        // Without this a breached requestTimeout is only logged and the send could hang forever.
        throwOnRequestTimeout: true,
      },
    });
  }

  async send(email: OutboundEmail): Promise<SendResult> {
    let messageId: string | undefined;
    try {
      const output = await this.client.send(new SendEmailCommand(this.toCommandInput(email)));
      messageId = output.MessageId;
    } catch (error) {
      throw toProviderError(error, email.tenant);
    }
    if (!messageId) {
      // Should not happen. Treated as transient: the retry window bounds it, and failing an
      // email SES may have accepted would be the worse mistake.
      throw new ProviderError("transient", "MissingMessageId", "SES accepted the request but returned no MessageId", {
        provider: "ses",
        code: "MissingMessageId",
      });
    }
    this.log.debug({ emailId: email.emailId, providerMessageId: messageId }, "handed off to SES");
    return { providerMessageId: messageId };
  }

  /**
   * SES builds the MIME message itself from Simple content (bodies, headers, attachments, inline
   * parts), so nothing here writes MIME.
   */
  toCommandInput(email: OutboundEmail): SendEmailCommandInput {
    const body: SimpleMessage["Body"] = {};
    if (email.html !== null) body.Html = { Data: email.html, Charset: CHARSET };
    if (email.text !== null) body.Text = { Data: email.text, Charset: CHARSET };
    const simple: SimpleMessage = { Subject: { Data: email.subject, Charset: CHARSET }, Body: body };
    if (email.headers.length > 0) simple.Headers = email.headers.map(({ name, value }) => ({ Name: name, Value: value }));
    if (email.attachments.length > 0) simple.Attachments = email.attachments.map(toSesAttachment);
    const destination: SendEmailCommandInput["Destination"] = { ToAddresses: email.to.map(toSesAddress) };
    if (email.cc.length > 0) destination.CcAddresses = email.cc.map(toSesAddress);
    if (email.bcc.length > 0) destination.BccAddresses = email.bcc.map(toSesAddress);
    return {
      FromEmailAddress: toSesAddress(email.from),
      Destination: destination,
      ...(email.replyTo.length > 0 ? { ReplyToAddresses: email.replyTo.map(toSesAddress) } : {}),
      Content: { Simple: simple },
      // SES_CONFIGURATION_SET overrides the set the sender chose.
      ...((this.env.SES_CONFIGURATION_SET ?? email.configurationSet)
        ? { ConfigurationSetName: this.env.SES_CONFIGURATION_SET ?? email.configurationSet }
        : {}),
      EmailTags: [{ Name: EMAIL_ID_TAG, Value: email.emailId }, ...email.tags.map(({ name, value }) => ({ Name: name, Value: value }))],
      ...(email.tenant ? { TenantName: email.tenant } : {}),
    };
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

export function createSesProvider(env: SesEnv, log: Logger, options?: SesProviderOptions): EmailProvider {
  return new SesProvider(env, log, options);
}
