import { suppressionKey } from "../suppressions/address.ts";
import type { ErasureTokens } from "./tokens.ts";

/** Regular-expression syntax in an address (`+`, `.`) taken literally. */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The erased addresses of one run and what each becomes: finds them in recipient lists (in the
 * same bare, lower-cased form the suppression list uses) and in free text (bodies, event payloads,
 * webhook bodies), where an address is matched case-insensitively and only as a whole address:
 * `ann@example.com` is not found inside `joann@example.com` or `ann@example.com.au`.
 */
export class ErasedAddresses {
  private readonly tokens = new Map<string, string>();

  constructor(addresses: readonly string[], tokens: ErasureTokens) {
    for (const address of addresses) this.tokens.set(address, tokens.tokenOf(address));
  }

  get size(): number {
    return this.tokens.size;
  }

  /** The erased address `recipient` (`a@b` or `Name <a@b>`) is, or null. */
  erasedOf(recipient: string): string | null {
    const key = suppressionKey(recipient);
    return key !== null && this.tokens.has(key) ? key : null;
  }

  tokenOf(address: string): string {
    return this.tokens.get(address) ?? "";
  }

  /** Each recipient that is an erased address replaced (display name and all) by its token. */
  redactRecipients(recipients: readonly string[]): string[] {
    return recipients.map((recipient) => {
      const erased = this.erasedOf(recipient);
      return erased === null ? recipient : this.tokenOf(erased);
    });
  }

  /** A pattern finding any of `addresses` (all erased ones by default) as whole addresses. */
  pattern(addresses: Iterable<string> = this.tokens.keys()): RegExp | null {
    const alternatives = [...addresses].map(escapeRegExp);
    if (alternatives.length === 0) return null;
    return new RegExp(`(?<![A-Za-z0-9._%+'-])(?:${alternatives.join("|")})(?![A-Za-z0-9-]|\\.[A-Za-z0-9])`, "gi");
  }

  /** Whether `text` holds one of the erased addresses (see `pattern`). */
  mentioned(text: string | null | undefined, pattern: RegExp | null): boolean {
    if (!text || !pattern) return false;
    pattern.lastIndex = 0;
    return pattern.test(text);
  }

  /** `text` with every erased address `pattern` finds replaced by its token. */
  redactText(text: string, pattern: RegExp | null): string {
    if (!pattern) return text;
    return text.replace(pattern, (found) => this.tokenOf(found.toLowerCase()) || found);
  }
}
