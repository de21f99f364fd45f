export { ClientRateLimit } from "@svc/runtime";
export { type InboundEnv, inboundEnvSchema } from "./env.ts";
export { createInbound, type InboundResources } from "./inbound.ts";
