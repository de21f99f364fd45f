import { z } from "zod";
import { commonEnv, httpServerEnv, portNumber, providerEnv, simulatorEnv, snsEnv } from "@svc/config";

/** What the ingester reads from its environment (see packages/config/src/schemas.ts). */
export const ingestEnvSchema = z.object({
  ...commonEnv,
  ...httpServerEnv,
  ...providerEnv,
  ...snsEnv,
  SIMULATOR_CERT_URL: simulatorEnv.SIMULATOR_CERT_URL,
  INGEST_PORT: portNumber(3001),
});

export type IngestEnv = z.output<typeof ingestEnvSchema>;
