/**
 * Why a bounce happened, in the terms a team acts on. SES's bounceType and bounceSubType decide
 * where they are specific; otherwise the recipient's diagnostic code (the receiving server's own
 * answer: an enhanced status code such as 5.1.1, then its text) does.
 */
export const BOUNCE_CAUSES = [
  "unknown_user",
  "mailbox_full",
  "policy_block",
  "dns_routing",
  "message_too_large",
  "suppressed",
  "permanent_other",
  "transient_other",
] as const;
export type BounceCause = (typeof BOUNCE_CAUSES)[number];

export interface BounceFacts {
  bounceType?: unknown;
  bounceSubType?: unknown;
  /** The first bounced recipient's `diagnosticCode` and `status`, when SES gave them. */
  diagnosticCode?: unknown;
  status?: unknown;
}

const BY_SUBTYPE: Record<string, BounceCause> = {
  NoEmail: "unknown_user",
  Suppressed: "suppressed",
  OnAccountSuppressionList: "suppressed",
  MailboxFull: "mailbox_full",
  MessageTooLarge: "message_too_large",
  ContentRejected: "policy_block",
  AttachmentRejected: "policy_block",
};

/** Enhanced status codes (RFC 3463) by subject and detail, the most specific first. */
const BY_STATUS: Array<[RegExp, BounceCause]> = [
  [/^[45]\.1\.[0136]$/, "unknown_user"],
  [/^[45]\.2\.2$/, "mailbox_full"],
  [/^[45]\.(2\.3|3\.4)$/, "message_too_large"],
  [/^[45]\.7\.\d{1,3}$/, "policy_block"],
  [/^[45]\.(4\.\d{1,3}|1\.2)$/, "dns_routing"],
];

/** Phrases receiving servers use, when their code says less than their text. */
const BY_TEXT: Array<[RegExp, BounceCause]> = [
  [
    /(user|recipient|mailbox|address|account)\s*(is\s*)?(unknown|not found|does not exist|doesn't exist|unavailable|disabled|rejected)|no such (user|mailbox|recipient)|invalid recipient|(doesn't|does not) have an? [\w.-]+ account/i,
    "unknown_user",
  ],
  [/(mailbox|inbox|quota)\s*(is\s*)?(full|exceeded)|over ?quota|insufficient (storage|space)/i, "mailbox_full"],
  [/(message|mail)\s*(is\s*)?too (large|big)|size limit|exceeds? (the )?(maximum )?(message )?size/i, "message_too_large"],
  [/spam|blocked|block ?list|black ?list|policy|reputation|dmarc|spf|dkim|rejected for|not authori[sz]ed|denied/i, "policy_block"],
  [
    /dns|no mx|mx record|host (not found|unknown)|domain (not found|does not exist)|unrouteable|unable to route|name service|timed? ?out|connection refused/i,
    "dns_routing",
  ],
];

const ENHANCED_STATUS = /\b([45]\.\d{1,3}\.\d{1,3})\b/;

/** A bounce's cause; never throws on what a notification carries. */
export function classifyBounce(facts: BounceFacts): BounceCause {
  const subType = typeof facts.bounceSubType === "string" ? facts.bounceSubType : "";
  const bySubType = BY_SUBTYPE[subType];
  if (bySubType) return bySubType;
  const diagnostic = typeof facts.diagnosticCode === "string" ? facts.diagnosticCode.slice(0, 2000) : "";
  const status =
    typeof facts.status === "string" && ENHANCED_STATUS.test(facts.status) ? facts.status : (ENHANCED_STATUS.exec(diagnostic)?.[1] ?? "");
  const byStatus = BY_STATUS.find(([pattern]) => pattern.test(status))?.[1];
  const byText = BY_TEXT.find(([pattern]) => pattern.test(diagnostic))?.[1];
  // A routing code is what some servers answer for any refusal (Microsoft's 5.4.1 "Recipient
  // address rejected"): their text, when it says more, decides.
  const cause = byStatus === "dns_routing" ? (byText ?? byStatus) : (byStatus ?? byText);
  if (cause) return cause;
  return facts.bounceType === "Transient" || facts.bounceType === "Undetermined" ? "transient_other" : "permanent_other";
}
