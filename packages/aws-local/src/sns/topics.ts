import { AwsError, type AwsLocalRoutes } from "../server.ts";
import type { AwsLocalState, TopicState } from "../state.ts";
import { XmlMap } from "../xml.ts";
import { publish } from "./delivery.ts";
import { notFound, queryMap, requireParam } from "./query.ts";

/** SNS topics: CreateTopic, DeleteTopic, ListTopics, Get/SetTopicAttributes, Publish. */

const TOPIC_NAME = /^[A-Za-z0-9_-]{1,256}$/;
/** Attributes SNS lets a caller set on a standard topic. */
const SETTABLE_ATTRIBUTES = new Set(["DisplayName", "Policy", "DeliveryPolicy", "SignatureVersion", "TracingConfig", "KmsMasterKeyId"]);
/** SNS's limit on a published message. */
const MAX_MESSAGE_BYTES = 256 * 1024;

export function topics(routes: AwsLocalRoutes): void {
  routes.sns("CreateTopic", ({ params, state }) => {
    state.calls.push("sns:CreateTopic");
    const name = requireParam(params, "Name");
    if (!TOPIC_NAME.test(name)) {
      throw new AwsError("InvalidParameter", "Invalid parameter: Topic Name must be 1-256 letters, digits, underscores or hyphens.");
    }
    const attributes = queryMap(params, "Attributes");
    for (const [attribute, value] of Object.entries(attributes)) checkAttribute(attribute, value);
    const arn = `arn:aws:sns:${state.region}:${state.accountId}:${name}`;
    const existing = state.sns.topics.get(arn);
    if (existing) {
      // CreateTopic is idempotent for the same name; asking for other attributes is an error.
      const differs = Object.entries(attributes).some(([attribute, value]) => existing.attributes[attribute] !== value);
      if (differs)
        throw new AwsError("InvalidParameter", "Invalid parameter: Attributes Reason: Topic already exists with different attributes");
      return { TopicArn: arn };
    }
    state.sns.topics.set(arn, { arn, name, attributes });
    return { TopicArn: arn };
  });

  routes.sns("DeleteTopic", ({ params, state }) => {
    state.calls.push("sns:DeleteTopic");
    const arn = requireParam(params, "TopicArn");
    state.sns.topics.delete(arn);
    for (const [subscriptionArn, subscription] of state.sns.subscriptions) {
      if (subscription.topicArn === arn) state.sns.subscriptions.delete(subscriptionArn);
    }
    return undefined;
  });

  routes.sns("ListTopics", ({ state }) => {
    state.calls.push("sns:ListTopics");
    return { Topics: [...state.sns.topics.keys()].sort().map((arn) => ({ TopicArn: arn })) };
  });

  routes.sns("GetTopicAttributes", ({ params, state }) => {
    state.calls.push("sns:GetTopicAttributes");
    const topic = existingTopic(state, requireParam(params, "TopicArn"));
    const subscriptions = [...state.sns.subscriptions.values()].filter((subscription) => subscription.topicArn === topic.arn);
    return {
      Attributes: new XmlMap({
        TopicArn: topic.arn,
        Owner: state.accountId,
        DisplayName: "",
        SubscriptionsConfirmed: String(subscriptions.filter((subscription) => !subscription.pendingConfirmation).length),
        SubscriptionsPending: String(subscriptions.filter((subscription) => subscription.pendingConfirmation).length),
        SubscriptionsDeleted: "0",
        ...topic.attributes,
      }),
    };
  });

  routes.sns("SetTopicAttributes", ({ params, state }) => {
    state.calls.push("sns:SetTopicAttributes");
    const topic = existingTopic(state, requireParam(params, "TopicArn"));
    const attribute = requireParam(params, "AttributeName");
    const value = params.get("AttributeValue") ?? "";
    checkAttribute(attribute, value);
    topic.attributes[attribute] = value;
    return undefined;
  });

  routes.sns("Publish", ({ params, state, baseUrl }) => {
    state.calls.push("sns:Publish");
    const topic = existingTopic(state, requireParam(params, "TopicArn"));
    const message = requireParam(params, "Message");
    if (Buffer.byteLength(message) > MAX_MESSAGE_BYTES) throw new AwsError("InvalidParameter", "Invalid parameter: Message too long");
    const subject = params.get("Subject");
    return { MessageId: publish(state, topic, { message, ...(subject !== null ? { subject } : {}) }, baseUrl) };
  });
}

export function existingTopic(state: AwsLocalState, arn: string): TopicState {
  const topic = state.sns.topics.get(arn);
  if (!topic) throw notFound("Topic does not exist");
  return topic;
}

function checkAttribute(attribute: string, value: string): void {
  if (!SETTABLE_ATTRIBUTES.has(attribute)) throw new AwsError("InvalidParameter", `Invalid parameter: AttributeName ${attribute}`);
  if (attribute === "SignatureVersion" && value !== "1" && value !== "2") {
    throw new AwsError("InvalidParameter", "Invalid parameter: SignatureVersion must be 1 or 2");
  }
}
