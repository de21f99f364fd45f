/**
 * One error type for everything a caller can get wrong, one code-to-status table, and one
 * handler per app that turns it into `{"error": message, "code": code}`. Anything else that
 * escapes is a bug and answers 500 without details.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  region_not_configured: 400,
  unauthorized: 401,
  forbidden: 403,
  domain_not_verified: 403,
  domain_not_allowed: 403,
  source_not_allowed: 403,
  not_found: 404,
  conflict: 409,
  confirmation_required: 409,
  replay_in_progress: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  attachment_quota_exceeded: 422,
  daily_limit_reached: 429,
  rate_limited: 429,
  replay_quota_exceeded: 429,
  render_rate_limited: 429,
  replay_rate_limited: 429,
  erasure_rate_limited: 429,
  unavailable: 503,
  server_busy: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Further fields of the answer beside `error` and `code` (a batch's per-email errors). */
    readonly details?: Readonly<Record<string, unknown>>,
    /** When trying again may succeed: answered as the Retry-After header. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "AppError";
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (what: string) => new AppError("not_found", `${what} not found.`);
