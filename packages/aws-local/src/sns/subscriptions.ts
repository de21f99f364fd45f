import { randomBytes, randomUUID } from "node:crypto";
import { AwsError, type AwsLocalRoutes } from "../server.ts";
import type { AwsLocalState, SubscriptionState } from "../state.ts";
import { XmlMap } from "../xml.ts";
import { isHttp, sendSubscriptionConfirmation } from "./delivery.ts";
import { notFound, requireParam } from "./query.ts";
import { existingTopic } from "./topics.ts";

/**
 * SNS subscriptions: Subscribe (an HTTP(S) endpoint gets a signed SubscriptionConfirmation and
 * stays pending until its SubscribeURL is visited), ConfirmSubscription, Unsubscribe,
 * ListSubscriptionsByTopic and GetSubscriptionAttributes.
 */

const PROTOCOLS = new Set(["http", "https", "email", "email-json", "sqs", "lambda", "firehose", "application", "sms"]);
/** What SNS answers in place of an ARN for a subscription not yet confirmed. */
const PENDING_ANSWER = "pending confirmation";
const PENDING_LISTED = "PendingConfirmation";

export function subscriptions(routes: AwsLocalRoutes): void {
  routes.sns("Subscribe", ({ params, state, baseUrl }) => {
    state.calls.push("sns:Subscribe");
    const topic = existingTopic(state, requireParam(params, "TopicArn"));
    const protocol = requireParam(params, "Protocol");
    if (!PROTOCOLS.has(protocol))
      throw new AwsError("InvalidParameter", "Invalid parameter: Amazon SNS does not support this protocol string");
    const endpoint = requireParam(params, "Endpoint");
    if (isHttp(protocol) && !endpoint.startsWith(`${protocol}://`)) {
      throw new AwsError("InvalidParameter", `Invalid parameter: Endpoint must match the specified protocol`);
    }
    const returnArn = params.get("ReturnSubscriptionArn") === "true";

    const existing = [...state.sns.subscriptions.values()].find(
      (subscription) => subscription.topicArn === topic.arn && subscription.protocol === protocol && subscription.endpoint === endpoint,
    );
    // Subscribing again returns the same subscription; a pending one gets its confirmation again.
    const subscription: SubscriptionState = existing ?? {
      arn: `${topic.arn}:${randomUUID()}`,
      topicArn: topic.arn,
      protocol,
      endpoint,
      token: randomBytes(64).toString("hex"),
      pendingConfirmation: isHttp(protocol),
    };
    if (!existing) state.sns.subscriptions.set(subscription.arn, subscription);
    if (subscription.pendingConfirmation && state.sns.confirmations === "post")
      sendSubscriptionConfirmation(state, topic, subscription, baseUrl);
    return { SubscriptionArn: subscription.pendingConfirmation && !returnArn ? PENDING_ANSWER : subscription.arn };
  });

  routes.sns("ConfirmSubscription", ({ params, state }) => {
    state.calls.push("sns:ConfirmSubscription");
    const topicArn = requireParam(params, "TopicArn");
    const token = requireParam(params, "Token");
    existingTopic(state, topicArn);
    const subscription = [...state.sns.subscriptions.values()].find(
      (candidate) => candidate.topicArn === topicArn && candidate.token === token,
    );
    if (!subscription) throw new AwsError("InvalidParameter", "Invalid token");
    subscription.pendingConfirmation = false;
    return { SubscriptionArn: subscription.arn };
  });

  routes.sns("Unsubscribe", ({ params, state }) => {
    state.calls.push("sns:Unsubscribe");
    const arn = requireParam(params, "SubscriptionArn");
    if (!state.sns.subscriptions.delete(arn)) throw notFound("Subscription does not exist");
    return undefined;
  });

  routes.sns("ListSubscriptionsByTopic", ({ params, state }) => {
    state.calls.push("sns:ListSubscriptionsByTopic");
    const topic = existingTopic(state, requireParam(params, "TopicArn"));
    return {
      Subscriptions: [...state.sns.subscriptions.values()]
        .filter((subscription) => subscription.topicArn === topic.arn)
        .map((subscription) => ({
          SubscriptionArn: subscription.pendingConfirmation ? PENDING_LISTED : subscription.arn,
          Owner: state.accountId,
          Protocol: subscription.protocol,
          Endpoint: subscription.endpoint,
          TopicArn: subscription.topicArn,
        })),
    };
  });

  routes.sns("GetSubscriptionAttributes", ({ params, state }) => {
    state.calls.push("sns:GetSubscriptionAttributes");
    const subscription = existingSubscription(state, requireParam(params, "SubscriptionArn"));
    return {
      Attributes: new XmlMap({
        SubscriptionArn: subscription.arn,
        TopicArn: subscription.topicArn,
        Owner: state.accountId,
        Protocol: subscription.protocol,
        Endpoint: subscription.endpoint,
        PendingConfirmation: String(subscription.pendingConfirmation),
        ConfirmationWasAuthenticated: String(!subscription.pendingConfirmation),
        RawMessageDelivery: "false",
      }),
    };
  });
}

function existingSubscription(state: AwsLocalState, arn: string): SubscriptionState {
  const subscription = state.sns.subscriptions.get(arn);
  if (!subscription) throw notFound("Subscription does not exist");
  return subscription;
}
