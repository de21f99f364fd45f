export * from "./message.ts";
export { buildStringToSign } from "./stringToSign.ts";
export { signSnsMessage, hasValidSignature, type UnsignedSnsMessage } from "./signature.ts";
export { certUrlPolicy, isTrustedCertUrl, isSnsHostUrl, SNS_HOST_PATTERN, type CertUrlPolicy } from "./certUrl.ts";
export {
  CertificateCache,
  CertificateError,
  parseCertificate,
  type CertificateCacheOptions,
  type FetchCertificateText,
} from "./certificates.ts";
export { SnsVerifier, type SnsVerifierOptions, type Verification, type RefusalClass } from "./verifier.ts";
export { createSigningIdentity, type SigningIdentity } from "./identity.ts";
