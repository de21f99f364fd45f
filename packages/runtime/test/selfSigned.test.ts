import { createPrivateKey, X509Certificate } from "node:crypto";
import { describe, expect, it } from "@jest/globals";
import { selfSignedCertificate } from "@svc/runtime";

describe("selfSignedCertificate", () => {
  it("signs a certificate for the key it returns, issued by its own subject", () => {
    const { keyPem, certPem } = selfSignedCertificate({ commonName: "sns.test.local", bits: 1024 });
    const certificate = new X509Certificate(certPem);
    expect(certificate.subject).toBe("CN=sns.test.local");
    expect(certificate.issuer).toBe(certificate.subject);
    expect(certificate.checkPrivateKey(createPrivateKey(keyPem))).toBe(true);
    expect(certificate.verify(certificate.publicKey)).toBe(true);
    expect(certificate.subjectAltName).toBeUndefined();
    expect(new Date(certificate.validTo).getTime()).toBeGreaterThan(Date.now() + 3000 * 86_400_000);
  });

  it("names a server's host names and addresses in subjectAltName", () => {
    const certificate = new X509Certificate(
      selfSignedCertificate({ commonName: "localhost", bits: 1024, serverNames: ["localhost", "127.0.0.1", "::1"] }).certPem,
    );
    expect(certificate.subjectAltName).toBe("DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1");
    expect(certificate.checkHost("localhost")).toBe("localhost");
    expect(certificate.checkIP("127.0.0.1")).toBe("127.0.0.1");
  });

  it("can be made already expired", () => {
    const certificate = new X509Certificate(selfSignedCertificate({ commonName: "old", bits: 1024, days: -1 }).certPem);
    expect(new Date(certificate.validTo).getTime()).toBeLessThan(Date.now());
  });
});
