import {
  commonEnv,
  dnsEnv,
  domainClaimEnv,
  inboundMxEnv,
  providerEnv,
  s3Env,
  sesEnv,
  sesInboundEnv,
  webhookReplayEnv,
  webhookSecretEnv,
} from "@svc/config";
import { z } from "zod";

/**
 * The CLI runs against the same environment as the services it administers: with
 * EMAIL_PROVIDER=ses, domain and test-recipient commands also manage the SES identities.
 */
export const cliEnvSchema = z.object({
  ...commonEnv,
  ...dnsEnv,
  ...domainClaimEnv,
  ...webhookSecretEnv,
  ...webhookReplayEnv,
  ...providerEnv,
  ...sesEnv,
  ...sesInboundEnv,
  ...inboundMxEnv,
  ...s3Env,
});

export type CliConfig = z.infer<typeof cliEnvSchema>;
