import { Agent, request } from "node:http";
import { performance } from "node:perf_hooks";
import { emailBody } from "./fixtures.ts";

export interface PostedEmails {
  /** Email id → performance.now() just before its POST was sent. */
  sentAt: Map<string, number>;
  failures: number;
  firstFailure: string | null;
  startedAt: number;
  finishedAt: number;
}

export interface PostPlan {
  apiUrl: string;
  apiKey: string;
  domain: string;
  count: number;
  /** At most this many POSTs in flight (as fast as the API answers)… */
  concurrency?: number;
  /** …or one POST every 1000/rate ms, on a fixed schedule whatever the answers do. */
  ratePerSecond?: number;
  /** Numbers the emails' subjects from here, so that every email of a run is distinct. */
  offset?: number;
}

/** POST /emails `count` times with plain node:http (keep-alive), recording when each was sent. */
export async function postEmails(plan: PostPlan): Promise<PostedEmails> {
  const agent = new Agent({ keepAlive: true, maxSockets: plan.concurrency ?? 64 });
  const url = new URL("/emails", plan.apiUrl);
  const result: PostedEmails = { sentAt: new Map(), failures: 0, firstFailure: null, startedAt: performance.now(), finishedAt: 0 };
  // `again`: the second try of a request that a kept-alive connection lost before any answer
  // (the API closed it, idle, as the request went out): the API never read it, so it is sent once more.
  const postOne = (n: number, again = false): Promise<void> =>
    new Promise<void>((resolve) => {
      const body = emailBody(plan.domain, "someone@example.com", (plan.offset ?? 0) + n);
      const started = performance.now();
      const fail = (why: string) => {
        result.failures += 1;
        result.firstFailure ??= why;
        resolve();
      };
      const req = request(url, {
        method: "POST",
        agent,
        headers: { authorization: `Bearer ${plan.apiKey}`, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      });
      req.on("response", (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          if (res.statusCode !== 202) return fail(`HTTP ${res.statusCode}: ${text.slice(0, 200)}`);
          result.sentAt.set((JSON.parse(text) as { id: string }).id, started);
          resolve();
        });
      });
      req.on("error", (error: Error & { code?: string }) => {
        if (!again && req.reusedSocket && error.code === "ECONNRESET") resolve(postOne(n, true));
        else fail(error.message);
      });
      req.end(body);
    });

  try {
    if (plan.ratePerSecond) {
      const interval = 1000 / plan.ratePerSecond;
      const pending: Promise<void>[] = [];
      for (let n = 0; n < plan.count; n++) {
        const due = result.startedAt + n * interval;
        const wait = due - performance.now();
        if (wait > 1) await new Promise((r) => setTimeout(r, wait));
        pending.push(postOne(n));
      }
      await Promise.all(pending);
    } else {
      let next = 0;
      const worker = async () => {
        while (next < plan.count) await postOne(next++);
      };
      await Promise.all(Array.from({ length: plan.concurrency ?? 32 }, worker));
    }
  } finally {
    result.finishedAt = performance.now();
    agent.destroy();
  }
  return result;
}
