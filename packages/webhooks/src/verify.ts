import { timingSafeEqual } from "node:crypto";
import { computeSignature, HEADERS } from "./signature.ts";

/** How far a timestamp may lie in the past or the future (spec: 300 s old, 30 s ahead). */
export const MAX_AGE_SECONDS = 300;
export const MAX_FUTURE_SECONDS = 30;

export type VerifyFailureReason =
  | "missing_signature"
  | "missing_timestamp"
  | "malformed_timestamp"
  | "timestamp_too_old"
  | "timestamp_in_future"
  | "malformed_signature"
  | "signature_mismatch";

export type VerifyResult =
  | { ok: true; timestamp: number }
  | { ok: false; reason: VerifyFailureReason; message: string };

/** A Node `IncomingHttpHeaders`-like object (any key case), or a fetch `Headers`. */
export type HeaderSource = Record<string, string | string[] | undefined> | { get(name: string): string | null };

export interface VerifyWebhookInput {
  /** The request body exactly as received: never a parsed and re-serialised object. */
  rawBody: string | Buffer | Uint8Array;
  headers: HeaderSource;
  /** The subscription's signing secret, exactly as shown at creation (`whsec_…`). */
  secret: string;
  /** The current time, as a Date or Unix milliseconds; defaults to the clock. */
  now?: Date | number;
}

function fail(reason: VerifyFailureReason, message: string): VerifyResult {
  return { ok: false, reason, message };
}

/** Case-insensitive header lookup. A header sent more than once is treated as malformed. */
function readHeader(headers: HeaderSource, name: string): string | undefined | null {
  if (typeof headers.get === "function") {
    const value = (headers as { get(name: string): string | null }).get(name);
    return value ?? undefined;
  }
  const record = headers as Record<string, string | string[] | undefined>;
  for (const key of Object.keys(record)) {
    if (key.toLowerCase() !== name) continue;
    const value = record[key];
    if (Array.isArray(value)) return value.length === 1 ? value[0] : null;
    return value;
  }
  return undefined;
}

/**
 * Checks one webhook request, following the receiver rules of the spec: both headers present,
 * a timestamp no more than 300 s old and no more than 30 s ahead, and a signature equal (in
 * constant time) to the hex HMAC-SHA256 of `<timestamp>.<raw body>` keyed with the secret.
 *
 * A request that fails verification is an expected outcome, so it is returned, not thrown:
 * `{ok: false, reason, message}` says why. Only programming errors throw a TypeError (a
 * parsed object instead of the raw body, a missing secret).
 */
export function verifyWebhook(input: VerifyWebhookInput): VerifyResult {
  const { rawBody, headers, secret } = input;
  if (typeof rawBody !== "string" && !(rawBody instanceof Uint8Array)) {
    throw new TypeError("verifyWebhook: rawBody must be the raw request body (Buffer or string), not a parsed object; use express.raw() or equivalent.");
  }
  if (typeof secret !== "string" || secret.length === 0) {
    throw new TypeError("verifyWebhook: secret must be the subscription's signing secret.");
  }
  if (headers == null || typeof headers !== "object") throw new TypeError("verifyWebhook: headers are required.");

  const signature = readHeader(headers, HEADERS.signature);
  const timestamp = readHeader(headers, HEADERS.timestamp);
  if (signature === undefined || signature === "") return fail("missing_signature", "The X-Service-Signature header is missing.");
  if (timestamp === undefined || timestamp === "") return fail("missing_timestamp", "The X-Service-Timestamp header is missing.");
  if (timestamp === null || !/^\d{1,12}$/.test(timestamp)) {
    return fail("malformed_timestamp", "The X-Service-Timestamp header is not a Unix time in seconds.");
  }

  const nowMs = input.now === undefined ? Date.now() : input.now instanceof Date ? input.now.getTime() : input.now;
  const seconds = Number(timestamp);
  const age = Math.floor(nowMs / 1000) - seconds;
  if (age > MAX_AGE_SECONDS) return fail("timestamp_too_old", `The timestamp is ${age} seconds old; at most ${MAX_AGE_SECONDS} are accepted.`);
  if (age < -MAX_FUTURE_SECONDS) {
    return fail("timestamp_in_future", `The timestamp is ${-age} seconds in the future; at most ${MAX_FUTURE_SECONDS} are accepted.`);
  }

  if (signature === null || !/^[0-9a-fA-F]{64}$/.test(signature)) {
    return fail("malformed_signature", "The X-Service-Signature header is not a hex HMAC-SHA256.");
  }
  const body = typeof rawBody === "string" ? rawBody : Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
  const expected = Buffer.from(computeSignature(secret, timestamp, body), "hex");
  const given = Buffer.from(signature, "hex");
  // Both are 32 bytes here (the format check above), as timingSafeEqual requires.
  if (!timingSafeEqual(expected, given)) {
    return fail("signature_mismatch", "The signature does not match the body and timestamp for this secret.");
  }
  return { ok: true, timestamp: seconds };
}
