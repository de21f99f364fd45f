export { type IngestEnv, ingestEnvSchema } from "./env.ts";
export { createIngest, type IngestResources } from "./ingest.ts";
export { type ConfirmSubscription, confirmByGet } from "./sns/subscription.ts";
