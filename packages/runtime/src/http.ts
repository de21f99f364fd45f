import { createServer, type RequestListener, type Server } from "node:http";
import type { Server as NetServer } from "node:net";

/** The deadlines of one HTTP server (see httpServerEnv in packages/config). */
export interface HttpTimeouts {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = { headersTimeoutMs: 15_000, requestTimeoutMs: 30_000 };

/** The timeouts named in an app's env (HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS). */
export function httpTimeoutsFrom(env: { HTTP_HEADERS_TIMEOUT_MS: number; HTTP_REQUEST_TIMEOUT_MS: number }): HttpTimeouts {
  return { headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS, requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS };
}

/**
 * Every app's HTTP server. Node enforces both deadlines only on its periodic connection check
 * (every 30 s by default), and refuses a headers deadline above the request deadline; so the
 * check runs at a tenth of the shorter deadline (at most once a second), and the headers
 * deadline is capped by the request deadline. A request still arriving at its deadline gets a
 * 408 and its connection is closed.
 */
export function createHttpServer(handler: RequestListener, timeouts: HttpTimeouts = DEFAULT_HTTP_TIMEOUTS): Server {
  const requestTimeout = timeouts.requestTimeoutMs;
  const headersTimeout = Math.min(timeouts.headersTimeoutMs, requestTimeout);
  return createServer(
    { requestTimeout, headersTimeout, connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(headersTimeout / 10))) },
    handler,
  );
}

/**
 * Resolves once the server is listening; returns the bound port (useful with port 0 in tests).
 * Any net server: an HTTP server, or an SMTPServer's `.server`.
 */
export function listen(server: NetServer, port: number, host = "0.0.0.0"): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      const address = server.address();
      resolve(typeof address === "object" && address ? address.port : port);
    });
  });
}

/**
 * Stops accepting connections and closes idle keep-alive sockets, waiting for in-flight requests.
 * A server that is not listening (its start failed or never came) has nothing to close.
 */
export function closeServer(server: Server): Promise<void> {
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeIdleConnections();
  });
}
