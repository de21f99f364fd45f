import { timingSafeEqual } from "node:crypto";
import { computeSignature, HEADERS } from "./signature.ts";
import { computeStandardSignature, STANDARD_HEADERS, standardWebhooksKey } from "./standard.ts";

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
  | "signature_mismatch"
  | "missing_id";

/** `service`: `X-Service-Signature`; `standard`: the Standard Webhooks `webhook-signature`. */
export type SignatureScheme = "service" | "standard";

export type VerifyResult =
  | { ok: true; timestamp: number; scheme: SignatureScheme }
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
 * Checks one webhook request signed with either scheme the service sends. With
 * `X-Service-Signature` present, the service's own: both headers present, a timestamp no more
 * than 300 s old and no more than 30 s ahead, and a signature equal (in constant time) to the
 * hex HMAC-SHA256 of `<timestamp>.<raw body>` keyed with the secret. Otherwise, with
 * `webhook-signature` present, Standard Webhooks: `webhook-id` and `webhook-timestamp` present,
 * the same time window, and one of its space-separated `v1,<base64>` signatures equal to the
 * HMAC-SHA256 of `<id>.<timestamp>.<raw body>` keyed as that scheme defines (`standardWebhooksKey`).
 *
 * A request that fails verification is an expected outcome, so it is returned, not thrown:
 * `{ok: false, reason, message}` says why. Only programming errors throw a TypeError (a
 * parsed object instead of the raw body, a missing secret).
 */
export function verifyWebhook(input: VerifyWebhookInput): VerifyResult {
  const { rawBody, headers, secret } = input;
  if (typeof rawBody !== "string" && !(rawBody instanceof Uint8Array)) {
    throw new TypeError(
      "verifyWebhook: rawBody must be the raw request body (Buffer or string), not a parsed object; use express.raw() or equivalent.",
    );
  }
  if (typeof secret !== "string" || secret.length === 0) {
    throw new TypeError("verifyWebhook: secret must be the subscription's signing secret.");
  }
  if (headers == null || typeof headers !== "object") throw new TypeError("verifyWebhook: headers are required.");

  const body = typeof rawBody === "string" ? rawBody : Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
  const serviceSignature = readHeader(headers, HEADERS.signature);
  const standardSignature = readHeader(headers, STANDARD_HEADERS.signature);
  if ((serviceSignature === undefined || serviceSignature === "") && standardSignature !== undefined && standardSignature !== "") {
    return verifyStandard(headers, standardSignature, body, secret, input.now);
  }

  const signature = serviceSignature;
  const timestamp = readHeader(headers, HEADERS.timestamp);
  if (signature === undefined || signature === "") return fail("missing_signature", "The X-Service-Signature header is missing.");
  if (timestamp === undefined || timestamp === "") return fail("missing_timestamp", "The X-Service-Timestamp header is missing.");
  const window = checkTimestamp(timestamp, "X-Service-Timestamp", input.now);
  if (!window.ok) return window;

  if (signature === null || !/^[0-9a-fA-F]{64}$/.test(signature)) {
    return fail("malformed_signature", "The X-Service-Signature header is not a hex HMAC-SHA256.");
  }
  const expected = Buffer.from(computeSignature(secret, timestamp as string, body), "hex");
  const given = Buffer.from(signature, "hex");
  // Both are 32 bytes here (the format check above), as timingSafeEqual requires.
  if (!timingSafeEqual(expected, given)) {
    return fail("signature_mismatch", "The signature does not match the body and timestamp for this secret.");
  }
  return { ok: true, timestamp: window.timestamp, scheme: "service" };
}

function verifyStandard(
  headers: HeaderSource,
  signatures: string | null,
  body: string | Buffer,
  secret: string,
  now: Date | number | undefined,
): VerifyResult {
  const id = readHeader(headers, STANDARD_HEADERS.id);
  const timestamp = readHeader(headers, STANDARD_HEADERS.timestamp);
  if (id === undefined || id === "" || id === null) return fail("missing_id", "The webhook-id header is missing.");
  if (timestamp === undefined || timestamp === "") return fail("missing_timestamp", "The webhook-timestamp header is missing.");
  const window = checkTimestamp(timestamp, "webhook-timestamp", now);
  if (!window.ok) return window;
  if (signatures === null) return fail("malformed_signature", "The webhook-signature header is sent more than once.");

  const expected = Buffer.from(computeStandardSignature(standardWebhooksKey(secret), id, window.timestamp, body), "base64");
  let wellFormed = false;
  for (const versioned of signatures.split(" ")) {
    const [version, encoded] = versioned.split(",", 2);
    if (version !== "v1" || encoded === undefined || !/^[A-Za-z0-9+/]{43}=$/.test(encoded)) continue;
    wellFormed = true;
    // Both are 32 bytes (a 44-character base64 of a SHA-256 HMAC), as timingSafeEqual requires.
    if (timingSafeEqual(expected, Buffer.from(encoded, "base64"))) return { ok: true, timestamp: window.timestamp, scheme: "standard" };
  }
  if (!wellFormed) return fail("malformed_signature", "The webhook-signature header holds no v1 base64 HMAC-SHA256.");
  return fail("signature_mismatch", "The signature does not match the id, body and timestamp for this secret.");
}

/** A Unix-seconds timestamp within the window: at most 300 s old, at most 30 s ahead. */
function checkTimestamp(
  timestamp: string | null,
  header: string,
  now: Date | number | undefined,
): { ok: true; timestamp: number } | { ok: false; reason: VerifyFailureReason; message: string } {
  if (timestamp === null || !/^\d{1,12}$/.test(timestamp)) {
    return { ok: false, reason: "malformed_timestamp", message: `The ${header} header is not a Unix time in seconds.` };
  }
  const nowMs = now === undefined ? Date.now() : now instanceof Date ? now.getTime() : now;
  const seconds = Number(timestamp);
  const age = Math.floor(nowMs / 1000) - seconds;
  if (age > MAX_AGE_SECONDS)
    return {
      ok: false,
      reason: "timestamp_too_old",
      message: `The timestamp is ${age} seconds old; at most ${MAX_AGE_SECONDS} are accepted.`,
    };
  if (age < -MAX_FUTURE_SECONDS) {
    return {
      ok: false,
      reason: "timestamp_in_future",
      message: `The timestamp is ${-age} seconds in the future; at most ${MAX_FUTURE_SECONDS} are accepted.`,
    };
  }
  return { ok: true, timestamp: seconds };
}
