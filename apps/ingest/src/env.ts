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
  webhookSecretEnv,
} from "@svc/config";
import { INBOUND_MEMORY_PER_BYTE } from "@svc/core";
import { z } from "zod";

const MIB = 1024 * 1024;

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
    // The install's secret key: one-click unsubscribe tokens are verified with keys derived from it.
    ...webhookSecretEnv,
    /**
     * Unsubscribe page views and posts per client address per minute, in each ingester process.
     * Generous: a mailbox provider posts many recipients' unsubscribes from few addresses, and
     * behind a balancer every client shares its address. A forged token costs one HMAC and no write.
     */
    UNSUBSCRIBE_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
    /**
     * Memory the ingester may hold for received messages (SES receiving) from their read until
     * they are stored, in MiB (INBOUND_MEMORY_PER_BYTE times each message's size). A notification
     * that finds it full is answered 503 and SNS retries it.
     */
    INGEST_RECEIVING_BUDGET_MB: z.coerce
      .number()
      .int()
      .min(1)
      .max(64 * 1024)
      .default((2 * 40 * MIB * INBOUND_MEMORY_PER_BYTE) / MIB),
  })
  .refine(...requireS3Bucket)
  .refine((env) => env.INGEST_RECEIVING_BUDGET_MB * MIB >= env.SES_INBOUND_MAX_BYTES * INBOUND_MEMORY_PER_BYTE, {
    message: `INGEST_RECEIVING_BUDGET_MB must hold one message of SES_INBOUND_MAX_BYTES (${INBOUND_MEMORY_PER_BYTE} bytes of memory per byte)`,
    path: ["INGEST_RECEIVING_BUDGET_MB"],
  });

export type IngestEnv = z.output<typeof ingestEnvSchema>;
