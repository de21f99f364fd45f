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

export { EMAIL_ID_TAG } from "./emailIdTag.ts";
