import { generateKeyPairSync, randomBytes } from "node:crypto";
import forge from "node-forge";

export interface SigningIdentity {
  /** PKCS#8 PEM. */
  privateKeyPem: string;
  /** Self-signed X.509 certificate (PEM) holding the public key. */
  certificatePem: string;
}

/**
 * An RSA key pair with a self-signed certificate, the way SNS publishes its signing key. Node's
 * crypto can make keys but not certificates, so node-forge (pure JS, no native parts, no
 * `openssl` binary needed) builds the certificate around a key Node generated.
 */
export function createSigningIdentity(options: { commonName?: string; days?: number; bits?: number } = {}): SigningIdentity {
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
  const subject = [{ name: "commonName", value: options.commonName ?? "sns.simulator.local" }];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  certificate.sign(forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  return { privateKeyPem: privateKey, certificatePem: forge.pki.certificateToPem(certificate) };
}
