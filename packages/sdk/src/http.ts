import { SvcApiError, SvcConnectionError, SvcTimeoutError } from "./errors.ts";
import { backoffDelayMs, isRetryableStatus, parseRetryAfter, type RetryPolicy, sleep } from "./retry.ts";
import type { ErrorCode } from "./types.ts";

export interface HttpOptions {
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
  retry: RetryPolicy;
  fetch: typeof fetch;
  userAgent: string;
}

export interface HttpRequest {
  method: "GET" | "POST" | "DELETE" | "PATCH";
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * Whether repeating the request cannot do the work twice, so that it may be sent again after
   * a failure without an answer. GET and DELETE are; a POST is when it carries an
   * Idempotency-Key or is an idempotent add.
   */
  safeToRepeat: boolean;
  /** `bytes`: the answer as it came (raw messages, attachments); `text`: decoded as UTF-8 (CSV, HTML); default: parsed JSON. */
  responseType?: "json" | "bytes" | "text";
  /** False for the operations that need no key (health, the API's documents): the key is not sent with them. */
  auth?: boolean;
}

export interface HttpAnswer<T> {
  status: number;
  headers: Headers;
  body: T;
}

/** A failure with no answer (connection refused or reset, timeout): maybe retried. */
class NoAnswer {
  constructor(readonly error: SvcConnectionError | SvcTimeoutError) {}
}

/**
 * One API call with retries: network failures (for requests safe to repeat), 5xx and retryable
 * 429s are tried again after Retry-After when the server gave one, else after an exponential
 * backoff; each attempt has its own timeout. Anything else that is not 2xx becomes an SvcApiError.
 * Only `fetch` is used, so this runs on Node 20+ and any runtime that has it.
 */
export async function call<T>(options: HttpOptions, request: HttpRequest): Promise<HttpAnswer<T>> {
  const url = buildUrl(options.baseUrl, request.path, request.query);
  const headers: Record<string, string> = {
    ...(request.auth === false ? {} : { authorization: `Bearer ${options.apiKey}` }),
    accept: request.responseType === undefined || request.responseType === "json" ? "application/json" : "*/*",
    "user-agent": options.userAgent,
    ...request.headers,
  };
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);
  if (body !== undefined) headers["content-type"] = "application/json";

  for (let retry = 0; ; retry++) {
    const outcome = await attempt(options, url, { method: request.method, headers, ...(body !== undefined ? { body } : {}) });
    const lastTry = retry >= options.retry.maxRetries;
    if (outcome instanceof NoAnswer) {
      if (lastTry || !request.safeToRepeat) throw outcome.error;
      await sleep(backoffDelayMs(options.retry, retry));
      continue;
    }
    const { response, bytes } = outcome;
    if (response.ok && request.responseType === "bytes") return { status: response.status, headers: response.headers, body: bytes as T };
    const text = new TextDecoder().decode(bytes);
    if (response.ok && request.responseType === "text") return { status: response.status, headers: response.headers, body: text as T };
    if (response.ok) return { status: response.status, headers: response.headers, body: parseJson<T>(response.status, text) };

    const error = toApiError(response, text);
    if (lastTry || !isRetryableStatus(error.status, error.code, error.retryAfterSeconds)) throw error;
    const waitMs = error.retryAfterSeconds !== null ? error.retryAfterSeconds * 1000 : backoffDelayMs(options.retry, retry);
    if (waitMs > options.retry.maxDelayMs) throw error;
    await sleep(waitMs);
  }
}

/** One request and its whole answer body, within the timeout. */
async function attempt(
  options: HttpOptions,
  url: string,
  init: RequestInit,
): Promise<{ response: Response; bytes: Uint8Array } | NoAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    const response = await options.fetch(url, { ...init, signal: controller.signal });
    // The body is read under the same deadline: a connection cut mid-answer is no answer.
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { response, bytes };
  } catch (error) {
    if (controller.signal.aborted)
      return new NoAnswer(new SvcTimeoutError(`No answer from ${init.method} ${url} within ${options.timeoutMs} ms.`));
    return new NoAnswer(new SvcConnectionError(`${init.method} ${url} failed: ${describe(error)}`, { cause: error }));
  } finally {
    clearTimeout(timer);
  }
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/** A 2xx body; one that is not JSON did not come from the API (a captive portal, a proxy's page): a typed error with its status. */
function parseJson<T>(status: number, text: string): T {
  if (text === "") return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new SvcApiError(`HTTP ${status} with a body that is not JSON.`, status, "unknown");
  }
}

function toApiError(response: Response, text: string): SvcApiError {
  const retryAfter = parseRetryAfter(response.headers.get("retry-after"));
  let parsed: { error?: unknown; code?: unknown } | null = null;
  try {
    parsed = JSON.parse(text) as { error?: unknown; code?: unknown };
  } catch {
    parsed = null;
  }
  if (parsed && typeof parsed.error === "string" && typeof parsed.code === "string") {
    const { error, code, ...details } = parsed as { error: string; code: string } & Record<string, unknown>;
    return new SvcApiError(error, response.status, code as ErrorCode, retryAfter, details);
  }
  return new SvcApiError(`HTTP ${response.status} without an API error body.`, response.status, "unknown", retryAfter);
}

function buildUrl(baseUrl: string, path: string, query: HttpRequest["query"]): string {
  const url = new URL(baseUrl.replace(/\/+$/, "") + path);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url.toString();
}
