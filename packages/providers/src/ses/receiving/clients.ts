import { S3Client } from "@aws-sdk/client-s3";
import { SESClient } from "@aws-sdk/client-ses";
import type { SesInboundClients } from "./reconcile.ts";

export interface SesInboundEnv {
  AWS_REGION: string;
  SES_ENDPOINT?: string | undefined;
  S3_ENDPOINT?: string | undefined;
  S3_FORCE_PATH_STYLE: boolean;
}

/**
 * The classic SES client (receipt rules exist only in the v1 API; SES_ENDPOINT serves both) and
 * S3, for `svc ses setup --inbound`; credentials: the SDK's chain.
 */
export function createSesInboundClients(env: SesInboundEnv): SesInboundClients & { close(): void } {
  const common = { region: env.AWS_REGION, maxAttempts: 3, requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 } };
  const sesClassic = new SESClient({ ...common, ...(env.SES_ENDPOINT ? { endpoint: env.SES_ENDPOINT } : {}) });
  const s3 = new S3Client({
    ...common,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
  });
  return {
    sesClassic,
    s3,
    close() {
      sesClassic.destroy();
      s3.destroy();
    },
  };
}
