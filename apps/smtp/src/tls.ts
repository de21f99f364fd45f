import { readFile } from "node:fs/promises";
import { keptPemPair, selfSignedCertificate } from "@svc/runtime";

/** What the relay's TLS (STARTTLS and implicit TLS) serves. */
export interface TlsIdentity {
  keyPem: string;
  /** The certificate, followed by its chain when it has one. */
  certPem: string;
}

/**
 * The configured certificate and key, or, when none is configured, a self-signed one for
 * `hostname` created in `dir` on first start and kept: every relay process on the machine then
 * serves the same certificate, so a client told to trust it once keeps trusting it.
 */
export async function loadTlsIdentity(options: {
  certFile?: string;
  keyFile?: string;
  dir: string;
  hostname: string;
}): Promise<TlsIdentity> {
  if (options.certFile && options.keyFile) {
    const [certPem, keyPem] = await Promise.all([readFile(options.certFile, "utf8"), readFile(options.keyFile, "utf8")]);
    return { certPem, keyPem };
  }
  return loadOrCreateSelfSigned(options.dir, options.hostname);
}

const fileName = (hostname: string) => `tls-${hostname}.pem`;

/** Created race-free, as the simulator's SNS key is (keptPemPair). */
function loadOrCreateSelfSigned(dir: string, hostname: string): Promise<TlsIdentity> {
  return keptPemPair(dir, fileName(hostname), () => createSelfSigned(hostname), "the relay's TLS certificate");
}

/**
 * A self-signed server certificate naming `hostname` (and, for the local default, the loopback
 * addresses) in subjectAltName, which is what TLS clients check.
 */
export function createSelfSigned(hostname: string, days = 3650): TlsIdentity {
  const serverNames = hostname === "localhost" ? ["localhost", "127.0.0.1", "::1"] : [hostname];
  return selfSignedCertificate({ commonName: hostname, days, serverNames });
}
