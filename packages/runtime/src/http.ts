import type { Server } from "node:http";

/** Resolves once the server is listening; returns the bound port (useful with port 0 in tests). */
export function listen(server: Server, port: number, host = "0.0.0.0"): Promise<number> {
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
