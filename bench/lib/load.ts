import autocannon from "autocannon";
import { round } from "./stats.ts";

export interface HttpLoad {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  connections: number;
  /** Seconds to run for; or `amount` requests in all. */
  durationS?: number;
  amount?: number;
  /** A fixed body, or one made per request (the n-th request gets body(n)). */
  body?: string | ((n: number) => string);
}

export interface HttpLoadResult {
  requestsPerSecond: number;
  /** Completed requests over the wall time autocannon measured. */
  completed: number;
  ok2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  durationS: number;
}

/** One autocannon run (in this process), summarised. */
export async function runHttpLoad(load: HttpLoad): Promise<HttpLoadResult> {
  const base = {
    url: load.url,
    method: load.method ?? "GET",
    headers: load.headers ?? {},
    connections: load.connections,
    timeout: 30,
    ...(load.amount !== undefined ? { amount: load.amount } : { duration: load.durationS ?? 10 }),
  };
  let n = 0;
  const body = load.body;
  const options: autocannon.Options =
    typeof body === "function"
      ? { ...base, requests: [{ setupRequest: (request) => ({ ...request, body: body(n++) }) }] }
      : { ...base, ...(body !== undefined ? { body } : {}) };
  const result = await autocannon(options);
  const completed = result["2xx"] + result.non2xx;
  return {
    requestsPerSecond: round(completed / result.duration, 1),
    completed,
    ok2xx: result["2xx"],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      mean: round(result.latency.average, 2),
    },
    durationS: round(result.duration, 2),
  };
}
