import { createServer, type Server } from "node:http";
import type { Logger } from "@svc/logger";
import { closeServer, listen } from "@svc/runtime";

/** How long the process holding the certificate port has to show what it serves. */
const HOLDER_CHECK_TIMEOUT_MS = 5_000;

/**
 * Serves the simulator's certificate at SIMULATOR_CERT_URL's path, as SNS serves its own. Several
 * sender processes share one machine and one certificate (same key dir), so when the port is
 * already taken this carries on (answering null) if what holds it serves the same certificate at
 * that URL, and rejects otherwise: the ingester would fetch the other holder's answer and refuse
 * every event this simulator signs.
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
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") {
      throw new Error(`the simulator could not serve its certificate on port ${options.port}`, { cause: error });
    }
    await expectHolderServes(options.certUrl, options.certificatePem);
    options.log.info({ port: options.port }, "simulator certificate port in use by another sender process serving the same certificate");
    return null;
  }
  options.log.info({ certUrl: options.certUrl, port: options.port }, "simulator serving its SNS signing certificate");
  return server;
}

async function expectHolderServes(certUrl: string, certificatePem: string): Promise<void> {
  const taken = `SIMULATOR_CERT_URL's port is held by something that does not serve this simulator's certificate at ${certUrl}`;
  let served: string;
  try {
    const answer = await fetch(certUrl, { signal: AbortSignal.timeout(HOLDER_CHECK_TIMEOUT_MS) });
    served = answer.ok ? await answer.text() : `HTTP ${answer.status}`;
  } catch (error) {
    throw new Error(`${taken} (it did not answer)`, { cause: error });
  }
  if (served !== certificatePem) throw new Error(`${taken} (it serves something else)`);
}

export async function stopCertificateServer(server: Server | null): Promise<void> {
  if (server) await closeServer(server);
}

/** Loopback URLs are served on loopback only; any other host name means "reachable from elsewhere". */
function bindHost(hostname: string): string {
  const bare = hostname.replace(/^\[|\]$/g, "");
  return ["127.0.0.1", "localhost", "::1"].includes(bare) ? bare : "0.0.0.0";
}
