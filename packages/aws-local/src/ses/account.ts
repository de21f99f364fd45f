import type { GetAccountResponse } from "@aws-sdk/client-sesv2";
import { AwsError, type AwsLocalRoutes } from "../server.ts";
import type { AwsLocalState } from "../state.ts";

/**
 * SES v2 GetAccount: the sending quota, sandbox and enforcement state kept in `state.ses.account`,
 * with SentLast24Hours counting what SendEmail took within the quota's window.
 */
export function account(routes: AwsLocalRoutes): void {
  routes.ses("GET", "/v2/email/account", ({ state }): GetAccountResponse => {
    state.calls.push("ses:GetAccount");
    const quota = state.ses.account.SendQuota;
    return {
      ...state.ses.account,
      ...(quota ? { SendQuota: { ...quota, SentLast24Hours: (quota.SentLast24Hours ?? 0) + sentInWindow(state, Date.now()) } } : {}),
    };
  });
}

/** Recipients SendEmail took within the window ending `now` (older entries are dropped). */
export function sentInWindow(state: AwsLocalState, now: number, windowMs = state.ses.quota.windowMs): number {
  const { quota } = state.ses;
  while (quota.sends.length > 0 && quota.sends[0]!.at <= now - quota.windowMs) quota.sends.shift();
  return quota.sends.filter((send) => send.at > now - windowMs).reduce((sum, send) => sum + send.recipients, 0);
}

/**
 * Takes `recipients` of the account's quota for one SendEmail, or refuses it as SES does: a
 * paused account, the 24-hour quota passed, the send rate passed (when enforced).
 */
export function takeQuota(state: AwsLocalState, recipients: number): void {
  const { account } = state.ses;
  if (account.SendingEnabled === false) throw new AwsError("SendingPausedException", "Sending is paused for this account.");
  const now = Date.now();
  const max = account.SendQuota?.Max24HourSend ?? -1;
  const before = account.SendQuota?.SentLast24Hours ?? 0;
  if (max >= 0 && before + sentInWindow(state, now) + recipients > max)
    throw new AwsError("ThrottlingException", "Daily message quota exceeded.");
  const rate = account.SendQuota?.MaxSendRate ?? 0;
  if (state.ses.quota.enforceSendRate && rate > 0 && sentInWindow(state, now, 1_000) + recipients > rate)
    throw new AwsError("ThrottlingException", "Maximum sending rate exceeded.");
  state.ses.quota.sends.push({ at: now, recipients });
}
