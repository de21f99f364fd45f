import { z } from "zod";

/** A topic names a kind of mail a recipient can leave (`newsletter`, `billing.reminders`). */
export const TOPIC_LIMITS = { maxLength: 64 } as const;
const TOPIC_CHARACTERS = /^[A-Za-z0-9][A-Za-z0-9_.:-]*$/;

export const topicSchema = z
  .string({ error: (issue) => (issue.input === undefined ? "is required" : "must be a string") })
  .min(1, { error: "must not be empty" })
  .max(TOPIC_LIMITS.maxLength, { error: `must be at most ${TOPIC_LIMITS.maxLength} characters` })
  .regex(TOPIC_CHARACTERS, { error: "may contain only ASCII letters, digits, _ . : and - (starting with a letter or digit)" });

/** `unsubscribe` of a send request: the email gets one-click List-Unsubscribe headers for this topic. */
export const unsubscribeField = z
  .strictObject(
    { topic: topicSchema },
    {
      error: (issue) => (issue.code === "unrecognized_keys" ? `unknown field(s): ${issue.keys.join(", ")}` : "must be an object {topic}"),
    },
  )
  .meta({
    description:
      "One-click unsubscribe (RFC 8058): the message gets List-Unsubscribe and List-Unsubscribe-Post headers whose link unsubscribes the recipient from `topic` in this workspace; later emails of that topic to that address end `failed` with a `rejected` event (reason `unsubscribed`). Needs exactly one recipient, in `to`, and no List-Unsubscribe header in `headers` (at most 13 headers).",
    example: { topic: "newsletter" },
  });

/** The headers the service writes for an email with a topic (lower-cased): a caller may not give them too. */
export const UNSUBSCRIBE_HEADER_NAMES: readonly string[] = ["list-unsubscribe", "list-unsubscribe-post"];

/** True for a string the topic rule accepts (a REST path or query value). */
export function isTopic(value: string): boolean {
  return topicSchema.safeParse(value).success;
}
