import { AppError } from "@svc/core";
import { bodyErrorAnswer, type BodyWording } from "@svc/runtime";

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

/** How body errors name the API's request bodies (SEND_LIMITS.maxBodyBytes is 1 MB). */
const BODY_WORDING: BodyWording = { body: "The request body", limit: "1 MB" };

export const bodyNotJson = () => new AppError("bad_request", `${BODY_WORDING.body} is not valid JSON.`);

/** Every error a caller may see, as an AppError; null for a bug (answered 500 without details). */
export function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (isDatabaseUnavailable(error)) {
    return new AppError("unavailable", "The service is temporarily unavailable (database unreachable). Please retry shortly.");
  }
  const bodyError = bodyErrorAnswer(error, BODY_WORDING);
  return bodyError ? new AppError(bodyError.code, bodyError.message) : null;
}
