export { createSender, type Sender, type SenderResources } from "./sender.ts";
export { senderEnvSchema, type SenderEnv } from "./env.ts";
