import { commonEnv, dnsEnv, fileStoreEnv, httpServerEnv, portNumber, requireS3Bucket } from "@svc/config";
import { z } from "zod";
import { MEMORY_PER_MESSAGE_BYTE } from "./spool.ts";

const MIB = 1024 * 1024;

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
    /**
     * Memory one receiver process may hold for messages between the end of their DATA and their
     * record, in MiB (MEMORY_PER_MESSAGE_BYTE times each message's size, taken as its bytes
     * arrive). A message that finds it full is answered 451 4.3.1 and the sending server retries.
     * Size the container's memory limit as this plus about 200 MiB for the process itself.
     */
    INBOUND_MESSAGE_BUDGET_MB: z.coerce
      .number()
      .int()
      .min(1)
      .max(64 * 1024)
      // Two messages of the default 40 MB limit at once.
      .default((2 * 40 * MIB * MEMORY_PER_MESSAGE_BYTE) / MIB),
    /** The part of that budget one client address may hold (0–1]: one sender cannot take it all. */
    INBOUND_BUDGET_CLIENT_SHARE: z.coerce.number().gt(0).max(1).default(0.5),
    /** Where DATA is written while it arrives (one file per message, removed once stored or refused). */
    INBOUND_SPOOL_DIR: z.string().min(1).optional(),
    /** Unknown recipients (550 5.1.1) one session may try; the next gets 421 4.7.0 and the connection closes. */
    INBOUND_MAX_FAILED_RCPTS: z.coerce.number().int().min(1).max(1000).default(10),
    /**
     * Unknown recipients one client address may try within INBOUND_FAILED_RCPT_WINDOW_SECONDS,
     * across sessions and processes (Redis); past it the address gets 421 4.7.0 at connect.
     */
    INBOUND_FAILED_RCPTS_PER_CLIENT: z.coerce.number().int().min(1).max(1_000_000).default(100),
    INBOUND_FAILED_RCPT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
    INBOUND_MAX_CLIENTS: z.coerce.number().int().min(1).max(10_000).default(100),
    INBOUND_SOCKET_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
    INBOUND_SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
  })
  .refine(...requireS3Bucket)
  .refine(
    (env) =>
      env.INBOUND_MESSAGE_BUDGET_MB * MIB * env.INBOUND_BUDGET_CLIENT_SHARE >= env.INBOUND_MAX_MESSAGE_BYTES * MEMORY_PER_MESSAGE_BYTE,
    {
      message: `INBOUND_MESSAGE_BUDGET_MB times INBOUND_BUDGET_CLIENT_SHARE must hold one message of INBOUND_MAX_MESSAGE_BYTES (${MEMORY_PER_MESSAGE_BYTE} bytes of memory per byte), or no message of that size could ever be taken`,
      path: ["INBOUND_MESSAGE_BUDGET_MB"],
    },
  );

export type InboundEnv = z.output<typeof inboundEnvSchema>;
