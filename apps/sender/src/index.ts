export { type SenderEnv, senderEnvSchema } from "./env.ts";
export { createSender, type Sender, type SenderResources } from "./sender.ts";
