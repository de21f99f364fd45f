import { z } from "zod";

/**
 * The SNS HTTP(S) message envelope, as SNS posts it. Only the fields that take part in
 * verification or routing are declared; anything else SNS adds is kept but ignored.
 */
// SNS never puts U+0000 in its envelope fields; one that does is not an SNS message (and could
// not be stored: PostgreSQL text refuses it).
const nonEmpty = z
  .string()
  .min(1)
  .regex(/^[^\u0000]*$/, "must not contain U+0000");

const common = {
  MessageId: nonEmpty.max(256),
  TopicArn: nonEmpty.max(1024),
  Message: z.string().max(256 * 1024),
  Timestamp: nonEmpty.max(64),
  SignatureVersion: nonEmpty.max(8),
  Signature: nonEmpty.max(4096),
  SigningCertURL: nonEmpty.max(2048),
};

export const notificationSchema = z.looseObject({
  Type: z.literal("Notification"),
  ...common,
  Subject: z.string().max(1024).optional(),
  UnsubscribeURL: z.string().max(2048).optional(),
});

export const confirmationSchema = z.looseObject({
  Type: z.enum(["SubscriptionConfirmation", "UnsubscribeConfirmation"]),
  ...common,
  Token: nonEmpty.max(2048),
  SubscribeURL: nonEmpty.max(2048),
});

export const snsMessageSchema = z.discriminatedUnion("Type", [notificationSchema, confirmationSchema]);

export type SnsNotification = z.infer<typeof notificationSchema>;
export type SnsConfirmation = z.infer<typeof confirmationSchema>;
export type SnsMessage = z.infer<typeof snsMessageSchema>;
export type SnsMessageType = SnsMessage["Type"];

/** The two signature schemes SNS uses: "1" is SHA1withRSA, "2" is SHA256withRSA. */
export const SIGNATURE_ALGORITHMS = { "1": "RSA-SHA1", "2": "RSA-SHA256" } as const;
export type SignatureVersion = keyof typeof SIGNATURE_ALGORITHMS;

export function isSignatureVersion(value: string): value is SignatureVersion {
  return Object.hasOwn(SIGNATURE_ALGORITHMS, value);
}
