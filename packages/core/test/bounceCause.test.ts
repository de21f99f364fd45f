import { describe, expect, it } from "@jest/globals";
import { type BounceCause, classifyBounce } from "@svc/core";

/** Diagnostic codes as SES reports them from the receiving servers (their own wording). */
const CASES: Array<[string, { bounceType: string; bounceSubType: string; diagnosticCode?: string; status?: string }, BounceCause]> = [
  [
    "Gmail, no such account",
    {
      bounceType: "Permanent",
      bounceSubType: "General",
      status: "5.1.1",
      diagnosticCode:
        "smtp; 550-5.1.1 The email account that you tried to reach does not exist. Please try double-checking the recipient's email address for typos",
    },
    "unknown_user",
  ],
  ["SES's own no-email verdict", { bounceType: "Permanent", bounceSubType: "NoEmail" }, "unknown_user"],
  [
    "Microsoft's directory refusal, a routing code with a recipient text",
    {
      bounceType: "Permanent",
      bounceSubType: "General",
      diagnosticCode:
        "smtp; 550 5.4.1 Recipient address rejected: Access denied. AS(201806281) [DB5EUR03FT011.eop-EUR03.prod.protection.outlook.com]",
    },
    "unknown_user",
  ],
  [
    "Yahoo, no account, no enhanced code",
    {
      bounceType: "Permanent",
      bounceSubType: "General",
      diagnosticCode: "smtp; 554 delivery error: dd This user doesn't have a yahoo.com account",
    },
    "unknown_user",
  ],
  [
    "Gmail, over quota",
    {
      bounceType: "Transient",
      bounceSubType: "General",
      diagnosticCode:
        "smtp; 452-4.2.2 The recipient's inbox is out of storage space. Please direct the recipient to https://support.google.com/mail/?p=OverQuotaTemp",
    },
    "mailbox_full",
  ],
  ["SES's mailbox-full subtype", { bounceType: "Transient", bounceSubType: "MailboxFull" }, "mailbox_full"],
  [
    "Gmail, DMARC",
    {
      bounceType: "Permanent",
      bounceSubType: "General",
      diagnosticCode: "smtp; 550-5.7.26 Unauthenticated email from example.com is not accepted due to domain's DMARC policy.",
    },
    "policy_block",
  ],
  [
    "a spam block without an enhanced code",
    { bounceType: "Transient", bounceSubType: "General", diagnosticCode: "smtp; 554 Message rejected: listed on a block list (spamhaus)" },
    "policy_block",
  ],
  ["SES's content rejection", { bounceType: "Transient", bounceSubType: "ContentRejected" }, "policy_block"],
  [
    "no such domain",
    {
      bounceType: "Permanent",
      bounceSubType: "General",
      diagnosticCode: "smtp; 550 5.1.2 Host or domain name not found. Name service error for name=exampel.com type=MX",
    },
    "dns_routing",
  ],
  [
    "a delivery that timed out",
    { bounceType: "Transient", bounceSubType: "General", diagnosticCode: "smtp; 4.4.7 Delivery time expired" },
    "dns_routing",
  ],
  [
    "Gmail, too large",
    {
      bounceType: "Permanent",
      bounceSubType: "General",
      diagnosticCode: "smtp; 552-5.3.4 Your message exceeded Google's message size limits.",
    },
    "message_too_large",
  ],
  ["SES's too-large subtype", { bounceType: "Transient", bounceSubType: "MessageTooLarge" }, "message_too_large"],
  ["SES's suppression list", { bounceType: "Permanent", bounceSubType: "Suppressed" }, "suppressed"],
  ["the account-level list", { bounceType: "Permanent", bounceSubType: "OnAccountSuppressionList" }, "suppressed"],
  ["nothing to go on, permanent", { bounceType: "Permanent", bounceSubType: "General" }, "permanent_other"],
  ["nothing to go on, undetermined", { bounceType: "Undetermined", bounceSubType: "Undetermined" }, "transient_other"],
];

describe("a bounce's cause", () => {
  it.each(CASES)("%s", (_label, facts, cause) => {
    expect(classifyBounce(facts)).toBe(cause);
  });

  it("takes anything a notification may carry without throwing", () => {
    expect(classifyBounce({})).toBe("permanent_other");
    expect(classifyBounce({ bounceType: 7, bounceSubType: ["x"], diagnosticCode: { a: 1 }, status: null })).toBe("permanent_other");
    expect(classifyBounce({ bounceType: "Transient", bounceSubType: "General", diagnosticCode: "x".repeat(1_000_000) })).toBe(
      "transient_other",
    );
  });
});
