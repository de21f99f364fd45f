import { type BounceCause, classifyBounce, suppressionKey } from "@svc/core";
import type { EventType } from "@svc/db";
import { sesDedupeKey } from "./dedupe.ts";
import { mapSesEventType } from "./mapping.ts";

type Json = Record<string, unknown>;

/** One SES event we store. */
interface SesEvent {
  kind: "event";
  sesType: string;
  type: EventType;
  providerMessageId: string;
  /** Our email id from the message tag, when present and well-formed. */
  taggedEmailId: string | null;
  eventTimestamp: Date;
  dedupeKey: string;
  /** The provider's failure text (Rendering Failure). */
  errorMessage: string | null;
  /** A bounce's cause (classifyBounce); null for every other event. */
  bounceCause: BounceCause | null;
  /** Recipients the event puts on the suppression list (permanent bounce, complaint), or null. */
  suppress: { reason: "hard_bounce" | "complaint"; addresses: string[] } | null;
  /** The sending account and configuration set SES names (`mail.sendingAccountId`, the `ses:configuration-set` tag). */
  origin: { sendingAccountId: string | null; configurationSet: string | null };
}

export type ParsedSesMessage =
  | SesEvent
  | { kind: "ignored"; sesType: string; providerMessageId: string | null }
  | { kind: "unreadable"; reason: string; sesType: string | null; providerMessageId: string | null };

const EMAIL_ID = /^email_[A-Za-z0-9]{1,64}$/;
const MAX_ERROR_MESSAGE = 2000;
/** SES message ids are about 60 characters; anything far longer is not one. */
const MAX_MESSAGE_ID = 256;

/**
 * Reads the SES JSON carried in an SNS Notification's `Message`. Never throws: a message we
 * cannot read is reported as such, so that the caller can keep it for inspection.
 *
 * `fallbackTimestamp` (the SNS Timestamp) is used only when neither the event's own object nor
 * `mail` carries one.
 */
export function parseSesMessage(raw: string, emailIdTag: string, fallbackTimestamp: string): ParsedSesMessage {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { kind: "unreadable", reason: "Message is not JSON", sesType: null, providerMessageId: null };
  }
  if (!isObject(json)) return { kind: "unreadable", reason: "Message is not a JSON object", sesType: null, providerMessageId: null };

  const sesType = stringOrNull(json.eventType) ?? stringOrNull(json.notificationType);
  const mail = isObject(json.mail) ? json.mail : null;
  const providerMessageId = mail ? stringOrNull(mail.messageId) : null;
  if (!sesType) return { kind: "unreadable", reason: "no eventType or notificationType", sesType: null, providerMessageId };

  const mapping = mapSesEventType(sesType);
  if (!mapping) return { kind: "ignored", sesType, providerMessageId };
  if (!mail || !providerMessageId || providerMessageId.length > MAX_MESSAGE_ID) {
    return { kind: "unreadable", reason: "no usable mail.messageId", sesType, providerMessageId: null };
  }

  const object = isObject(json[mapping.object]) ? (json[mapping.object] as Json) : {};
  const eventTimestamp = firstValidDate(object.timestamp, mail.timestamp, fallbackTimestamp);
  if (!eventTimestamp) return { kind: "unreadable", reason: "no valid timestamp", sesType, providerMessageId };

  const errorMessage =
    mapping.type === "rendering_failed"
      ? (typeof object.errorMessage === "string" && object.errorMessage
          ? object.errorMessage.replace(/\u0000/g, "")
          : "Rendering failed"
        ).slice(0, MAX_ERROR_MESSAGE)
      : null;

  return {
    kind: "event",
    sesType,
    type: mapping.type,
    providerMessageId,
    taggedEmailId: taggedEmailId(mail, emailIdTag),
    eventTimestamp,
    dedupeKey: sesDedupeKey(mapping.type, providerMessageId, object),
    errorMessage,
    bounceCause: mapping.type === "bounced" ? bounceCauseOf(object) : null,
    suppress: suppressionOf(mapping.type, object),
    origin: { sendingAccountId: stringOrNull(mail.sendingAccountId), configurationSet: firstTag(mail, "ses:configuration-set") },
  };
}

/** The cause of a bounce, from its type, subtype and its first bounced recipient's diagnostic. */
function bounceCauseOf(bounce: Json): BounceCause {
  const first = Array.isArray(bounce.bouncedRecipients) && isObject(bounce.bouncedRecipients[0]) ? bounce.bouncedRecipients[0] : {};
  return classifyBounce({ ...bounce, diagnosticCode: first.diagnosticCode, status: first.status });
}

/** `mail.tags[name][0]` when it is a string. */
function firstTag(mail: Json, name: string): string | null {
  const tags = mail.tags;
  if (!isObject(tags)) return null;
  const values = tags[name];
  return Array.isArray(values) ? stringOrNull(values[0]) : null;
}

/** At most this many recipients of one event are read: SES allows 50 per message. */
const MAX_SUPPRESSED_PER_EVENT = 100;

/**
 * A Permanent bounce suppresses its bounced recipients (that includes SES's own account-level
 * list, bounceSubType `OnAccountSuppressionList`/`Suppressed`, which SES reports as Permanent);
 * a complaint its complained recipients. Transient and Undetermined bounces and delivery delays
 * suppress nothing: a mailbox that is full today may take mail tomorrow.
 */
function suppressionOf(type: EventType, object: Json): SesEvent["suppress"] {
  const read = (list: unknown): string[] => {
    if (!Array.isArray(list)) return [];
    const addresses = new Set<string>();
    for (const entry of list.slice(0, MAX_SUPPRESSED_PER_EVENT)) {
      const address = isObject(entry) && typeof entry.emailAddress === "string" ? suppressionKey(entry.emailAddress) : null;
      if (address) addresses.add(address);
    }
    return [...addresses];
  };
  if (type === "bounced" && object.bounceType === "Permanent") {
    const addresses = read(object.bouncedRecipients);
    return addresses.length > 0 ? { reason: "hard_bounce", addresses } : null;
  }
  if (type === "complained") {
    const addresses = read(object.complainedRecipients);
    return addresses.length > 0 ? { reason: "complaint", addresses } : null;
  }
  return null;
}

/** `mail.tags[<tag>][0]`, SES's shape for message tags, if it looks like one of our ids. */
function taggedEmailId(mail: Json, tag: string): string | null {
  const first = firstTag(mail, tag);
  return first !== null && EMAIL_ID.test(first) ? first : null;
}

function firstValidDate(...candidates: unknown[]): Date | null {
  for (const candidate of candidates) {
    if (typeof candidate !== "string") continue;
    const time = Date.parse(candidate);
    if (!Number.isNaN(time)) return new Date(time);
  }
  return null;
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A non-empty string that PostgreSQL can store: one holding U+0000 is treated as absent, so the
 * message is kept as unreadable (its raw body keeps the escaped `\u0000`, which text stores)
 * rather than failing every retry SNS would make.
 */
function stringOrNull(value: unknown): string | null {
  return typeof value === "string" && value.length > 0 && !value.includes("\u0000") ? value : null;
}
