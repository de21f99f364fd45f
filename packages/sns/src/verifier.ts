import type { X509Certificate } from "node:crypto";
import { assertCurrentlyValid, type CertificateCache, CertificateError } from "./certificates.ts";
import { type CertUrlPolicy, isTrustedCertUrl } from "./certUrl.ts";
import { isSignatureVersion, type SnsMessage, snsMessageSchema } from "./message.ts";
import { hasValidSignature } from "./signature.ts";

export interface SnsVerifierOptions {
  certUrls: CertUrlPolicy;
  /** TopicArn allow-list; empty accepts any topic (unless acceptsTopic decides). */
  topicArns: readonly string[];
  /**
   * Decides for topics outside an empty `topicArns` (topics recorded in the database, say).
   * Asked before any certificate is fetched.
   */
  acceptsTopic?: (topicArn: string) => boolean | Promise<boolean>;
  certificates: CertificateCache;
}

/**
 * Why a message was refused, in words safe to log: never the signature, never the message body.
 */
export type Verification = { ok: true; message: SnsMessage } | { ok: false; reason: string; reasonClass: RefusalClass };

/** Which check refused a message: few values, so a metric can be labelled with it. */
export type RefusalClass = "malformed" | "signature_version" | "cert_url" | "topic" | "certificate" | "signature";

/**
 * Decides whether a parsed request body is a genuine SNS message from a topic we accept. The
 * cheap checks come first so that junk never makes us fetch a certificate.
 */
export class SnsVerifier {
  constructor(private readonly options: SnsVerifierOptions) {}

  async verify(body: unknown): Promise<Verification> {
    const parsed = snsMessageSchema.safeParse(body);
    if (!parsed.success) {
      const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join(".") || "Type"))];
      return { ok: false, reasonClass: "malformed", reason: `not a well-formed SNS message (${fields.join(", ")})` };
    }
    const message = parsed.data;
    const version = message.SignatureVersion;
    if (!isSignatureVersion(version)) {
      return { ok: false, reasonClass: "signature_version", reason: `unsupported SignatureVersion ${JSON.stringify(version.slice(0, 8))}` };
    }
    if (!isTrustedCertUrl(message.SigningCertURL, this.options.certUrls)) {
      return { ok: false, reasonClass: "cert_url", reason: `untrusted SigningCertURL ${describeUrl(message.SigningCertURL)}` };
    }
    const topics = this.options.topicArns;
    if (topics.length > 0 && !topics.includes(message.TopicArn)) {
      return { ok: false, reasonClass: "topic", reason: `TopicArn ${message.TopicArn} is not in SNS_TOPIC_ARNS` };
    }
    if (topics.length === 0 && this.options.acceptsTopic && !(await this.options.acceptsTopic(message.TopicArn))) {
      return { ok: false, reasonClass: "topic", reason: `TopicArn ${message.TopicArn} is not an accepted topic` };
    }
    let certificate: X509Certificate;
    try {
      certificate = await this.options.certificates.get(message.SigningCertURL);
      assertCurrentlyValid(certificate);
    } catch (error) {
      const detail = error instanceof CertificateError ? error.message : "the signing certificate could not be loaded";
      return { ok: false, reasonClass: "certificate", reason: detail };
    }
    if (!hasValidSignature(message, certificate.publicKey, version)) {
      return { ok: false, reasonClass: "signature", reason: `signature (v${version}) does not verify` };
    }
    return { ok: true, message };
  }
}

/** Enough of a URL to recognise it in a log line, bounded in length. */
function describeUrl(url: string): string {
  return JSON.stringify(url.length > 200 ? `${url.slice(0, 200)}…` : url);
}
