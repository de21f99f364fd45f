export { createIngest, type IngestResources } from "./ingest.ts";
export { ingestEnvSchema, type IngestEnv } from "./env.ts";
export { confirmByGet, type ConfirmSubscription } from "./sns/subscription.ts";
