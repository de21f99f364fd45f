import { commonEnv, dnsEnv, sesEnv, webhookSecretEnv } from "@svc/config";
import { z } from "zod";

/** The CLI runs against the same environment as the services it administers. */
export const cliEnvSchema = z.object({ ...commonEnv, ...dnsEnv, ...webhookSecretEnv, ...sesEnv });

export type CliConfig = z.infer<typeof cliEnvSchema>;
