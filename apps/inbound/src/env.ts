import { commonEnv, dnsEnv, fileStoreEnv, httpServerEnv, portNumber, requireS3Bucket } from "@svc/config";
import { z } from "zod";

export const inboundEnvSchema = z
  .object({
    ...commonEnv,
    ...fileStoreEnv,
    ...httpServerEnv,
    ...dnsEnv,
    /** The MX port: 25 in production (binding it needs the privilege); 2525 locally. */
    INBOUND_PORT: portNumber(2525),
    /** The receiver's health server (/healthz, /readyz). */
    INBOUND_HEALTH_PORT: portNumber(3007),
    /** The name the receiver greets with and puts in its verdicts (authserv-id). */
    INBOUND_HOSTNAME: z.string().min(1).default("localhost"),
    /** The largest message taken (advertised as SIZE; larger ones get 552). */
    INBOUND_MAX_MESSAGE_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(150 * 1024 * 1024)
      .default(40 * 1024 * 1024),
    /** Recipients one message may have. */
    INBOUND_MAX_RECIPIENTS: z.coerce.number().int().min(1).max(1000).default(100),
    /** Messages one client address may deliver per minute (per process); more get 451 4.7.1. */
    INBOUND_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
    INBOUND_MAX_CLIENTS: z.coerce.number().int().min(1).max(10_000).default(100),
    INBOUND_SOCKET_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
    INBOUND_SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
  })
  .refine(...requireS3Bucket);

export type InboundEnv = z.output<typeof inboundEnvSchema>;
