import type { MessageHeader } from "../emails/headers.ts";
import { suppressionKey } from "../suppressions/address.ts";
import type { UnsubscribeTokens } from "./token.ts";

/** The path the public unsubscribe endpoint serves, followed by a token. */
export const UNSUBSCRIBE_PATH = "/unsubscribe";

/**
 * The one-click unsubscribe headers of an email with a topic (RFC 2369 List-Unsubscribe with an
 * https URL, RFC 8058 List-Unsubscribe-Post), as mailbox providers require of bulk senders.
 * `baseUrl` is where the public endpoint is reached from the internet (UNSUBSCRIBE_BASE_URL).
 */
export class UnsubscribeLinks {
  constructor(
    private readonly tokens: UnsubscribeTokens,
    private readonly baseUrl: string,
  ) {}

  /** The headers for an email of `workspaceId` to one recipient; none when the recipient cannot be read as an address. */
  headersFor(email: { workspaceId: string; emailId: string; topic: string; recipient: string }): MessageHeader[] {
    const address = suppressionKey(email.recipient);
    if (address === null) return [];
    const token = this.tokens.sign({ workspaceId: email.workspaceId, address, topic: email.topic, emailId: email.emailId });
    return [
      { name: "List-Unsubscribe", value: `<${this.baseUrl.replace(/\/+$/, "")}${UNSUBSCRIBE_PATH}/${token}>` },
      { name: "List-Unsubscribe-Post", value: "List-Unsubscribe=One-Click" },
    ];
  }
}
