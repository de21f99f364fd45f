/**
 * The one classification of "the database cannot serve this request right now" (as opposed to a
 * bug): every app answers it 503 with a warning, never 500 with "unhandled error".
 */

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
  "57014", // query_canceled: statement_timeout (a lock held too long, an overloaded server)
  "55P03", // lock_not_available
  "P1001", // Prisma: can't reach database server
  "P1002", // Prisma: database server timed out
  "P1017", // Prisma: server closed the connection
  "P2024", // Prisma: timed out fetching a connection from the pool
]);

// pg's own deadlines: connectionTimeoutMillis (pool and client) and query_timeout.
const UNAVAILABLE_MESSAGES = /Connection terminated|connection timeout|timeout exceeded when trying to connect|Query read timeout/i;

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

/** The answer every app gives for it. */
export const DATABASE_UNAVAILABLE_MESSAGE = "The service is temporarily unavailable (database unreachable). Please retry shortly.";
