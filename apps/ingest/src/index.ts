export { createIngestApp, type IngestDeps } from "./app.ts";
export { ingestEnvSchema, type IngestEnv } from "./env.ts";
export { createSnsVerifier, trustsSimulator } from "./sns/verification.ts";
export { confirmByGet, type ConfirmSubscription } from "./sns/subscription.ts";
export { parseSesMessage, type ParsedSesMessage, type SesEvent } from "./ses/parse.ts";
