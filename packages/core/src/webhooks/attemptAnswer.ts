import type { AttemptOutcome } from "./attemptRecord.ts";

/** What one POST got back, before it is judged: the poster's transport facts. */
export interface PostAnswer {
  /** The answer's status; null when none came (refused, unreachable, timed out before it). */
  statusCode: number | null;
  /** A redirect's Location header, to say where it pointed. */
  location: string | undefined;
  /** The first 2 KB of the answer body, as text; null when no answer came. */
  responseExcerpt: string | null;
  /** Why no complete answer came (refused, timeout, network error); null when one did. */
  error: string | null;
  durationMs: number;
}

/**
 * Only a complete 2xx answer delivers a webhook. A redirect is not followed: the subscription's
 * URL must answer 2xx itself, so a 3xx is a failed attempt like any other status.
 */
export function classifyAnswer(answer: PostAnswer): AttemptOutcome {
  const { statusCode, error } = answer;
  const succeeded = error === null && statusCode !== null && statusCode >= 200 && statusCode < 300;
  return {
    succeeded,
    statusCode,
    responseExcerpt: answer.responseExcerpt,
    error: error ?? (succeeded ? null : describeStatus(statusCode, answer.location)),
    durationMs: answer.durationMs,
  };
}

function describeStatus(statusCode: number | null, location: string | undefined): string {
  if (statusCode === null) return "No answer.";
  if (statusCode >= 300 && statusCode < 400) {
    return `Redirect (${statusCode}${location ? ` to ${location.slice(0, 200)}` : ""}) not followed: the URL must answer 2xx itself.`;
  }
  return `The endpoint answered ${statusCode}.`;
}
