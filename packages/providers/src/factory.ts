import type { providerEnv, sesEnv, simulatorEnv } from "@svc/config";
import type { Logger } from "@svc/logger";
import type { z } from "zod";
import { createSesProvider, type SesProviderOptions } from "./ses/index.ts";
import type { EmailProvider } from "./types.ts";

export type SimulatorEnv = z.output<z.ZodObject<typeof simulatorEnv>>;
export type ProviderFactoryEnv = z.output<z.ZodObject<typeof providerEnv & typeof sesEnv & typeof simulatorEnv>>;

interface SimulatorModule {
  createSimulatorProvider(env: SimulatorEnv, log: Logger): EmailProvider;
}

/**
 * Loaded only when chosen: an install on SES never loads the simulator (its key pair and
 * certificate server have no business in production). The specifier is a variable so that this
 * file does not depend on the simulator at compile time.
 */
const SIMULATOR_MODULE = "./simulator/index.ts";

/** The provider EMAIL_PROVIDER names: `ses`, or `simulator` (the local default). */
export async function createProvider(
  env: ProviderFactoryEnv,
  log: Logger,
  sesOptions?: SesProviderOptions,
): Promise<EmailProvider> {
  switch (env.EMAIL_PROVIDER) {
    case "ses":
      return createSesProvider(env, log.child({ provider: "ses" }), sesOptions);
    case "simulator": {
      const simulator = (await import(SIMULATOR_MODULE)) as SimulatorModule;
      return simulator.createSimulatorProvider(env, log.child({ provider: "simulator" }));
    }
  }
}
