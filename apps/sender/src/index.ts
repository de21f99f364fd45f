export { createSender, type Sender, type SenderDeps } from "./sender.ts";
export { senderEnvSchema, type SenderEnv } from "./env.ts";
