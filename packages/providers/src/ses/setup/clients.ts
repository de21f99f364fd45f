import { SESv2Client } from "@aws-sdk/client-sesv2";
import { SNSClient } from "@aws-sdk/client-sns";

/** The SES and SNS API clients `svc ses setup` and `svc ses status` use (credentials: the SDK's chain). */
export interface SesApiClients {
  ses: SESv2Client;
  sns: SNSClient;
  close(): void;
}

export interface SesApiEnv {
  AWS_REGION: string;
  SES_ENDPOINT?: string | undefined;
  SNS_ENDPOINT?: string | undefined;
}

/** A region's SES and SNS endpoints as SesApiEnv names them (see sesRegionsOf in @svc/config). */
export function sesApiEnvOf(region: { region: string; sesEndpoint?: string | undefined; snsEndpoint?: string | undefined }): SesApiEnv {
  return { AWS_REGION: region.region, SES_ENDPOINT: region.sesEndpoint, SNS_ENDPOINT: region.snsEndpoint };
}

export function createSesApiClients(env: SesApiEnv, options: { maxAttempts?: number; timeoutMs?: number } = {}): SesApiClients {
  // A few SDK retries are right here, unlike for sends: these calls are idempotent reads and
  // creates that an operator is waiting on. A probe of a region tries once, briefly.
  const timeoutMs = options.timeoutMs ?? 30_000;
  const common = {
    region: env.AWS_REGION,
    maxAttempts: options.maxAttempts ?? 3,
    requestHandler: { connectionTimeout: Math.min(5_000, timeoutMs), requestTimeout: timeoutMs, throwOnRequestTimeout: true },
  };
  const ses = new SESv2Client({ ...common, ...(env.SES_ENDPOINT ? { endpoint: env.SES_ENDPOINT } : {}) });
  const sns = new SNSClient({ ...common, ...(env.SNS_ENDPOINT ? { endpoint: env.SNS_ENDPOINT } : {}) });
  return {
    ses,
    sns,
    close() {
      ses.destroy();
      sns.destroy();
    },
  };
}
