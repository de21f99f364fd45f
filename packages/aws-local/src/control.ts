import { AwsError, type AwsLocalRoutes } from "./server.ts";
import { sentInWindow } from "./ses/account.ts";
import { isHttp } from "./sns/delivery.ts";

function requireBoolean(value: unknown, name: string): boolean {
  if (typeof value !== "boolean") throw new AwsError("ValidationError", `${name} must be true or false.`);
  return value;
}

function requireNumber(value: unknown, name: string, min: number): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value < min)
    throw new AwsError("ValidationError", `${name} must be a number of at least ${min}.`);
  return value;
}

/**
 * aws-local's own operations for a client in another process (`main.ts`): what a test does
 * with `aws.visit` or by setting `state`, and what AWS does on its own side.
 *
 * - `POST /_aws-local/confirm-subscriptions` `{endpoint?}`: confirms the pending HTTP(S)
 *   subscriptions (of that endpoint), as visiting their SubscribeURL would. A subscriber in
 *   another process cannot: SubscribeURL names SNS's public host. Answers `{confirmed: [arn]}`.
 * - `POST /_aws-local/verify-identity` `{identity}`: SES finding the identity's DNS records
 *   (verification, DKIM, MAIL FROM) in place.
 * - `POST /_aws-local/account` `{sendingEnabled?, max24HourSend?, maxSendRate?, sentLast24Hours?,
 *   quotaWindowMs?, enforceSendRate?}`: SES pausing or enabling the account, or changing its quota
 *   (`sentLast24Hours` is what was sent before, beside what SendEmail counts). Answers GetAccount's
 *   SendingEnabled and SendQuota as they now stand.
 * - `POST /_aws-local/subscription-confirmations` `{mode: "post" | "withhold"}`: whether Subscribe
 *   posts a new HTTP(S) subscription its confirmation (withheld, it stays pending).
 * - `POST /_aws-local/unconfirm-subscriptions` `{endpoint?}`: makes the HTTP(S) subscriptions (of
 *   that endpoint) pending again, as if never confirmed. Answers `{unconfirmed: [arn]}`.
 * - `POST /_aws-local/fault` `{mode: "none" | "errors" | "timeouts" | "blackhole", delayMs?, eventDelayMs?}`: makes
 *   this region fail (see RegionFault), or heal with `none`. Answers the fault now in force.
 * - `POST /_aws-local/sent` `{tag}`: how many messages SendEmail took, by the value of their tag
 *   named `tag` (what a test in another process reads from `state.ses.sentEmails`). Answers
 *   `{total, byTag: {value: count}}`; a message without the tag counts in `total` only.
 */
export function control(routes: AwsLocalRoutes): void {
  routes.control("/_aws-local/fault", (body, state) => {
    const modes = ["none", "errors", "timeouts", "blackhole"] as const;
    const mode = modes.find((candidate) => candidate === body.mode);
    if (!mode) throw new AwsError("ValidationError", 'mode must be "none", "errors", "timeouts" or "blackhole".');
    const delayMs = body.delayMs === undefined ? 60_000 : requireNumber(body.delayMs, "delayMs", 0);
    const eventDelayMs = body.eventDelayMs === undefined ? 0 : requireNumber(body.eventDelayMs, "eventDelayMs", 0);
    state.fault = { mode, delayMs, eventDelayMs };
    return { ...state.fault, region: state.region };
  });

  routes.control("/_aws-local/sent", (body, state) => {
    if (typeof body.tag !== "string" || body.tag === "") throw new AwsError("ValidationError", "tag must be a tag name.");
    const byTag: Record<string, number> = {};
    for (const sent of state.ses.sentEmails) {
      const value = sent.tags.find((tag) => tag.Name === body.tag)?.Value;
      if (value !== undefined) byTag[value] = (byTag[value] ?? 0) + 1;
    }
    return { total: state.ses.sentEmails.length, byTag };
  });

  routes.control("/_aws-local/confirm-subscriptions", (body, state) => {
    const endpoint = typeof body.endpoint === "string" ? body.endpoint : null;
    const confirmed: string[] = [];
    for (const subscription of state.sns.subscriptions.values()) {
      if (!subscription.pendingConfirmation || !isHttp(subscription.protocol)) continue;
      if (endpoint !== null && subscription.endpoint !== endpoint) continue;
      subscription.pendingConfirmation = false;
      confirmed.push(subscription.arn);
    }
    return { confirmed };
  });

  routes.control("/_aws-local/account", (body, state) => {
    const account = state.ses.account;
    const quota = { Max24HourSend: 50_000, MaxSendRate: 14, SentLast24Hours: 0, ...account.SendQuota };
    if (body.sendingEnabled !== undefined) account.SendingEnabled = requireBoolean(body.sendingEnabled, "sendingEnabled");
    if (body.max24HourSend !== undefined) quota.Max24HourSend = requireNumber(body.max24HourSend, "max24HourSend", -1);
    if (body.maxSendRate !== undefined) quota.MaxSendRate = requireNumber(body.maxSendRate, "maxSendRate", 0);
    if (body.sentLast24Hours !== undefined) quota.SentLast24Hours = requireNumber(body.sentLast24Hours, "sentLast24Hours", 0);
    if (body.quotaWindowMs !== undefined) state.ses.quota.windowMs = requireNumber(body.quotaWindowMs, "quotaWindowMs", 1);
    if (body.enforceSendRate !== undefined) state.ses.quota.enforceSendRate = requireBoolean(body.enforceSendRate, "enforceSendRate");
    account.SendQuota = quota;
    return {
      SendingEnabled: account.SendingEnabled,
      SendQuota: { ...quota, SentLast24Hours: quota.SentLast24Hours + sentInWindow(state, Date.now()) },
    };
  });

  routes.control("/_aws-local/subscription-confirmations", (body, state) => {
    if (body.mode !== "post" && body.mode !== "withhold") throw new AwsError("ValidationError", 'mode must be "post" or "withhold".');
    state.sns.confirmations = body.mode;
    return { mode: body.mode };
  });

  routes.control("/_aws-local/unconfirm-subscriptions", (body, state) => {
    const endpoint = typeof body.endpoint === "string" ? body.endpoint : null;
    const unconfirmed: string[] = [];
    for (const subscription of state.sns.subscriptions.values()) {
      if (subscription.pendingConfirmation || !isHttp(subscription.protocol)) continue;
      if (endpoint !== null && subscription.endpoint !== endpoint) continue;
      subscription.pendingConfirmation = true;
      unconfirmed.push(subscription.arn);
    }
    return { unconfirmed };
  });

  routes.control("/_aws-local/verify-identity", (body, state) => {
    const name = typeof body.identity === "string" ? body.identity.toLowerCase() : "";
    const identity = state.ses.identities.get(name);
    if (!identity) throw new AwsError("NotFoundException", `Email identity <${name}> does not exist.`, 404);
    identity.verifiedForSending = true;
    identity.verificationStatus = "SUCCESS";
    if (identity.dkim) identity.dkim.status = "SUCCESS";
    if (identity.mailFrom) identity.mailFrom.status = "SUCCESS";
    return { identity: identity.identity, verifiedForSending: true };
  });
}
