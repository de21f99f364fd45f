import { HEADER_LIMITS, headerProblems, isServiceOwnedHeader, type MessageHeader } from "@svc/core";

/**
 * Headers that describe the client, its server or the path the message took, not the message a
 * recipient reads: Outlook and Exchange add a dozen, Gmail and others their own. The service writes
 * its own trace and authentication headers; these would only spend the provider's 15 slots.
 */
const DROPPED_NAMES = new Set([
  "x-mailer",
  "user-agent",
  "x-originating-ip",
  "x-originating-email",
  "thread-index",
  "thread-topic",
  "accept-language",
  "authentication-results",
  "received-spf",
  "x-received",
  "delivered-to",
  "x-ms-has-attach",
  "x-ms-tnef-correlator",
  "msip_labels",
]);
const DROPPED_PREFIXES = ["x-ms-", "x-microsoft-", "x-forefront-", "x-exchange-", "arc-", "x-google-", "x-gm-", "x-spam-", "x-virus-"];

/**
 * Headers kept first, in this order, because the recipient's software acts on them: threading
 * (a reply lands in its conversation), unsubscribing (mailbox providers require it of bulk mail),
 * loop prevention (auto-responders stay quiet), then priority. Any other header follows in
 * message order while the provider's limits leave room.
 */
const PRIORITY = [
  ["in-reply-to", "references"],
  ["list-unsubscribe", "list-unsubscribe-post", "list-id"],
  ["auto-submitted", "precedence", "x-auto-response-suppress"],
  ["importance", "priority", "x-priority", "sensitivity"],
];

function priorityOf(name: string): number {
  const lower = name.toLowerCase();
  const tier = PRIORITY.findIndex((names) => names.includes(lower));
  if (tier >= 0) return tier;
  return lower.startsWith("list-") ? 1 : PRIORITY.length;
}

function isDropped(name: string): boolean {
  const lower = name.toLowerCase();
  return isServiceOwnedHeader(name) || DROPPED_NAMES.has(lower) || DROPPED_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

/**
 * A References line that does not fit one header line keeps the first message id (the thread's
 * root) and as many of the latest as fit (the messages just before this one), as RFC 5537 §3.4.4
 * trims it: clients thread on the root and the parent, and the line stays within the limits.
 */
export function trimmedReferences(value: string, maxLength = HEADER_LIMITS.maxLineLength - "References".length): string | null {
  if (value.length <= maxLength) return value;
  const ids = value.match(/<[^<>\s]+>/g) ?? [];
  if (ids.length === 0 || ids[0]!.length > maxLength) return null;
  const latest: string[] = [];
  let length = ids[0]!.length;
  for (let index = ids.length - 1; index > 0; index -= 1) {
    const id = ids[index]!;
    if (length + 1 + id.length > maxLength) break;
    latest.unshift(id);
    length += 1 + id.length;
  }
  return [ids[0]!, ...latest].join(" ");
}

export interface SelectedHeaders {
  kept: MessageHeader[];
  /** Names left out (for the log): service-owned, client and trace headers, repeats, values that cannot be stored, and those beyond the provider's limits. */
  dropped: string[];
}

/**
 * The message's extra headers as the send input can carry them: never a reason to refuse a
 * message. Service-owned, client and trace headers are left out; a name given twice keeps its
 * first line; a value that is not printable ASCII on one line within the line limit is left out
 * (References is trimmed instead); of the rest, the ones recipients act on come first, and no more
 * than the provider's 15 (and 8 KB) are kept.
 */
export function selectHeaders(lines: ReadonlyArray<{ line: string }>): SelectedHeaders {
  const dropped: string[] = [];
  const candidates: Array<MessageHeader & { tier: number; order: number }> = [];
  const seen = new Set<string>();
  for (const { line } of lines) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim();
    if (isDropped(name) || seen.has(name.toLowerCase())) {
      dropped.push(name);
      continue;
    }
    seen.add(name.toLowerCase());
    let value: string | null = line
      .slice(colon + 1)
      .replace(/\r?\n[ \t]+/g, " ")
      .trim();
    if (name.toLowerCase() === "references") value = trimmedReferences(value);
    if (value === null || headerProblems([{ name, value }]).length > 0) {
      dropped.push(name);
      continue;
    }
    candidates.push({ name, value, tier: priorityOf(name), order: candidates.length });
  }
  candidates.sort((a, b) => a.tier - b.tier || a.order - b.order);
  const kept: Array<MessageHeader & { order: number }> = [];
  let total = 0;
  for (const { name, value, order } of candidates) {
    if (kept.length >= HEADER_LIMITS.maxHeaders || total + name.length + value.length > HEADER_LIMITS.maxTotalLength) {
      dropped.push(name);
      continue;
    }
    kept.push({ name, value, order });
    total += name.length + value.length;
  }
  // In message order, as the client wrote them.
  kept.sort((a, b) => a.order - b.order);
  return { kept: kept.map(({ name, value }) => ({ name, value })), dropped };
}
