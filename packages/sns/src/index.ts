export {
  CertificateCache,
  type CertificateCacheOptions,
  CertificateError,
  type FetchCertificateText,
  parseCertificate,
} from "./certificates.ts";
export { type CertUrlPolicy, certUrlPolicy, isSnsHostUrl, isTrustedCertUrl, SNS_HOST_PATTERN } from "./certUrl.ts";
export { createSigningIdentity, type SigningIdentity } from "./identity.ts";
export * from "./message.ts";
export { hasValidSignature, signSnsMessage, type UnsignedSnsMessage } from "./signature.ts";
export { SIGNING_THREAD_NAME, SigningThread } from "./signingThread.ts";
export { buildStringToSign } from "./stringToSign.ts";
export { type RefusalClass, SnsVerifier, type SnsVerifierOptions, type Verification } from "./verifier.ts";
