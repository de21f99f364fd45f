import { generateKeyPairSync, randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { readFile } from "node:fs/promises";
import forge from "node-forge";
import { keptPemPair } from "@svc/runtime";

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
export async function loadTlsIdentity(options: { certFile?: string; keyFile?: string; dir: string; hostname: string }): Promise<TlsIdentity> {
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
 * addresses) in subjectAltName, which is what TLS clients check. Node's crypto makes keys but
 * not certificates, so node-forge builds the certificate around a key Node generated.
 */
export function createSelfSigned(hostname: string, days = 3650): TlsIdentity {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey);
  const serial = randomBytes(16);
  serial[0] = serial[0]! & 0x7f; // a positive serial
  certificate.serialNumber = serial.toString("hex");
  const now = Date.now();
  certificate.validity.notBefore = new Date(now - 60 * 60 * 1000);
  certificate.validity.notAfter = new Date(now + days * 24 * 60 * 60 * 1000);
  const subject = [{ name: "commonName", value: hostname }];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  const names = hostname === "localhost" ? ["localhost", "127.0.0.1", "::1"] : [hostname];
  certificate.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, keyEncipherment: true },
    { name: "extKeyUsage", serverAuth: true },
    // type 2: DNS name, type 7: IP address.
    { name: "subjectAltName", altNames: names.map((name) => (isIP(name) ? { type: 7, ip: name } : { type: 2, value: name })) },
  ]);
  certificate.sign(forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  return { keyPem: privateKey, certPem: forge.pki.certificateToPem(certificate) };
}
