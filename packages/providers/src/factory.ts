import type { providerEnv, sesEnv, simulatorEnv } from "@svc/config";
import type { Logger } from "@svc/logger";
import type { z } from "zod";
import { createSesProvider, type SesProviderOptions } from "./ses/index.ts";
import type { EmailProvider, FindAcceptedEmails } from "./types.ts";

export type ProviderFactoryEnv = z.output<z.ZodObject<typeof providerEnv & typeof sesEnv & typeof simulatorEnv>>;

/** The provider EMAIL_PROVIDER names: `ses`, or `simulator` (the local default). */
export async function createProvider(
  env: ProviderFactoryEnv,
  log: Logger,
  sesOptions?: SesProviderOptions,
  /** For the simulator: where it finds, after a crash, the emails whose events it still owes. */
  simulatorOptions: { findAccepted?: FindAcceptedEmails } = {},
): Promise<EmailProvider> {
  switch (env.EMAIL_PROVIDER) {
    case "ses":
      return createSesProvider(env, log.child({ provider: "ses" }), sesOptions);
    case "simulator": {
      // Loaded only when chosen: an install on SES never loads the simulator (its key pair and
      // certificate server have no business in production).
      const { createSimulatorProvider } = await import("./simulator/index.ts");
      return createSimulatorProvider(env, log.child({ provider: "simulator" }), {
        ...simulatorOptions,
        ...(env.SES_CONFIGURATION_SET ? { configurationSet: env.SES_CONFIGURATION_SET } : {}),
      });
    }
  }
}
