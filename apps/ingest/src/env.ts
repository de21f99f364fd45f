import {
  commonEnv,
  fileStoreEnv,
  httpServerEnv,
  portNumber,
  providerEnv,
  requireS3Bucket,
  s3Env,
  sesEnv,
  sesInboundEnv,
  simulatorEnv,
  snsEnv,
} from "@svc/config";
import { z } from "zod";

/** What the ingester reads from its environment (see packages/config/src/schemas.ts). */
export const ingestEnvSchema = z
  .object({
    ...commonEnv,
    ...httpServerEnv,
    ...providerEnv,
    ...snsEnv,
    SIMULATOR_CERT_URL: simulatorEnv.SIMULATOR_CERT_URL,
    /** SES events sent through this set are ours too (it overrides the recorded sets at the sender). */
    SES_CONFIGURATION_SET: sesEnv.SES_CONFIGURATION_SET,
    /** SES receiving: the region's S3 is read for received messages. */
    AWS_REGION: sesEnv.AWS_REGION,
    ...sesInboundEnv,
    ...s3Env,
    /** Where a stored received message's bytes go. */
    ...fileStoreEnv,
    INGEST_PORT: portNumber(3001),
  })
  .refine(...requireS3Bucket);

export type IngestEnv = z.output<typeof ingestEnvSchema>;
