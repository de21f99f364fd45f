import { commonEnv, httpServerEnv, webhookDispatchEnv, webhookSecretEnv } from "@svc/config";
import { z } from "zod";

export const dispatcherEnvSchema = z.object({ ...commonEnv, ...httpServerEnv, ...webhookSecretEnv, ...webhookDispatchEnv });

export type DispatcherEnv = z.infer<typeof dispatcherEnvSchema>;
