import type { Logger } from "@svc/logger";
import { createSesApiClients, readSesAccount } from "@svc/providers";
import type { SenderEnv } from "./env.ts";

/** The old fixed default, kept for the simulator and for when SES cannot be asked. */
const FALLBACK_SEND_RATE = 14;

/**
 * Recipients per second across all senders: SES_MAX_SEND_RATE when set; with SES otherwise the
 * account's own MaxSendRate (GetAccount), which grows as AWS raises the quota.
 */
export async function resolveMaxSendRate(env: SenderEnv, log: Logger): Promise<number> {
  if (env.SES_MAX_SEND_RATE !== undefined) return env.SES_MAX_SEND_RATE;
  if (env.EMAIL_PROVIDER !== "ses") return FALLBACK_SEND_RATE;
  const clients = createSesApiClients(env);
  try {
    const { maxSendRate } = await readSesAccount(clients.ses);
    if (maxSendRate === null || maxSendRate <= 0) throw new Error("GetAccount returned no MaxSendRate");
    return maxSendRate;
  } catch (error) {
    log.warn({ err: error, fallback: FALLBACK_SEND_RATE }, "could not read the SES account's MaxSendRate; set SES_MAX_SEND_RATE");
    return FALLBACK_SEND_RATE;
  } finally {
    clients.close();
  }
}
