import { selfSignedCertificate } from "@svc/runtime";

export interface SigningIdentity {
  /** PKCS#8 PEM. */
  privateKeyPem: string;
  /** Self-signed X.509 certificate (PEM) holding the public key. */
  certificatePem: string;
}

/** An RSA key pair with a self-signed certificate, the way SNS publishes its signing key. */
export function createSigningIdentity(options: { commonName?: string; days?: number; bits?: number } = {}): SigningIdentity {
  const { keyPem, certPem } = selfSignedCertificate({
    commonName: options.commonName ?? "sns.simulator.local",
    days: options.days,
    bits: options.bits,
  });
  return { privateKeyPem: keyPem, certificatePem: certPem };
}
