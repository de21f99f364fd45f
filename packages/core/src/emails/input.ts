import { z } from "zod";
import { addressDomain, parseAddress } from "../addresses/parse.ts";
import { RECENT_ADDRESS_READS, rememberRecentReads } from "../addresses/recentReads.ts";
import { AppError } from "../errors.ts";
import { type TemplateRequest, templateField, templateRequestOf } from "../templates/sending.ts";
import { storableString } from "../text.ts";
import { UNSUBSCRIBE_HEADER_NAMES, unsubscribeField } from "../unsubscribe/topic.ts";
import {
  ATTACHMENT_LIMITS,
  base64DecodedBytes,
  contentTypeFor,
  encodedMessageBytesAtMost,
  isBase64,
  isContentId,
  isContentType,
  refusedExtension,
} from "./attachments.ts";
import type { AttachmentWithContent, EmailFields } from "./fields.ts";
import { HEADER_LIMITS, headerProblems, type MessageHeader } from "./headers.ts";
import { scheduledAtField } from "./scheduledAt.ts";
import { RESERVED_TAG_PREFIX, TAG_CHARACTERS, TAG_LIMITS } from "./tags.ts";

const MB = 1024 * 1024;

/**
 * Limits of POST /emails. These follow the mail standards where they have one (RFC 5321 path
 * length, RFC 5322 line length) and the provider's where it has one (recipients, message size),
 * and stay generous elsewhere.
 */
export const SEND_LIMITS = {
  /**
   * The request body, checked by the HTTP layer: room for a message at the provider's size limit
   * whose attachments arrive in base64 (which is what the encoded message holds too), plus the
   * other fields with JSON escapes.
   */
  maxBodyBytes: 48 * MB,
  /** html and text together (UTF-8): the email row carries them, unlike attachment bytes. */
  maxBodyPartsBytes: 1 * MB,
  /** to, cc and bcc together. */
  maxRecipients: 50,
  maxReplyTo: 10,
  maxAddressLength: 254,
  maxDisplayNameLength: 200,
  maxSubjectLength: 998,
} as const;

/** Same shape as zod's default email check, named so that every address goes through one rule. */
const addressSchema = z.email();

export interface Mailbox {
  /** The display name without surrounding quotes, or null for a bare address. */
  name: string | null;
  address: string;
  /** Lower-cased: domains compare case-insensitively. */
  domain: string;
}

/**
 * Accepts `addr@domain` or `Display Name <addr@domain>` (the name may be quoted), as parseAddress
 * reads them. Anything that could smuggle a header (line breaks, control characters) is refused,
 * since `from` ends up in a header of the outgoing message.
 */
export const parseMailbox: (value: string) => Readonly<Mailbox> | null = rememberRecentReads(readMailbox, RECENT_ADDRESS_READS);

function readMailbox(value: string): Readonly<Mailbox> | null {
  const parsed = parseAddress(value);
  if (!parsed) return null;
  const { name, address } = parsed;
  if (address.length > SEND_LIMITS.maxAddressLength || !addressSchema.safeParse(address).success) return null;
  if (name !== null && (!name || name.length > SEND_LIMITS.maxDisplayNameLength)) return null;
  return Object.freeze({ name, address, domain: addressDomain(address) });
}

const noLineBreaks = (value: string) => !/[\r\n]/.test(value);

/** "is required" when absent, "must be a string" when present with another type. */
const requiredString = () => storableString({ error: (issue) => (issue.input === undefined ? "is required" : "must be a string") });

const fromField = requiredString().refine((value) => parseMailbox(value) !== null, {
  error: `must be an email address or "Name <address>" (address at most ${SEND_LIMITS.maxAddressLength} characters)`,
});

const recipient = storableString({ error: "must be a string" }).superRefine((value, ctx) => {
  const address = value.trim();
  if (address.length > SEND_LIMITS.maxAddressLength) {
    ctx.addIssue({ code: "custom", message: `must be at most ${SEND_LIMITS.maxAddressLength} characters` });
  } else if (!addressSchema.safeParse(address).success) {
    ctx.addIssue({ code: "custom", message: "must be a valid email address" });
  }
});

/** A single address is accepted too, as a one-element list. */
const oneOrMany = <T extends z.ZodType>(list: T) => z.preprocess((value) => (typeof value === "string" ? [value] : value), list);

const recipientList = () =>
  z
    .array(recipient, {
      error: (issue) => (issue.input === undefined ? "is required" : "must be an address or an array of addresses"),
    })
    .max(SEND_LIMITS.maxRecipients, { error: `must contain at most ${SEND_LIMITS.maxRecipients} addresses` });

const toField = oneOrMany(recipientList().min(1, { error: "must contain at least one address" }));
const copyField = oneOrMany(recipientList()).optional();

const replyToField = oneOrMany(
  z
    .array(
      storableString({ error: "must be a string" }).refine((value) => parseMailbox(value) !== null, {
        error: `must be an email address or "Name <address>" (address at most ${SEND_LIMITS.maxAddressLength} characters)`,
      }),
      { error: "must be an address or an array of addresses" },
    )
    .max(SEND_LIMITS.maxReplyTo, { error: `must contain at most ${SEND_LIMITS.maxReplyTo} addresses` }),
).optional();

/**
 * Read from the body's own entries rather than through a record schema, which would skip names
 * such as `__proto__` (and so leave their values unchecked).
 */
const headersField = z
  .unknown()
  .superRefine((value, ctx) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      ctx.addIssue({ code: "custom", message: "must be an object of header names to string values" });
      return;
    }
    const entries = Object.entries(value);
    const nonStrings = entries.filter(([, headerValue]) => typeof headerValue !== "string");
    for (const [name] of nonStrings) ctx.addIssue({ code: "custom", path: [name], message: "must be a string" });
    if (nonStrings.length > 0) return;
    for (const message of headerProblems(entries.map(([name, headerValue]) => ({ name, value: headerValue as string })))) {
      ctx.addIssue({ code: "custom", message });
    }
  })
  .transform((value): MessageHeader[] =>
    Object.entries(value as Record<string, string>).map(([name, headerValue]) => ({ name, value: headerValue })),
  )
  .optional();

const tagPart = z
  .string({ error: "must be a string" })
  .min(1, { error: "must not be empty" })
  .max(TAG_LIMITS.maxLength, { error: `must be at most ${TAG_LIMITS.maxLength} characters` })
  .regex(TAG_CHARACTERS, { error: "may contain only ASCII letters, digits, _ and -" });

const tagsField = z
  .array(
    z.strictObject(
      {
        name: tagPart.refine((name) => !name.toLowerCase().startsWith(RESERVED_TAG_PREFIX), {
          error: `must not start with ${RESERVED_TAG_PREFIX} (used by the service)`,
        }),
        value: tagPart,
      },
      {
        error: (issue) =>
          issue.code === "unrecognized_keys" ? `unknown field(s): ${issue.keys.join(", ")}` : "must be an object {name, value}",
      },
    ),
    { error: "must be an array of {name, value}" },
  )
  .max(TAG_LIMITS.maxTags, { error: `must contain at most ${TAG_LIMITS.maxTags} tags` })
  .superRefine((tags, ctx) => {
    const seen = new Set<string>();
    tags.forEach(({ name }, index) => {
      if (seen.has(name)) ctx.addIssue({ code: "custom", path: [index, "name"], message: `${name} is given more than once` });
      seen.add(name);
    });
  })
  .optional();

/** An attachment's bytes as a JSON body carries them. */
const base64Content = requiredString()
  .refine(isBase64, { error: "must be base64 (RFC 4648, padded, without line breaks)" })
  .refine((content) => content.length > 0, { error: "must not be empty" });

/**
 * An attachment's bytes as an in-process caller holds them (the SMTP relay's parsed MIME parts):
 * no base64 text of tens of megabytes made only to be decoded again.
 */
const bufferContent = z
  .custom<Buffer>((value) => Buffer.isBuffer(value), { error: (issue) => (issue.input === undefined ? "is required" : "must be a Buffer") })
  .refine((content) => content.length > 0, { error: "must not be empty" });

const attachmentFieldWith = <C extends z.ZodType>(content: C) =>
  z.strictObject(
    {
      filename: requiredString()
        .refine((name) => name.trim().length > 0, { error: "must not be empty" })
        .refine((name) => name.length <= ATTACHMENT_LIMITS.maxFilenameLength, {
          error: `must be at most ${ATTACHMENT_LIMITS.maxFilenameLength} characters`,
        })
        .refine((name) => !/[\u0000-\u001f\u007f/\\]/.test(name), { error: "must not contain control characters or path separators" })
        .superRefine((name, ctx) => {
          const extension = refusedExtension(name);
          if (extension)
            ctx.addIssue({ code: "custom", message: `.${extension} files are executable content the provider refuses to send` });
        }),
      content,
      contentType: z
        .string({ error: "must be a string" })
        .max(ATTACHMENT_LIMITS.maxContentTypeLength, { error: `must be at most ${ATTACHMENT_LIMITS.maxContentTypeLength} characters` })
        .refine(isContentType, { error: "must be a MIME type such as application/pdf" })
        .nullish(),
      contentId: z
        .string({ error: "must be a string" })
        .min(1, { error: "must not be empty" })
        .max(ATTACHMENT_LIMITS.maxContentIdLength, { error: `must be at most ${ATTACHMENT_LIMITS.maxContentIdLength} characters` })
        .refine(isContentId, { error: "must be a content id without angle brackets, as cid: refers to it (letters, digits, . @ and such)" })
        .nullish(),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `unknown field(s): ${issue.keys.join(", ")}`
          : "must be an object {filename, content, contentType?, contentId?}",
    },
  );

const attachmentsFieldWith = <C extends z.ZodType>(content: C) =>
  z
    .array(attachmentFieldWith(content), { error: "must be an array of attachments" })
    .max(ATTACHMENT_LIMITS.maxAttachments, { error: `must contain at most ${ATTACHMENT_LIMITS.maxAttachments} attachments` })
    .superRefine((attachments, ctx) => {
      const seen = new Set<string>();
      attachments.forEach(({ contentId }, index) => {
        if (!contentId) return;
        if (seen.has(contentId))
          ctx.addIssue({ code: "custom", path: [index, "contentId"], message: `${contentId} is given more than once` });
        seen.add(contentId);
      });
    })
    .optional();

const subjectWithin = (subject: z.ZodType<string>) =>
  subject
    .refine((value) => value.length <= SEND_LIMITS.maxSubjectLength, {
      error: `must be at most ${SEND_LIMITS.maxSubjectLength} characters`,
    })
    .refine(noLineBreaks, { error: "must not contain line breaks" });

const subjectField = subjectWithin(requiredString().refine((value) => value.trim().length > 0, { error: "must not be empty" }));

/**
 * A message without a Subject header is valid mail (RFC 5322 makes it optional): an in-process
 * caller that relays such messages passes an empty subject.
 */
const optionalSubjectField = subjectWithin(requiredString());

const bodyField = storableString({ error: "must be a string" }).nullish();

/**
 * The send input's schema, with the form of attachment bytes and the subject rule of its caller:
 * everything else is held to the same rules and limits, and refused with the same words.
 */
const sendSchemaWith = <C extends z.ZodType>(content: C, subject: z.ZodType<string>) =>
  z
    .strictObject(
      {
        from: fromField,
        to: toField,
        cc: copyField,
        bcc: copyField,
        replyTo: replyToField,
        // Optional only with a template, whose subject it overrides (checked below).
        subject: subject.optional(),
        html: bodyField,
        text: bodyField,
        headers: headersField,
        tags: tagsField,
        attachments: attachmentsFieldWith(content),
        scheduledAt: scheduledAtField.nullish(),
        template: templateField.optional(),
        unsubscribe: unsubscribeField.optional(),
      },
      {
        error: (issue) =>
          issue.code === "unrecognized_keys" ? `unknown field(s): ${issue.keys.join(", ")}` : "the body must be a JSON object",
      },
    )
    // zod runs this also when a field failed its own schema, so every field is read defensively.
    .superRefine((value, ctx) => {
      if (value.template !== undefined) {
        if (value.html || value.text)
          ctx.addIssue({ code: "custom", path: ["template"], message: "is given in place of html and text, not with them" });
      } else {
        if (value.subject === undefined) ctx.addIssue({ code: "custom", path: ["subject"], message: "is required" });
        if (!value.html && !value.text)
          ctx.addIssue({ code: "custom", path: ["html"], message: "at least one of html or text is required" });
      }
      const recipients = listOf(value.to).length + listOf(value.cc).length + listOf(value.bcc).length;
      if (recipients > SEND_LIMITS.maxRecipients) {
        ctx.addIssue({
          code: "custom",
          path: [],
          message: `to, cc and bcc together must contain at most ${SEND_LIMITS.maxRecipients} addresses (${recipients} given)`,
        });
      }
      if (value.unsubscribe !== undefined) {
        // The link names one recipient: a message seen by several would let each unsubscribe the first.
        if (recipients !== 1 || listOf(value.to).length !== 1)
          ctx.addIssue({ code: "custom", path: ["unsubscribe"], message: "needs exactly one recipient, in to (no cc or bcc)" });
        const given = listOf(value.headers).filter((header) => UNSUBSCRIBE_HEADER_NAMES.includes(String(header?.name).toLowerCase()));
        if (given.length > 0)
          ctx.addIssue({
            code: "custom",
            path: ["headers"],
            message: "List-Unsubscribe headers are set by the service when unsubscribe is given",
          });
        if (listOf(value.headers).length > HEADER_LIMITS.maxHeaders - UNSUBSCRIBE_HEADER_NAMES.length)
          ctx.addIssue({
            code: "custom",
            path: ["headers"],
            message: `at most ${HEADER_LIMITS.maxHeaders - UNSUBSCRIBE_HEADER_NAMES.length} headers with unsubscribe (the service adds ${UNSUBSCRIBE_HEADER_NAMES.length})`,
          });
      }
      const bodyBytes = utf8Bytes(value.html) + utf8Bytes(value.text);
      if (bodyBytes > SEND_LIMITS.maxBodyPartsBytes) {
        ctx.addIssue({
          code: "custom",
          path: ["html"],
          message: `html and text together must be at most ${SEND_LIMITS.maxBodyPartsBytes / MB} MB`,
        });
      }
      const headerBytes = listOf(value.headers).reduce<number>(
        (sum, header) => sum + utf8Bytes(header?.name) + utf8Bytes(header?.value) + 4,
        0,
      );
      const messageBytes = encodedMessageBytesAtMost({
        bodyBytes,
        headerBytes,
        attachmentBytes: listOf(value.attachments).map((file) => decodedBytes((file as { content?: unknown } | undefined)?.content)),
      });
      if (messageBytes > ATTACHMENT_LIMITS.maxMessageBytes) {
        ctx.addIssue({
          code: "custom",
          path: ["attachments"],
          message: `the message would be over ${ATTACHMENT_LIMITS.maxMessageBytes / MB} MB once encoded (about ${Math.ceil(messageBytes / MB)} MB)`,
        });
      }
    });

/** The POST /emails body as callers write it; also the source of its OpenAPI description. */
export const sendEmailSchema = sendSchemaWith(base64Content, subjectField);

/** The same input built in this process: attachment bytes as Buffers, and the subject may be empty. */
const inProcessSendSchema = sendSchemaWith(bufferContent, optionalSubjectField);

function decodedBytes(content: unknown): number {
  if (typeof content === "string") return base64DecodedBytes(content);
  return Buffer.isBuffer(content) ? content.length : 0;
}

function listOf<T>(value: T[] | null | undefined): T[] {
  return Array.isArray(value) ? value : [];
}

function utf8Bytes(value: unknown): number {
  return typeof value === "string" ? Buffer.byteLength(value) : 0;
}

/** A file to attach, decoded. `contentId` makes it an inline part that the HTML shows as `cid:`. */
export type AttachmentInput = AttachmentWithContent;

export interface SendEmailInput extends EmailFields<AttachmentInput> {
  fromDomain: string;
  /** When to send it (the email is `scheduled` until then); null to send at once. */
  scheduledAt: Date | null;
  /**
   * Sent by template: html and text are null, and `subject` is the subject's template source
   * (the caller's, or the version's once pinTemplates has pinned it).
   */
  template: TemplateRequest | null;
  /** The topic its recipient may unsubscribe from in one click; null for none. */
  unsubscribeTopic: string | null;
}

/** `to[2]`, `subject`: the field as a caller wrote it. */
function fieldName(path: PropertyKey[]): string {
  return path.reduce<string>(
    (name, part) => (typeof part === "number" ? `${name}[${part}]` : name ? `${name}.${String(part)}` : String(part)),
    "",
  );
}

/** The most items each list field may hold, checked before any item is looked at. */
const LIST_LIMITS: Record<string, [number, string]> = {
  to: [SEND_LIMITS.maxRecipients, "addresses"],
  cc: [SEND_LIMITS.maxRecipients, "addresses"],
  bcc: [SEND_LIMITS.maxRecipients, "addresses"],
  replyTo: [SEND_LIMITS.maxReplyTo, "addresses"],
  tags: [TAG_LIMITS.maxTags, "tags"],
  attachments: [ATTACHMENT_LIMITS.maxAttachments, "attachments"],
};

/**
 * A body of tens of megabytes can hold millions of list items or header names; validating each
 * (and describing each one's problem) would take the process's memory and time. Lists and the
 * headers object are counted first, and an oversized one is refused on its count alone.
 */
function refuseOversizedLists(body: unknown): void {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return;
  const fields = body as Record<string, unknown>;
  for (const [field, [max, noun]] of Object.entries(LIST_LIMITS)) {
    const value = fields[field];
    if (Array.isArray(value) && value.length > max) {
      throw new AppError("validation_failed", `Invalid request: ${field}: must contain at most ${max} ${noun} (${value.length} given).`);
    }
  }
  const headers = fields.headers;
  if (typeof headers === "object" && headers !== null && !Array.isArray(headers)) {
    let count = 0;
    for (const _ in headers) {
      if (++count > HEADER_LIMITS.maxHeaders)
        throw new AppError("validation_failed", `Invalid request: headers: at most ${HEADER_LIMITS.maxHeaders} headers.`);
    }
  }
}

/** Validates a POST /emails body; throws a 422 naming every field that is wrong. */
export function parseSendEmailInput(body: unknown): SendEmailInput {
  return inputFrom(validated(sendEmailSchema, body));
}

/**
 * Validates a send input an in-process caller built (the SMTP relay, from a parsed message):
 * attachment contents are Buffers, taken as they are, and the subject may be empty; otherwise
 * the same rules, limits and 422 messages as `parseSendEmailInput`.
 */
export function parseInProcessSendInput(body: unknown): SendEmailInput {
  return inputFrom(validated(inProcessSendSchema, body));
}

function validated<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  refuseOversizedLists(body);
  const result = schema.safeParse(body);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const field = fieldName(issue.path);
      return field ? `${field}: ${issue.message}` : issue.message;
    });
    throw new AppError("validation_failed", `Invalid request: ${[...new Set(problems)].join("; ")}.`);
  }
  return result.data;
}

function inputFrom(data: z.output<typeof sendEmailSchema> | z.output<typeof inProcessSendSchema>): SendEmailInput {
  const { from, to, cc, bcc, replyTo, subject, html, text, headers, tags, attachments, scheduledAt, template, unsubscribe } = data;
  const mailbox = parseMailbox(from)!;
  const trimmed = (addresses: string[] | undefined) => (addresses ?? []).map((address) => address.trim());
  return {
    from: from.trim(),
    fromDomain: mailbox.domain,
    to: trimmed(to),
    cc: trimmed(cc),
    bcc: trimmed(bcc),
    replyTo: trimmed(replyTo),
    subject: subject ?? "",
    html: html || null,
    text: text || null,
    headers: headers ?? [],
    tags: (tags ?? []).map(({ name, value }) => ({ name, value })),
    attachments: (attachments ?? []).map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType ?? contentTypeFor(attachment.filename),
      contentId: attachment.contentId ?? null,
      content: typeof attachment.content === "string" ? Buffer.from(attachment.content, "base64") : attachment.content,
    })),
    scheduledAt: scheduledAt ?? null,
    template: template ? templateRequestOf(template) : null,
    unsubscribeTopic: unsubscribe?.topic ?? null,
  };
}
