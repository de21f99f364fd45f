import type { SnsMessage } from "./message.ts";

/**
 * The canonical string SNS signs: selected fields, in byte order of their names, each as
 * "Name\nValue\n" (AWS docs, "Verifying the signatures of Amazon SNS messages").
 *
 * Notification: Message, MessageId, Subject (only when present), Timestamp, TopicArn, Type.
 * Subscription/UnsubscribeConfirmation: Message, MessageId, SubscribeURL, Timestamp, Token,
 * TopicArn, Type.
 */
export function buildStringToSign(message: SnsMessage): string {
  const fields: Array<[string, string | undefined]> =
    message.Type === "Notification"
      ? [
          ["Message", message.Message],
          ["MessageId", message.MessageId],
          ["Subject", message.Subject],
          ["Timestamp", message.Timestamp],
          ["TopicArn", message.TopicArn],
          ["Type", message.Type],
        ]
      : [
          ["Message", message.Message],
          ["MessageId", message.MessageId],
          ["SubscribeURL", message.SubscribeURL],
          ["Timestamp", message.Timestamp],
          ["Token", message.Token],
          ["TopicArn", message.TopicArn],
          ["Type", message.Type],
        ];
  let out = "";
  for (const [name, value] of fields) {
    if (value === undefined) continue;
    out += `${name}\n${value}\n`;
  }
  return out;
}
