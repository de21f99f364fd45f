import { createHash, randomBytes } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/**
 * CSPRNG bytes drawn ahead, as Node does for randomUUID: every email, event, delivery and attempt
 * takes an id, and a call into OpenSSL per id showed in the batch send's profile. Each byte is
 * used once.
 */
const RANDOM_POOL_BYTES = 4096;
let randomPool = Buffer.alloc(0);
let randomPoolOffset = 0;

function randomByte(): number {
  if (randomPoolOffset === randomPool.length) {
    randomPool = randomBytes(RANDOM_POOL_BYTES);
    randomPoolOffset = 0;
  }
  const byte = randomPool[randomPoolOffset]!;
  randomPoolOffset += 1;
  return byte;
}

/**
 * `length` characters of [A-Za-z0-9] from the CSPRNG, without modulo bias (bytes >= 248 are
 * rejected, 248 being the largest multiple of 62 below 256).
 */
export function randomAlphanumeric(length: number): string {
  let out = "";
  while (out.length < length) {
    const byte = randomByte();
    if (byte < 248) out += ALPHABET[byte % 62];
  }
  return out;
}

export const ID_PREFIXES = {
  workspace: "org",
  user: "usr",
  member: "mem",
  invitation: "inv",
  pendingSignup: "psu",
  session: "ses",
  domain: "dom",
  domainHealthCheck: "dhc",
  recipient: "rcp",
  apiKey: "key",
  email: "email",
  event: "evt",
  unmatched: "unm",
  webhook: "wh",
  delivery: "wd",
  attempt: "wa",
  replay: "wr",
  suppression: "sup",
  topicSuppression: "tsup",
  installation: "inst",
  template: "tmpl",
  receivingDomain: "rdom",
  inboundRoute: "rt",
  inbound: "inb",
  audit: "aud",
  erasure: "ers",
  recoveryCode: "rec",
  passkey: "pk",
  dmarcReport: "dmr",
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

/** Opaque, prefixed, URL-safe identifiers: `email_3kT9…` (24 random characters, ~143 bits). */
export function newId(kind: IdKind): string {
  return `${ID_PREFIXES[kind]}_${randomAlphanumeric(24)}`;
}

export function hasPrefix(id: string, kind: IdKind): boolean {
  return id.startsWith(`${ID_PREFIXES[kind]}_`);
}

/**
 * Kinds whose tables are range-partitioned by id (monthly, see core/retention/partitions.ts): their
 * ids start with the time they belong to, so that the id alone names the partition.
 */
export const TIME_ID_KINDS = ["email", "event", "delivery", "attempt", "inbound", "audit"] as const;
export type TimeIdKind = (typeof TIME_ID_KINDS)[number];

/** Base62 in ASCII order, so that under `COLLATE "C"` byte order is numeric order. */
const SORTABLE = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** Characters of the time part: 62^8 ms reach past the year 8000. */
export const TIME_PART_LENGTH = 8;
const TAIL_LENGTH = 16;

/** Milliseconds since the epoch as TIME_PART_LENGTH base62 characters, zero-padded. */
export function encodeIdTime(at: Date): string {
  let ms = at.getTime();
  if (!Number.isSafeInteger(ms) || ms < 0) throw new RangeError(`Not an id time: ${at.toISOString()}`);
  let out = "";
  for (let i = 0; i < TIME_PART_LENGTH; i++) {
    out = SORTABLE[ms % 62] + out;
    ms = Math.floor(ms / 62);
  }
  return out;
}

/** The time part of an id of a time-sortable kind (for an id minted before they were, 8 random characters). */
export function timePartOf(id: string): string {
  const start = id.indexOf("_") + 1;
  return id.slice(start, start + TIME_PART_LENGTH);
}

/** The time an id of a time-sortable kind carries; meaningless for ids minted before they were. */
export function timeOfId(id: string): Date {
  let ms = 0;
  for (const char of timePartOf(id)) {
    const digit = SORTABLE.indexOf(char);
    if (digit < 0) throw new RangeError(`Not a time-sortable id: ${id}`);
    ms = ms * 62 + digit;
  }
  return new Date(ms);
}

/** A new id whose time part is `at` (now by default), then 16 random characters. */
export function newTimeId(kind: TimeIdKind, at: Date = new Date()): string {
  return `${ID_PREFIXES[kind]}_${encodeIdTime(at)}${randomAlphanumeric(TAIL_LENGTH)}`;
}

/**
 * A new id carrying the time part of `relatedId` (the email or inbound record it belongs to), so
 * that it lands in the partitions of the same month and is dropped with them.
 */
export function newIdBeside(kind: TimeIdKind, relatedId: string): string {
  return `${ID_PREFIXES[kind]}_${timePartOf(relatedId)}${randomAlphanumeric(TAIL_LENGTH)}`;
}

/**
 * The id of the one row identified by `key` (a dedupe key), with the time part of `relatedId` or
 * of a date: inserting it twice conflicts on the primary key, which deduplicates without a unique
 * index the partitioning could not keep. The tail is 16 hex characters of MD5(key); the SQL that
 * derives ids the same way (stores/emailEvents.ts) uses the same formula.
 */
export function derivedId(kind: TimeIdKind, time: string | Date, key: string): string {
  const part = typeof time === "string" ? timePartOf(time) : encodeIdTime(time);
  return `${ID_PREFIXES[kind]}_${part}${createHash("md5").update(key).digest("hex").slice(0, TAIL_LENGTH)}`;
}

/** The smallest id of `kind` that can carry `at` or a later time: a bound for `id >= …` that prunes older partitions. */
export function idLowerBoundAt(kind: TimeIdKind, at: Date): string {
  return `${ID_PREFIXES[kind]}_${encodeIdTime(at)}`;
}
