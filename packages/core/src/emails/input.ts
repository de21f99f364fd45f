import { z } from "zod";
import { AppError } from "../errors.ts";
import { storableString } from "../text.ts";
import { scheduledAtField } from "./scheduledAt.ts";

/**
 * Limits of POST /emails. These follow the mail standards where they have
 * one (RFC 5321 path length, RFC 5322 line length) and stay generous elsewhere. The request body
 * as a whole is capped at MAX_BODY_BYTES by the HTTP layer, which bounds html and text.
 */
export const SEND_LIMITS = {
  maxBodyBytes: 1024 * 1024,
  maxRecipients: 50,
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
 * Accepts `addr@domain` or `Display Name <addr@domain>` (the name may be quoted). Anything that
 * could smuggle a header (line breaks, control characters) is refused, since `from` ends up in a
 * header of the outgoing message.
 */
export function parseMailbox(value: string): Mailbox | null {
  const trimmed = value.trim();
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) return null;
  const angle = /^(.*?)\s*<([^<>]*)>$/.exec(trimmed);
  const rawName = angle ? angle[1]!.trim() : null;
  const address = angle ? angle[2]!.trim() : trimmed;
  if (address.length > SEND_LIMITS.maxAddressLength || !addressSchema.safeParse(address).success) return null;
  let name: string | null = null;
  if (rawName) {
    name = /^"(.*)"$/.test(rawName) ? rawName.slice(1, -1) : rawName;
    if (!name || name.length > SEND_LIMITS.maxDisplayNameLength || /[<>"]/.test(name.replace(/\\"/g, ""))) return null;
  }
  const domain = address.slice(address.lastIndexOf("@") + 1).toLowerCase();
  return { name, address, domain };
}

const noLineBreaks = (value: string) => !/[\r\n]/.test(value);

/** "is required" when absent, "must be a string" when present with another type. */
const requiredString = () => storableString({ error: (issue) => (issue.input === undefined ? "is required" : "must be a string") });

const fromField = requiredString()
  .refine((value) => parseMailbox(value) !== null, {
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
const toField = z.preprocess(
  (value) => (typeof value === "string" ? [value] : value),
  z
    .array(recipient, {
      error: (issue) => (issue.input === undefined ? "is required" : "must be an address or an array of addresses"),
    })
    .min(1, { error: "must contain at least one address" })
    .max(SEND_LIMITS.maxRecipients, { error: `must contain at most ${SEND_LIMITS.maxRecipients} addresses` }),
);

const subjectField = requiredString()
  .refine((value) => value.trim().length > 0, { error: "must not be empty" })
  .refine((value) => value.length <= SEND_LIMITS.maxSubjectLength, {
    error: `must be at most ${SEND_LIMITS.maxSubjectLength} characters`,
  })
  .refine(noLineBreaks, { error: "must not contain line breaks" });

const bodyField = storableString({ error: "must be a string" }).nullish();

/** The POST /emails body as callers write it; also the source of its OpenAPI description. */
export const sendEmailSchema = z
  .strictObject(
    { from: fromField, to: toField, subject: subjectField, html: bodyField, text: bodyField, scheduledAt: scheduledAtField.nullish() },
    { error: (issue) => (issue.code === "unrecognized_keys" ? `unknown field(s): ${issue.keys.join(", ")}` : "the body must be a JSON object") },
  )
  .superRefine((value, ctx) => {
    if (!value.html && !value.text) {
      ctx.addIssue({ code: "custom", path: ["html"], message: "at least one of html or text is required" });
    }
  });

export interface SendEmailInput {
  from: string;
  fromDomain: string;
  to: string[];
  subject: string;
  html: string | null;
  text: string | null;
  /** When to send it (the email is `scheduled` until then); null to send at once. */
  scheduledAt: Date | null;
}

/** `to[2]`, `subject`: the field as a caller wrote it. */
function fieldName(path: PropertyKey[]): string {
  return path.reduce<string>((name, part) => (typeof part === "number" ? `${name}[${part}]` : name ? `${name}.${String(part)}` : String(part)), "");
}

/** Validates a POST /emails body; throws a 422 naming every field that is wrong. */
export function parseSendEmailInput(body: unknown): SendEmailInput {
  const result = sendEmailSchema.safeParse(body);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const field = fieldName(issue.path);
      return field ? `${field}: ${issue.message}` : issue.message;
    });
    throw new AppError("validation_failed", `Invalid request: ${[...new Set(problems)].join("; ")}.`);
  }
  const { from, to, subject, html, text, scheduledAt } = result.data;
  const mailbox = parseMailbox(from)!;
  return {
    from: from.trim(),
    fromDomain: mailbox.domain,
    to: to.map((address) => address.trim()),
    subject,
    html: html || null,
    text: text || null,
    scheduledAt: scheduledAt ?? null,
  };
}
