import { parseDomainName } from "../domains/name.ts";
import { AppError } from "../errors.ts";

/** RFC 5321 limits: 64 for the local part, 254 for a whole forward path. */
export const MAX_RECIPIENT_ADDRESS_LENGTH = 254;
export const MAX_RECIPIENT_LOCAL_PART_LENGTH = 64;

// The dot-atom form (RFC 5322 §3.4.1): what real mailboxes use. Quoted local parts are refused.
const LOCAL_PART = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;

/** A bare address (no display name), checked and lower-cased: the form test recipients are stored and compared in. */
export function parseRecipientAddress(input: string, field = "email"): string {
  const address = input.trim().toLowerCase();
  const invalid = (reason: string) => new AppError("validation_failed", `${field}: ${reason}`);
  if (!address) throw invalid("must not be empty.");
  if (address.length > MAX_RECIPIENT_ADDRESS_LENGTH) throw invalid(`at most ${MAX_RECIPIENT_ADDRESS_LENGTH} characters.`);
  const at = address.lastIndexOf("@");
  if (at <= 0 || at === address.length - 1) throw invalid("must be an email address such as someone@example.com.");
  const local = address.slice(0, at);
  if (local.length > MAX_RECIPIENT_LOCAL_PART_LENGTH)
    throw invalid(`the part before @ is at most ${MAX_RECIPIENT_LOCAL_PART_LENGTH} characters.`);
  if (!LOCAL_PART.test(local))
    throw invalid("must be a plain email address such as someone@example.com (no display name, quotes or spaces).");
  const domain = parseDomainName(address.slice(at + 1), field);
  return `${local}@${domain}`;
}
