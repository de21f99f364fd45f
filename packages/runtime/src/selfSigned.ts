import { generateKeyPairSync, randomBytes } from "node:crypto";
import { isIP } from "node:net";
import forge from "node-forge";
import type { PemPair } from "./keptPemPair.ts";

export interface SelfSignedOptions {
  /** The subject's (and so the issuer's) common name. */
  commonName: string;
  /** Valid from an hour ago (clock skew) for this many days; negative for an expired one. */
  days?: number;
  bits?: number;
  /**
   * For a TLS server certificate: the host names and IP addresses it serves, written in
   * subjectAltName (which is what TLS clients check), with server-only key usages. Without
   * them the certificate carries no extensions (a signing certificate, as SNS publishes).
   */
  serverNames?: string[];
}

/**
 * An RSA key (PKCS#8 PEM) and a self-signed X.509 certificate (PEM) holding its public key.
 * Node's crypto makes keys but not certificates, so node-forge (pure JS, no native parts, no
 * `openssl` binary needed) builds the certificate around a key Node generated.
 */
export function selfSignedCertificate(options: SelfSignedOptions): PemPair {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", {
    modulusLength: options.bits ?? 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey);
  // A positive serial: the high bit of the first byte clear.
  const serial = randomBytes(16);
  serial[0] = serial[0]! & 0x7f;
  certificate.serialNumber = serial.toString("hex");
  const now = Date.now();
  certificate.validity.notBefore = new Date(now - 60 * 60 * 1000);
  certificate.validity.notAfter = new Date(now + (options.days ?? 3650) * 24 * 60 * 60 * 1000);
  const subject = [{ name: "commonName", value: options.commonName }];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  if (options.serverNames) {
    certificate.setExtensions([
      { name: "basicConstraints", cA: false },
      { name: "keyUsage", digitalSignature: true, keyEncipherment: true },
      { name: "extKeyUsage", serverAuth: true },
      // type 2: DNS name, type 7: IP address.
      {
        name: "subjectAltName",
        altNames: options.serverNames.map((name) => (isIP(name) ? { type: 7, ip: name } : { type: 2, value: name })),
      },
    ]);
  }
  certificate.sign(forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  return { keyPem: privateKey, certPem: forge.pki.certificateToPem(certificate) };
}
