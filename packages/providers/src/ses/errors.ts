import { ProviderError } from "../types.ts";

/**
 * Turns whatever the AWS SDK threw into a ProviderError the sender can act on.
 *
 * The rule: retry what can succeed later without anyone changing anything (throttling, SES's own
 * faults, the network, timeouts); fail at once what will be refused again (the message, the
 * sender identity or the account is the problem). 4xx answers not named below are permanent:
 * SES answers 4xx for requests it will refuse again (a missing configuration set, a malformed
 * address), except 408 and 429, which are about timing.
 */
const TRANSIENT_NAMES = new Set([
  "TooManyRequestsException",
  "LimitExceededException",
  "Throttling",
  "ThrottlingException",
  "ThrottledException",
  "RequestThrottled",
  "RequestThrottledException",
  "RequestLimitExceeded",
  "SlowDown",
  "InternalServiceErrorException",
  "InternalFailure",
  "ServiceUnavailable",
  "ServiceUnavailableException",
  "RequestTimeout",
  "RequestTimeoutException",
  "TimeoutError",
  "AbortError",
  // The default credential chain could not produce credentials (e.g. the instance metadata
  // service did not answer in time): an environment problem that usually passes.
  "CredentialsProviderError",
]);

const PERMANENT_NAMES = new Set([
  "MessageRejected",
  "MailFromDomainNotVerifiedException",
  "AccountSuspendedException",
  "BadRequestException",
  "NotFoundException",
]);

/** Node and undici error codes of a connection that failed or broke before an answer. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ESOCKETTIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "ECONNABORTED",
  "UND_ERR_SOCKET",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/** Names that say nothing about the cause (the SDK names an unmodelled error answer "Unknown"). */
const GENERIC_NAMES = new Set(["Error", "Unknown", "UnknownError"]);

/**
 * The SDK wraps errors it does not recognise as Error objects (a socket error from another realm,
 * for one) into a new Error whose only trace of the cause is its message: find the code there.
 */
function networkCodeIn(message: string): string | undefined {
  return message.match(/\bE[A-Z_]+\b/g)?.find((word) => NETWORK_CODES.has(word));
}

interface SdkErrorShape {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  $fault?: unknown;
  $metadata?: { httpStatusCode?: unknown; requestId?: unknown };
}

/**
 * `tenant`: the SES tenant the send named. SES refuses a disabled tenant's sends as it refuses a
 * paused account's (SendingPausedException): with a tenant named, that is the workspace's pause,
 * held until SES enables it again, not a refusal of the message. A tenant SES does not know
 * (deleted behind our back) is transient: the sender creates it again.
 */
export function toProviderError(error: unknown, tenant?: string): ProviderError {
  if (error instanceof ProviderError) return error;
  const shape: SdkErrorShape = typeof error === "object" && error !== null ? (error as SdkErrorShape) : {};
  const name = typeof shape.name === "string" && !GENERIC_NAMES.has(shape.name) ? shape.name : undefined;
  const status = typeof shape.$metadata?.httpStatusCode === "number" ? shape.$metadata.httpStatusCode : undefined;
  const message = typeof shape.message === "string" && shape.message ? shape.message : String(error);
  const networkCode = typeof shape.code === "string" ? shape.code : networkCodeIn(message);
  const code = name ?? networkCode ?? (status ? `HTTP${status}` : "UnknownError");

  const details: Record<string, unknown> = { provider: "ses", code, message };
  if (status !== undefined) details.httpStatusCode = status;
  if (typeof shape.$metadata?.requestId === "string") details.requestId = shape.$metadata.requestId;
  if (typeof shape.$fault === "string") details.fault = shape.$fault;

  if (tenant) details.tenant = tenant;

  const kind =
    classifyAccount(name, message, tenant) ??
    (tenant ? (classifyTenantSend(name, message) ?? classify(name, networkCode, status)) : classify(name, networkCode, status));
  const outcomeUnknown = kind === "transient" && mayHaveReachedSes(name, networkCode, status, message);
  return new ProviderError(kind, code, `SES ${code}: ${message}`, details, outcomeUnknown ? { outcomeUnknown } : {});
}

/** Failures that happen before a request is sent: SES cannot have taken the email. */
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ENETUNREACH", "EHOSTUNREACH", "UND_ERR_CONNECT_TIMEOUT"]);

/**
 * Whether SES may have taken the email although no answer says so: no HTTP answer came, and the
 * failure is not one that happens before the request leaves (no connection, no credentials). A
 * timeout after connecting, or a connection reset mid-request, may follow SES's acceptance.
 */
function mayHaveReachedSes(name: string | undefined, networkCode: string | undefined, status: number | undefined, message: string) {
  if (status !== undefined) return false;
  if (name === "CredentialsProviderError") return false;
  if (networkCode && NOT_SENT_CODES.has(networkCode)) return false;
  // The SDK's connection timeout: the socket never connected.
  if (/did not establish a connection/i.test(message)) return false;
  return true;
}

/**
 * Refusals about the whole account, which no retry of this email alone can pass: its daily quota
 * spent (SES answers a throttling error saying "Daily message quota exceeded"), or its sending
 * paused (SES v2 SendingPausedException naming the account when no tenant is named or the
 * message says so; v1's AccountSendingPausedException). Every email waits; none fails.
 */
function classifyAccount(name: string | undefined, message: string, tenant: string | undefined) {
  if (name && /throttl|toomanyrequests|limitexceeded/i.test(name) && /daily message quota/i.test(message)) return "quota";
  if (name === "AccountSendingPausedException") return "account_paused";
  if (name === "SendingPausedException" && (!tenant || /account/i.test(message))) return "account_paused";
  return undefined;
}

function classifyTenantSend(name: string | undefined, message: string) {
  if (name === "SendingPausedException") return "paused";
  if (name === "NotFoundException" && /tenant/i.test(message)) return "transient";
  return undefined;
}

function classify(name: string | undefined, networkCode: string | undefined, status: number | undefined) {
  if (name && TRANSIENT_NAMES.has(name)) return "transient";
  if (name && PERMANENT_NAMES.has(name)) return "permanent";
  if (networkCode && NETWORK_CODES.has(networkCode)) return "transient";
  if (status === undefined) {
    // No HTTP answer at all: the request may never have reached SES. Retrying is safe and the
    // sender's retry window bounds it.
    return "transient";
  }
  if (status >= 500 || status === 429 || status === 408) return "transient";
  return "permanent";
}
