import { createHash } from "node:crypto";
import { AppError } from "../errors.ts";
import type { SqlClient } from "../sql.ts";
import { claimIdempotencyKeyRow, findIdempotencyKey, storeIdempotencyKeyAnswer } from "../stores/idempotencyKeys.ts";

export const MAX_IDEMPOTENCY_KEY_LENGTH = 256;
/** How long a key is remembered; the retention job deletes older ones. */
export const IDEMPOTENCY_WINDOW_HOURS = 24;

/** The header's value, checked: 1..256 printable ASCII characters. Absent stays undefined. */
export function parseIdempotencyKey(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.length === 0 || value.length > MAX_IDEMPOTENCY_KEY_LENGTH || !/^[\x20-\x7e]+$/.test(value)) {
    throw new AppError("validation_failed", `Idempotency-Key: must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} printable ASCII characters.`);
  }
  return value;
}

/**
 * Whose sends share one key namespace. `api-key` (an `Idempotency-Key` header): a test key and a
 * live key, or two services of one workspace with their own keys, never replay each other's
 * answers. `workspace` (an SMTP message's Message-ID): a client that retransmits after a dropped
 * connection may do so with another of the workspace's keys (during a key rotation), and is
 * still the same message.
 */
export type IdempotencyScope = "api-key" | "workspace";

/**
 * The key as stored. The API key's id (`key_` and letters) holds no `:` and never reads
 * `workspace`, so the prefix is unambiguous; the client's part keeps its own 256-character limit.
 */
export function storedIdempotencyKey(apiKeyId: string, key: string, scope: IdempotencyScope = "api-key"): string {
  return `${scope === "workspace" ? "workspace" : apiKeyId}:${key}`;
}

/** Fingerprint of a request body, over the validated fields in a fixed order. */
export function requestFingerprint(fields: Record<string, unknown>): string {
  return createHash("sha256").update(JSON.stringify(fields)).digest("hex");
}

export interface StoredAnswer {
  status: number;
  body: string;
}

/**
 * Claims `key` for this request inside the caller's transaction, or returns the answer already
 * stored under it.
 *
 * A concurrent request with the same key waits until the first transaction ends, then either
 * replays its committed answer or, if it rolled back, claims the key itself. A row older than the
 * window is reclaimed. Only successful answers are ever stored: a failed request rolls its claim
 * back, so retrying it with the same key runs it again.
 */
export async function claimIdempotencyKey(
  client: SqlClient,
  input: { workspaceId: string; apiKeyId: string; key: string; scope?: IdempotencyScope; fingerprint: string },
): Promise<{ claimed: true } | { claimed: false; answer: StoredAnswer }> {
  const key = storedIdempotencyKey(input.apiKeyId, input.key, input.scope);
  if (
    await claimIdempotencyKeyRow(client, { workspaceId: input.workspaceId, key, fingerprint: input.fingerprint }, IDEMPOTENCY_WINDOW_HOURS)
  ) {
    return { claimed: true };
  }

  const row = await findIdempotencyKey(client, input.workspaceId, key);
  if (!row) throw new Error("idempotency key vanished between claim and read");
  if (row.requestHash !== input.fingerprint) {
    throw new AppError("conflict", "This Idempotency-Key was already used with a different request body. Use a new key for a new request.");
  }
  return { claimed: false, answer: { status: row.responseStatus, body: row.responseBody } };
}

/** Stores the answer of a claimed key, in the same transaction as the work it describes. */
export async function storeIdempotentAnswer(
  client: SqlClient,
  /** `emailId`: the email the answer created, or null for a batch's answer (it names them all). */
  input: { workspaceId: string; apiKeyId: string; key: string; scope?: IdempotencyScope; emailId: string | null; answer: StoredAnswer },
): Promise<void> {
  await storeIdempotencyKeyAnswer(client, {
    workspaceId: input.workspaceId,
    key: storedIdempotencyKey(input.apiKeyId, input.key, input.scope),
    emailId: input.emailId,
    status: input.answer.status,
    body: input.answer.body,
  });
}
