import { bareAddress } from "../addresses/parse.ts";
import { MAX_RECIPIENT_ADDRESS_LENGTH } from "../recipients/address.ts";

/**
 * The form suppression entries are stored and compared in: the bare address of `Name <a@b>` or
 * `a@b`, trimmed and lower-cased. Null for anything that cannot be an address (no `@`, too long,
 * control characters): such a value is never stored, and never matches.
 */
export function suppressionKey(recipient: string): string | null {
  const address = bareAddress(recipient);
  const at = address.lastIndexOf("@");
  if (at <= 0 || at === address.length - 1 || address.length > MAX_RECIPIENT_ADDRESS_LENGTH) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\s]/.test(address)) return null;
  return address;
}
