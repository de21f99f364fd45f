import type { MessageHeader } from "./headers.ts";
import type { EmailTag } from "./tags.ts";

/**
 * The fields of an email as its sender wrote them: the one list every layer shares (the input
 * of POST /emails, the row a handoff claims, what the provider is given, the view the API
 * answers). A layer that needs less or more says so with Pick/Omit/& on this type, so a new
 * field is added here once. `Attachment` is what a layer holds of each file: its bytes on the
 * way in and out, only its description in between.
 */
export interface EmailFields<Attachment = AttachmentFields> {
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  replyTo: string[];
  subject: string;
  html: string | null;
  text: string | null;
  /** Extra message headers, in the order given. */
  headers: MessageHeader[];
  tags: EmailTag[];
  attachments: Attachment[];
}

/** What every layer knows of an attached file. */
export interface AttachmentFields {
  filename: string;
  contentType: string;
  /** Set for an inline part, which the HTML shows as `cid:<contentId>`. */
  contentId: string | null;
}

/** A file with its bytes: as the caller sent it, and as the provider is given it. */
export interface AttachmentWithContent extends AttachmentFields {
  content: Buffer;
}

/** A file as the email row describes it; the bytes are kept apart (email_attachments). */
export interface AttachmentMetadata extends AttachmentFields {
  /** Bytes, decoded. */
  size: number;
}
