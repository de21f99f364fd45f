import { Agent as HttpAgent } from "node:http";
import { Agent as HttpsAgent } from "node:https";
import { performance } from "node:perf_hooks";
import type { EndpointPoster, PostAnswer } from "@svc/core";
import { type AttemptClass, recordAttempt, statusClass } from "@svc/metrics/dispatcher";
import got from "got";
import { ADDRESS_REFUSED, guardedLookup, refuseBeforeConnect } from "./addressGuard.ts";

/** How much of an answer is kept on the attempt record. */
const RESPONSE_EXCERPT_BYTES = 2048;

/** An idle kept-alive connection is closed after this long: below the 5 s that Node and many servers keep one. */
const IDLE_CONNECTION_MS = 4_000;

export interface PosterOptions {
  /** Total deadline of one attempt: connect, send, and a complete answer (or its first 2 KB). */
  timeoutMs: number;
  /** WEBHOOK_ALLOW_PRIVATE_URLS: lifts the https-only and public-address rules. */
  allowPrivate: boolean;
}

export interface WebhookPoster extends EndpointPoster {
  close(): void;
}

/**
 * One POST per attempt with got: no redirects followed (a 3xx is a failed attempt), no retries
 * inside got (the retry schedule is the dispatcher's) and one total deadline.
 *
 * Connections are kept alive between attempts to the same endpoint, as a receiver expects of a
 * sender: a TLS handshake per webhook would cost both sides more than the webhook. Every
 * connection is dialled through the address guard, so a pooled one leads to an address the guard
 * allowed. A connection idle for IDLE_CONNECTION_MS is closed (sooner when the endpoint's
 * `Keep-Alive: timeout` says so). An endpoint may still close an idle connection just as we reuse
 * it: a request lost that way, before any answer, is sent once more on a new connection.
 */
export function createWebhookPoster(options: PosterOptions): WebhookPoster {
  const lookup = options.allowPrivate ? undefined : guardedLookup();
  const agentOptions = { keepAlive: true, timeout: IDLE_CONNECTION_MS };
  const agents = { http: new HttpAgent(agentOptions), https: new HttpsAgent(agentOptions) };

  /** What the endpoint answered, for core to judge (`classifyAnswer`); every attempt is counted by its class, whichever way it ended. */
  async function post(url: string, body: string, headers: Record<string, string>): Promise<PostAnswer> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return counted("error", {
        statusCode: null,
        location: undefined,
        responseExcerpt: null,
        error: "The subscription URL is not a valid URL.",
        durationMs: 0,
      });
    }
    if (!options.allowPrivate) {
      const refused = refuseBeforeConnect(parsed);
      if (refused)
        return counted("refused", {
          statusCode: null,
          location: undefined,
          responseExcerpt: null,
          error: refused.message,
          durationMs: elapsed(),
        });
    }
    if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
      return counted("error", {
        statusCode: null,
        location: undefined,
        responseExcerpt: null,
        error: `Unsupported URL scheme ${parsed.protocol}`,
        durationMs: 0,
      });
    }

    const first = await sendOnce(parsed, body, headers, options.timeoutMs);
    if (!first.lostOnReusedConnection) return counted(first.attemptClass, { ...first.answer, durationMs: elapsed() });
    const again = await sendOnce(parsed, body, headers, Math.max(1, options.timeoutMs - elapsed()));
    return counted(again.attemptClass, { ...again.answer, durationMs: elapsed() });
  }

  /** One request; says whether it was lost on a kept-alive connection before any answer came. */
  function sendOnce(
    url: URL,
    body: string,
    headers: Record<string, string>,
    timeoutMs: number,
  ): Promise<{ attemptClass: AttemptClass; answer: Omit<PostAnswer, "durationMs">; lostOnReusedConnection: boolean }> {
    return new Promise((resolve) => {
      let statusCode: number | null = null;
      let location: string | undefined;
      let retryAfter: string | undefined;
      const chunks: Buffer[] = [];
      let received = 0;
      let settled = false;

      const request = got.stream.post(url, {
        body,
        headers,
        followRedirect: false,
        retry: { limit: 0 },
        timeout: { request: timeoutMs },
        throwHttpErrors: false,
        decompress: false,
        dnsLookup: lookup,
        agent: agents,
      });

      /** `complete`: the whole answer was read, so the connection can serve the next request. */
      const finish = (outcome: { error: string | null; failureClass?: AttemptClass; complete?: boolean; closedByPeer?: boolean }) => {
        if (settled) return;
        settled = true;
        if (!outcome.complete) request.destroy();
        const excerpt =
          chunks.length > 0 ? toText(Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES)) : statusCode === null ? null : "";
        resolve({
          attemptClass: outcome.error === null && statusCode !== null ? statusClass(statusCode) : (outcome.failureClass ?? "error"),
          answer: { statusCode, location, retryAfter, responseExcerpt: excerpt, error: outcome.error },
          lostOnReusedConnection: outcome.closedByPeer === true && statusCode === null && request.reusedSocket === true,
        });
      };

      request.on("response", (response: { statusCode: number; headers: Record<string, string | string[] | undefined> }) => {
        statusCode = response.statusCode;
        const header = response.headers.location;
        location = Array.isArray(header) ? header[0] : header;
        const pause = response.headers["retry-after"];
        retryAfter = Array.isArray(pause) ? pause[0] : pause;
      });
      request.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        received += chunk.length;
        // Enough of the answer is kept; the rest is not waited for (and the connection not kept).
        if (received >= RESPONSE_EXCERPT_BYTES) finish({ error: null });
      });
      request.on("end", () => finish({ error: null, complete: true }));
      request.on("error", (error: Error & { code?: string }) =>
        finish({
          error: describeError(error, timeoutMs),
          failureClass: failureClassOf(error),
          closedByPeer: error.code === "ECONNRESET" || error.code === "EPIPE",
        }),
      );
    });
  }

  return {
    post,
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

/** Text for the attempt record: UTF-8, with NUL bytes (which Postgres text cannot hold) replaced. */
function toText(bytes: Buffer): string {
  return bytes.toString("utf8").replace(/\u0000/g, "\uFFFD");
}

function counted(attemptClass: AttemptClass, answer: PostAnswer): PostAnswer {
  recordAttempt(attemptClass, answer.durationMs / 1000);
  return answer;
}

/** Why an attempt got no answer, in the few classes the attempt metric uses. */
function failureClassOf(error: Error & { code?: string }): AttemptClass {
  if (error.name === "TimeoutError" || error.code === "ETIMEDOUT") return "timeout";
  const cause = (error as { cause?: { code?: string } }).cause;
  if (error.code === ADDRESS_REFUSED || cause?.code === ADDRESS_REFUSED) return "refused";
  return "error";
}

function describeError(error: Error & { code?: string }, timeoutMs: number): string {
  if (error.name === "TimeoutError" || error.code === "ETIMEDOUT") return `No complete answer within ${timeoutMs} ms.`;
  if (error.code === ADDRESS_REFUSED) return error.message;
  const cause = (error as { cause?: { code?: string } }).cause;
  if (cause && "code" in cause && cause.code === ADDRESS_REFUSED) return (cause as unknown as Error).message;
  return error.message.slice(0, 500) || error.code || "Request failed.";
}
