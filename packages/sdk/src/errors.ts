import type { ErrorCode } from "./types.ts";

/** Every error the client throws. */
export class SvcError extends Error {
  override name = "SvcError";
}

/** The API answered with an error: `status` and the machine `code` of its `{error, code}` body. */
export class SvcApiError extends SvcError {
  override name = "SvcApiError";

  constructor(
    message: string,
    readonly status: number,
    /** The API's machine code; `unknown` when the answer was not the API's error shape (a proxy's page, say). */
    readonly code: ErrorCode | "unknown",
    /** Seconds from the answer's Retry-After header, when it had one. */
    readonly retryAfterSeconds: number | null = null,
    /** The rest of the error body: `errors` lists every refused email of a strict batch by index. */
    readonly details: { errors?: Array<{ index: number; error: string; code: ErrorCode }> } & Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** No answer: the connection failed or was cut before a complete answer arrived. */
export class SvcConnectionError extends SvcError {
  override name = "SvcConnectionError";
}

/** No answer within the client's timeout. */
export class SvcTimeoutError extends SvcError {
  override name = "SvcTimeoutError";
}
