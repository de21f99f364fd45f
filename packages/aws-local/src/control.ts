import { AwsError, type AwsLocalRoutes } from "./server.ts";
import { isHttp } from "./sns/delivery.ts";

/**
 * aws-local's own operations for a client in another process (`main.ts`): what a test does
 * with `aws.visit` or by setting `state`, and what AWS does on its own side.
 *
 * - `POST /_aws-local/confirm-subscriptions` `{endpoint?}`: confirms the pending HTTP(S)
 *   subscriptions (of that endpoint), as visiting their SubscribeURL would. A subscriber in
 *   another process cannot: SubscribeURL names SNS's public host. Answers `{confirmed: [arn]}`.
 * - `POST /_aws-local/verify-identity` `{identity}`: SES finding the identity's DNS records
 *   (verification, DKIM, MAIL FROM) in place.
 */
export function control(routes: AwsLocalRoutes): void {
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
