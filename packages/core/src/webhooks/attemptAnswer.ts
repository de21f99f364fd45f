import type { AttemptOutcome } from "./attemptRecord.ts";

/** What one POST got back, before it is judged: the poster's transport facts. */
export interface PostAnswer {
  /** The answer's status; null when none came (refused, unreachable, timed out before it). */
  statusCode: number | null;
  /** A redirect's Location header, to say where it pointed. */
  location: string | undefined;
  /** The answer's Retry-After header, as sent (seconds or an HTTP date). */
  retryAfter?: string | undefined;
  /** The first 2 KB of the answer body, as text; null when no answer came. */
  responseExcerpt: string | null;
  /** Why no complete answer came (refused, timeout, network error); null when one did. */
  error: string | null;
  durationMs: number;
}

/** The statuses whose Retry-After the next attempt honours: the receiver asking for a pause. */
const PAUSE_STATUSES = new Set([429, 503]);

/**
 * Only a complete 2xx answer delivers a webhook. A redirect is not followed: the subscription's
 * URL must answer 2xx itself, so a 3xx is a failed attempt like any other status. Two answers
 * say more than "failed": `410 Gone` (the receiver wants no more deliveries: the subscription is
 * disabled) and `429`/`503` with `Retry-After` (the next attempt waits at least that long).
 * `now` (epoch ms) reads a Retry-After given as a date.
 */
export function classifyAnswer(answer: PostAnswer, now: number = Date.now()): AttemptOutcome {
  const { statusCode, error } = answer;
  const answered = error === null && statusCode !== null;
  const succeeded = answered && statusCode >= 200 && statusCode < 300;
  const retryAfterMs = answered && PAUSE_STATUSES.has(statusCode) ? parseRetryAfter(answer.retryAfter, now) : null;
  return {
    succeeded,
    statusCode,
    responseExcerpt: answer.responseExcerpt,
    error: error ?? (succeeded ? null : describeStatus(statusCode, answer.location)),
    durationMs: answer.durationMs,
    gone: answered && statusCode === 410,
    retryAfterMs,
  };
}

/**
 * Milliseconds a Retry-After header asks for: delay-seconds or an HTTP date. Null when absent or
 * unreadable (the schedule alone then decides); a date in the past is 0.
 */
export function parseRetryAfter(header: string | undefined, now: number): number | null {
  if (header === undefined) return null;
  const value = header.trim();
  if (/^\d{1,10}$/.test(value)) return Number(value) * 1000;
  if (!/[A-Za-z]/.test(value)) return null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function describeStatus(statusCode: number | null, location: string | undefined): string {
  if (statusCode === null) return "No answer.";
  if (statusCode >= 300 && statusCode < 400) {
    return `Redirect (${statusCode}${location ? ` to ${location.slice(0, 200)}` : ""}) not followed: the URL must answer 2xx itself.`;
  }
  return `The endpoint answered ${statusCode}.`;
}
