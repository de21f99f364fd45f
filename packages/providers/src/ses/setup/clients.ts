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

export function createSesApiClients(env: SesApiEnv): SesApiClients {
  // A few SDK retries are right here, unlike for sends: these calls are idempotent reads and
  // creates that an operator is waiting on.
  const common = { region: env.AWS_REGION, maxAttempts: 3, requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 } };
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
