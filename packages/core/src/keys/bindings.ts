import { BlockList, isIPv4, isIPv6 } from "node:net";
import type { Logger } from "@svc/logger";
import { parseDomainName } from "../domains/name.ts";
import { AppError } from "../errors.ts";

/**
 * What a key may be bound to when it is made: the from-domains it may send from and the source
 * networks it may be used from. Either list empty means no binding of that kind, as keys were
 * before bindings existed. Bindings are fixed for the key's life: narrowing differently is a new key.
 */
export interface KeyBindings {
  /** Lower-case names of the workspace's domains; a send's from-domain must be one of them exactly. */
  allowedDomains: readonly string[];
  /** CIDRs in canonical form (`10.0.0.0/8`, `2001:db8::/32`); a request's source must be in one. */
  allowedCidrs: readonly string[];
}

export const KEY_BINDING_LIMITS = {
  maxDomains: 50,
  maxCidrs: 50,
  /** Longer than any IPv6 CIDR; a longer value is refused before it is parsed. */
  maxCidrLength: 64,
} as const;

const invalid = (message: string) => new AppError("validation_failed", message);

/** The address's bytes (4 or 16), or null when it is not an IP address. */
function addressBytes(address: string): number[] | null {
  if (isIPv4(address)) return address.split(".").map(Number);
  // A zone (`fe80::1%eth0`) names an interface, not a network.
  if (!isIPv6(address) || address.includes("%")) return null;
  let text = address.toLowerCase();
  const lastColon = text.lastIndexOf(":");
  const last = text.slice(lastColon + 1);
  if (isIPv4(last)) {
    // An embedded IPv4 tail (`::ffff:10.0.0.1`) is the last two groups.
    const [a = 0, b = 0, c = 0, d = 0] = last.split(".").map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", rest] = text.split("::");
  const headGroups = head === "" ? [] : head.split(":");
  const restGroups = rest === undefined || rest === "" ? [] : rest.split(":");
  const fill = rest === undefined ? [] : Array(8 - headGroups.length - restGroups.length).fill("0");
  return [...headGroups, ...fill, ...restGroups].flatMap((group) => {
    const value = Number.parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
}

function bytesToText(bytes: readonly number[]): string {
  if (bytes.length === 4) return bytes.join(".");
  const groups = Array.from({ length: 8 }, (_, i) => ((bytes[2 * i]! << 8) | bytes[2 * i + 1]!).toString(16));
  // Node's URL parser writes IPv6 in its canonical (RFC 5952) compressed form.
  return new URL(`http://[${groups.join(":")}]/`).hostname.slice(1, -1);
}

/**
 * A CIDR as an operator wrote it, in canonical form: `10.0.0.0/8`, `2001:db8::/32`, or a bare
 * address (one host: /32 or /128). An address with bits set past the prefix is refused rather
 * than silently widened or narrowed, since it usually means a mistyped prefix.
 */
export function parseCidr(input: string): string {
  const text = input.trim();
  const refuse = (why: string) => invalid(`cidrs: ${JSON.stringify(text.slice(0, KEY_BINDING_LIMITS.maxCidrLength))} ${why}`);
  if (text.length === 0 || text.length > KEY_BINDING_LIMITS.maxCidrLength)
    throw refuse("is not a CIDR (e.g. 10.0.0.0/8 or 2001:db8::/32).");
  const [address = "", prefixText, ...extra] = text.split("/");
  const bytes = addressBytes(address);
  if (!bytes || extra.length > 0) throw refuse("is not a CIDR (e.g. 10.0.0.0/8 or 2001:db8::/32).");
  const maxPrefix = bytes.length * 8;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) throw refuse(`has no prefix length from 0 to ${maxPrefix}.`);
  const prefix = prefixText === undefined ? maxPrefix : Number(prefixText);
  if (prefix > maxPrefix) throw refuse(`has no prefix length from 0 to ${maxPrefix}.`);
  const network = bytes.map((byte, i) => {
    const bitsKept = Math.max(0, Math.min(8, prefix - i * 8));
    return byte & ((0xff << (8 - bitsKept)) & 0xff);
  });
  if (network.some((byte, i) => byte !== bytes[i])) {
    throw refuse(`has bits set past its /${prefix} prefix: the network is ${bytesToText(network)}/${prefix}.`);
  }
  return `${bytesToText(network)}/${prefix}`;
}

/** The requested bindings, checked for shape and limits (the domains' existence is the caller's check). */
export function parseKeyBindings(input: { domains?: readonly string[]; cidrs?: readonly string[] }): KeyBindings {
  const domains = input.domains ?? [];
  const cidrs = input.cidrs ?? [];
  if (domains.length > KEY_BINDING_LIMITS.maxDomains)
    throw invalid(`domains: at most ${KEY_BINDING_LIMITS.maxDomains} (${domains.length} given).`);
  if (cidrs.length > KEY_BINDING_LIMITS.maxCidrs) throw invalid(`cidrs: at most ${KEY_BINDING_LIMITS.maxCidrs} (${cidrs.length} given).`);
  return {
    allowedDomains: [...new Set(domains.map((domain) => parseDomainName(domain, "domains")))],
    allowedCidrs: [...new Set(cidrs.map(parseCidr))],
  };
}

/** A v4-mapped v6 address (`::ffff:10.1.2.3`, how a dual-stack socket shows an IPv4 peer) as the IPv4 address it is. */
function plainAddress(address: string): string {
  const lower = address.toLowerCase();
  return lower.startsWith("::ffff:") && isIPv4(lower.slice(7)) ? lower.slice(7) : lower;
}

/** BlockLists by their CIDRs, so a key's list is built once per process, not per request. */
const blockLists = new Map<string, BlockList>();
const MAX_CACHED_LISTS = 1_000;

function blockListOf(cidrs: readonly string[]): BlockList {
  const cacheKey = cidrs.join(",");
  const cached = blockLists.get(cacheKey);
  if (cached) return cached;
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [network = "", prefix = ""] = cidr.split("/");
    list.addSubnet(network, Number(prefix), isIPv4(network) ? "ipv4" : "ipv6");
  }
  if (blockLists.size >= MAX_CACHED_LISTS) blockLists.clear();
  blockLists.set(cacheKey, list);
  return list;
}

/** Whether `source` (a client address, possibly v4-mapped) is in one of `cidrs`; an unknown source is in none. */
export function sourceInCidrs(cidrs: readonly string[], source: string | undefined): boolean {
  if (!source) return false;
  const address = plainAddress(source);
  if (isIPv4(address)) return blockListOf(cidrs).check(address, "ipv4");
  if (isIPv6(address)) return blockListOf(cidrs).check(address, "ipv6");
  return false;
}

/** A key refused because of where it was used from: what is recorded about it (never the key). */
export interface SourceRefusal {
  keyId: string;
  workspaceId: string;
  sourceAddress: string;
  /** Which surface refused it. */
  surface: "api" | "smtp";
}

/**
 * The one place a source refusal is recorded, whichever surface refused it: a warning now, and
 * the point where an audit entry for it is to be written.
 */
export function recordSourceRefusal(log: Logger, refusal: SourceRefusal): void {
  log.warn({ event: "api_key.source_refused", ...refusal }, "API key refused: used from a source outside its allowed networks");
}

/**
 * Refuses (403 `source_not_allowed`, recorded by recordSourceRefusal) a key bound to source
 * networks when `source` is outside them. A key without CIDRs passes without any work. The
 * answer names the caller's own address, never the key's networks.
 */
export function refuseUnlessSourceAllowed(
  key: { keyId: string; workspaceId: string; allowedCidrs: readonly string[] },
  source: string | undefined,
  surface: SourceRefusal["surface"],
  log: Logger,
): void {
  if (key.allowedCidrs.length === 0 || sourceInCidrs(key.allowedCidrs, source)) return;
  const sourceAddress = source ? plainAddress(source) : "an unknown address";
  recordSourceRefusal(log, { keyId: key.keyId, workspaceId: key.workspaceId, sourceAddress, surface });
  throw new AppError("source_not_allowed", `This API key may not be used from ${sourceAddress}: it is bound to other source networks.`);
}

/** The refusal of a send from a domain its key is not bound to. */
export function domainNotAllowed(domain: string): AppError {
  return new AppError("domain_not_allowed", `This API key may not send from ${domain}: it is bound to other sending domains.`);
}

/** Whether a key bound to `allowedDomains` (none: any) may send from `fromDomain` (lower-case, as parsed at accept time). */
export function domainAllowed(allowedDomains: readonly string[] | undefined, fromDomain: string): boolean {
  return !allowedDomains || allowedDomains.length === 0 || allowedDomains.includes(fromDomain);
}
