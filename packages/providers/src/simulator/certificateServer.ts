import { createServer, type Server } from "node:http";
import type { Logger } from "@svc/logger";
import { closeServer, listen } from "@svc/runtime";

/**
 * Serves the simulator's certificate at SIMULATOR_CERT_URL's path, as SNS serves its own. Several
 * sender processes share one machine and one certificate (same key dir), so when the port is
 * already taken this logs and carries on: the process holding it serves the same certificate.
 */
export async function serveCertificate(options: {
  certificatePem: string;
  certUrl: string;
  port: number;
  log: Logger;
}): Promise<Server | null> {
  const { pathname, hostname } = new URL(options.certUrl);
  const server = createServer((req, res) => {
    if (req.method === "GET" && req.url === pathname) {
      res.writeHead(200, { "content-type": "application/x-pem-file" }).end(options.certificatePem);
    } else {
      res.writeHead(404).end();
    }
  });
  try {
    await listen(server, options.port, bindHost(hostname));
    options.log.info({ certUrl: options.certUrl, port: options.port }, "simulator serving its SNS signing certificate");
    return server;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE") {
      options.log.info(
        { port: options.port },
        "simulator certificate port in use; assuming another sender process serves the same certificate",
      );
    } else {
      options.log.error(
        { err: error, port: options.port },
        "simulator could not serve its certificate; the ingester will refuse its events",
      );
    }
    return null;
  }
}

export async function stopCertificateServer(server: Server | null): Promise<void> {
  if (server) await closeServer(server);
}

/** Loopback URLs are served on loopback only; any other host name means "reachable from elsewhere". */
function bindHost(hostname: string): string {
  const bare = hostname.replace(/^\[|\]$/g, "");
  return ["127.0.0.1", "localhost", "::1"].includes(bare) ? bare : "0.0.0.0";
}
