export { type InboundEnv, inboundEnvSchema } from "./env.ts";
export { createInbound, type InboundResources } from "./inbound.ts";
export { ClientRateLimit } from "./rateLimit.ts";
