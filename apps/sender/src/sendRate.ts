import type { Logger } from "@svc/logger";
import type { SesAccountView } from "@svc/providers";
import type { SenderEnv } from "./env.ts";

/** The old fixed default, kept for the simulator and for when SES cannot be asked. */
const FALLBACK_SEND_RATE = 14;

/**
 * Recipients per second across all senders: SES_MAX_SEND_RATE when set; with SES otherwise the
 * account's own MaxSendRate (GetAccount, read at start), which grows as AWS raises the quota.
 */
export function resolveMaxSendRate(env: SenderEnv, account: SesAccountView | null, log: Logger): number {
  if (env.SES_MAX_SEND_RATE !== undefined) return env.SES_MAX_SEND_RATE;
  if (env.EMAIL_PROVIDER !== "ses") return FALLBACK_SEND_RATE;
  const maxSendRate = account?.maxSendRate ?? null;
  if (maxSendRate === null || maxSendRate <= 0) {
    log.warn({ fallback: FALLBACK_SEND_RATE }, "could not read the SES account's MaxSendRate; set SES_MAX_SEND_RATE");
    return FALLBACK_SEND_RATE;
  }
  return maxSendRate;
}
