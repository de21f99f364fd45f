/**
 * The provider port is defined in core, where the handoff is written against it; re-exported
 * here so that the providers' own modules and their importers name it in one place.
 */
export {
  type AcceptedEmailRecord,
  type EmailProvider,
  type FindAcceptedEmails,
  type OutboundAttachment,
  type OutboundEmail,
  ProviderError,
  type ProviderFailureKind,
  type SendResult,
} from "@svc/core";

/** The SES message tag that carries our email id (tag values allow [A-Za-z0-9_-]). */
export const EMAIL_ID_TAG = "svc_email_id";
