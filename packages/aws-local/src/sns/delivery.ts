import { randomUUID } from "node:crypto";
import { isSignatureVersion, type SignatureVersion, signSnsMessage } from "@svc/sns";
import type { AwsLocalState, SnsDelivery, SubscriptionState, TopicState } from "../state.ts";

/**
 * Posts messages to HTTP(S) subscribers the way SNS does: a JSON envelope signed with this
 * server's key (SignatureVersion from the topic's attribute, 1 by default), sent as `text/plain`
 * with SNS's headers. Posts run after the API call has answered, as with SNS; `pending` holds
 * them so that tests can wait for them (`AwsLocal.settled()`). A failed notification is posted
 * again as `state.sns.retry` says (not at all unless aws-local was started with a policy).
 */

const POST_TIMEOUT_MS = 10_000;

export function snsLinks(state: AwsLocalState, baseUrl: string) {
  const publicUrl = state.sns.publicUrl;
  return {
    signingCertUrl: `${baseUrl}${state.sns.certificatePath}`,
    subscribeUrl: (subscription: SubscriptionState) =>
      `${publicUrl}/?Action=ConfirmSubscription&TopicArn=${encodeURIComponent(subscription.topicArn)}&Token=${subscription.token}`,
    unsubscribeUrl: (subscription: SubscriptionState) =>
      `${publicUrl}/?Action=Unsubscribe&SubscriptionArn=${encodeURIComponent(subscription.arn)}`,
  };
}

export function sendSubscriptionConfirmation(
  state: AwsLocalState,
  topic: TopicState,
  subscription: SubscriptionState,
  baseUrl: string,
): void {
  const links = snsLinks(state, baseUrl);
  const message = signSnsMessage(
    {
      Type: "SubscriptionConfirmation" as const,
      MessageId: randomUUID(),
      Token: subscription.token,
      TopicArn: topic.arn,
      Message: `You have chosen to subscribe to the topic ${topic.arn}.\nTo confirm the subscription, visit the SubscribeURL included in this message.`,
      SubscribeURL: links.subscribeUrl(subscription),
      Timestamp: new Date().toISOString(),
      SigningCertURL: links.signingCertUrl,
    },
    state.sns.signing.privateKeyPem,
    signatureVersion(topic),
  );
  post(state, subscription, message);
}

/** Delivers `message` to every confirmed HTTP(S) subscriber of the topic; returns the message id. */
export function publish(state: AwsLocalState, topic: TopicState, body: { message: string; subject?: string }, baseUrl: string): string {
  const messageId = randomUUID();
  const links = snsLinks(state, baseUrl);
  for (const subscription of state.sns.subscriptions.values()) {
    if (subscription.topicArn !== topic.arn || subscription.pendingConfirmation || !isHttp(subscription.protocol)) continue;
    const message = signSnsMessage(
      {
        Type: "Notification" as const,
        MessageId: messageId,
        TopicArn: topic.arn,
        ...(body.subject !== undefined ? { Subject: body.subject } : {}),
        Message: body.message,
        Timestamp: new Date().toISOString(),
        SigningCertURL: links.signingCertUrl,
        UnsubscribeURL: links.unsubscribeUrl(subscription),
      },
      state.sns.signing.privateKeyPem,
      signatureVersion(topic),
    );
    post(state, subscription, message);
  }
  return messageId;
}

export function isHttp(protocol: string): boolean {
  return protocol === "http" || protocol === "https";
}

function signatureVersion(topic: TopicState): SignatureVersion {
  const version = topic.attributes.SignatureVersion ?? "1";
  return isSignatureVersion(version) ? version : "1";
}

function post(
  state: AwsLocalState,
  subscription: SubscriptionState,
  message: { Type: "SubscriptionConfirmation" | "Notification"; MessageId: string; TopicArn: string },
): void {
  const body = JSON.stringify(message);
  const delivery: SnsDelivery = {
    type: message.Type,
    topicArn: message.TopicArn,
    endpoint: subscription.endpoint,
    messageId: message.MessageId,
    status: "pending",
    attempts: 0,
    body,
  };
  state.sns.deliveries.push(delivery);
  const attempt = async () => {
    delivery.attempts += 1;
    try {
      const response = await fetch(subscription.endpoint, {
        method: "POST",
        headers: {
          "content-type": "text/plain; charset=UTF-8",
          "x-amz-sns-message-type": message.Type,
          "x-amz-sns-message-id": message.MessageId,
          "x-amz-sns-topic-arn": message.TopicArn,
          ...(message.Type === "Notification" ? { "x-amz-sns-subscription-arn": subscription.arn } : {}),
          "user-agent": "Amazon Simple Notification Service Agent",
        },
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(POST_TIMEOUT_MS),
      });
      await response.body?.cancel();
      delivery.status = response.status;
    } catch (error) {
      delivery.status = error instanceof Error ? error.message : String(error);
    }
  };
  const sent = (async () => {
    await attempt();
    // SNS retries a notification (not a confirmation: Subscribe asks again) its subscriber failed.
    while (message.Type === "Notification" && failed(delivery.status) && delivery.attempts <= state.sns.retry.retries) {
      await new Promise((resolve) => setTimeout(resolve, state.sns.retry.delayMs));
      await attempt();
    }
  })().finally(() => state.sns.pending.delete(sent));
  state.sns.pending.add(sent);
}

/** What SNS's HTTP(S) delivery policy retries: no answer, a server error, 408 or 429. */
function failed(status: number | string): boolean {
  return typeof status === "string" || status >= 500 || status === 408 || status === 429;
}
