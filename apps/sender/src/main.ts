import { exitOnConfigError, loadEnv } from "@svc/config";
import { createLogger } from "@svc/logger";
import { senderEnvSchema } from "./env.ts";
import { createSender } from "./sender.ts";

/** The sender process: hands queued email to the provider. Scale it by running more of them. */
async function main(): Promise<void> {
  const env = loadEnv(senderEnvSchema);
  const log = createLogger("sender", env.LOG_LEVEL);
  const sender = await createSender({ env, log });
  sender.shutdown.installSignalHandlers();
  await sender.start();
}

main().catch((error: unknown) => {
  exitOnConfigError(error);
});
