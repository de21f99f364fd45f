import { metricsEndpoint } from "./endpoint.ts";
import { httpMetrics } from "./http.ts";

/**
 * Everything an HTTP app adds for metrics, in one line, first of all its handlers:
 * `app.use(observeHttp({ token: env.METRICS_TOKEN }))` measures every request and serves
 * /metrics on the app's port.
 */
export function observeHttp(options: { token?: string } = {}) {
  return [httpMetrics(), metricsEndpoint(options)];
}
