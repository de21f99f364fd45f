import { recordCertificateFetch } from "@svc/metrics/ingest";
import { CertificateCache, certUrlPolicy, SnsVerifier, type CertificateCacheOptions } from "@svc/sns";
import type { IngestEnv } from "../env.ts";

type VerifierEnv = Pick<
  IngestEnv,
  "SNS_CERT_URL_PATTERN" | "SNS_TOPIC_ARNS" | "SNS_TRUST_SIMULATOR" | "EMAIL_PROVIDER" | "SIMULATOR_CERT_URL"
>;

/**
 * The simulator's certificate is trusted only when asked for AND the install runs on the
 * simulator: flipping EMAIL_PROVIDER to `ses` turns the trust off even if the flag stays on.
 */
export function trustsSimulator(env: VerifierEnv): boolean {
  return env.SNS_TRUST_SIMULATOR && env.EMAIL_PROVIDER === "simulator";
}

export function createSnsVerifier(env: VerifierEnv, certificates: CertificateCacheOptions = {}): SnsVerifier {
  return new SnsVerifier({
    certUrls: certUrlPolicy(env.SNS_CERT_URL_PATTERN, trustsSimulator(env) ? [env.SIMULATOR_CERT_URL] : []),
    topicArns: env.SNS_TOPIC_ARNS.split(",")
      .map((arn) => arn.trim())
      .filter((arn) => arn.length > 0),
    certificates: new CertificateCache({ onFetch: recordCertificateFetch, ...certificates }),
  });
}
