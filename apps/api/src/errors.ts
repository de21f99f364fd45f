import { AppError } from "@svc/core";

/** pg/libpq and socket codes that mean "the database cannot be reached right now". */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "EAI_AGAIN",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "53300", // too_many_connections
  "P1001", // Prisma: can't reach database server
  "P1002", // Prisma: database server timed out
  "P1017", // Prisma: server closed the connection
  "P2024", // Prisma: timed out fetching a connection from the pool
]);

const UNAVAILABLE_MESSAGES = /Connection terminated|connection timeout|timeout exceeded when trying to connect/i;

/** True when `error` (or one of its causes) says Postgres is unreachable rather than that we erred. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === "string" && UNAVAILABLE_CODES.has(candidate.code)) return true;
    if (typeof candidate.message === "string" && UNAVAILABLE_MESSAGES.test(candidate.message)) return true;
    current = candidate.cause;
  }
  return false;
}

export const bodyTooLarge = () => new AppError("payload_too_large", "The request body is larger than 1 MB.");
export const bodyNotJson = () => new AppError("bad_request", "The request body is not valid JSON.");

/**
 * Errors raised by express.json (body-parser): an HTTP `status`, and a `type` for the ones it
 * names itself. A broken compressed body comes from zlib through http-errors with `status` 400
 * and `expose` but no `type`.
 */
interface BodyParserError {
  type?: string;
  status: number;
  expose?: boolean;
}

function isBodyParserError(error: unknown): error is BodyParserError {
  const candidate = error as Partial<BodyParserError> | null;
  return typeof candidate?.status === "number" && (typeof candidate.type === "string" || candidate.expose === true);
}

function fromBodyParser(error: BodyParserError): AppError {
  switch (error.type) {
    case "entity.too.large":
      return bodyTooLarge();
    case "entity.parse.failed":
      return bodyNotJson();
    case "charset.unsupported":
    case "encoding.unsupported":
      return new AppError("unsupported_media_type", "The request body must be JSON in UTF-8, without content encoding.");
    default:
      return new AppError("bad_request", "The request body could not be read.");
  }
}

/** Every error a caller may see, as an AppError; null for a bug (answered 500 without details). */
export function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (isDatabaseUnavailable(error)) {
    return new AppError("unavailable", "The service is temporarily unavailable (database unreachable). Please retry shortly.");
  }
  if (isBodyParserError(error) && error.status >= 400 && error.status < 500) return fromBodyParser(error);
  return null;
}
