import { z } from "zod";

/** Reusable env fragments. Defaults are the local single-machine setup. */

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

const booleanFlag = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no"])
    .default(fallback ? "true" : "false")
    .transform((value) => value === "true" || value === "1" || value === "yes");

export const flag = booleanFlag;
export const portNumber = port;

export const databaseEnv = {
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgresql:// URL")
    .default("postgresql://postgres@127.0.0.1:5432/svc"),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
};

export const redisEnv = {
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// URL")
    .default("redis://127.0.0.1:6379"),
  /** Key prefix for every queue; lets several installs (or test runs) share one Redis. */
  QUEUE_PREFIX: z.string().min(1).max(64).default("svc"),
};

export const logEnv = {
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
};

/** Shared by every process that creates or reads webhook signing secrets. */
export const webhookSecretEnv = {
  /**
   * 32 bytes, hex or base64, for AES-256-GCM encryption of webhook signing secrets at rest.
   * The default is for local development only; production sets its own.
   */
  WEBHOOK_SECRET_KEY: z
    .string()
    .min(32, "must be 32 bytes as hex (64 chars) or base64 (44 chars)")
    .default("6c6f63616c2d6465762d6f6e6c792d6b65792d6368616e67652d6d6521212121"),
};

export const commonEnv = { ...databaseEnv, ...redisEnv, ...logEnv };
