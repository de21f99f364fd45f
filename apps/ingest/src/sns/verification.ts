import { recordCertificateFetch } from "@svc/metrics/ingest";
import { CertificateCache, type CertificateCacheOptions, certUrlPolicy, SnsVerifier } from "@svc/sns";
import type { IngestEnv } from "../env.ts";
import type { AcceptedTopics } from "./acceptedTopics.ts";

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

/** SNS_TOPIC_ARNS as a list; empty when unset. */
export function listedTopicArns(env: Pick<IngestEnv, "SNS_TOPIC_ARNS">): string[] {
  return env.SNS_TOPIC_ARNS.split(",")
    .map((arn) => arn.trim())
    .filter((arn) => arn.length > 0);
}

export function createSnsVerifier(env: VerifierEnv, topics: AcceptedTopics, certificates: CertificateCacheOptions = {}): SnsVerifier {
  return new SnsVerifier({
    certUrls: certUrlPolicy(env.SNS_CERT_URL_PATTERN, trustsSimulator(env) ? [env.SIMULATOR_CERT_URL] : []),
    topicArns: listedTopicArns(env),
    acceptsTopic: (topicArn) => topics.accepts(topicArn),
    certificates: new CertificateCache({ onFetch: recordCertificateFetch, ...certificates }),
  });
}
