import { BlockList, isIPv4, isIPv6 } from "node:net";
import type { Logger } from "@svc/logger";
import ipaddr from "ipaddr.js";
import { recordAudit } from "../audit/record.ts";
import { parseDomainName } from "../domains/name.ts";
import { AppError } from "../errors.ts";
import type { Queryable } from "../sql.ts";

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

/**
 * The address, or null when it is not one. Node's own checks decide what counts (strict dotted
 * quads, no octal or hex shorthands ipaddr.js would also take); ipaddr.js holds the bytes.
 */
function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (isIPv4(address)) return ipaddr.IPv4.parse(address);
  // A zone (`fe80::1%eth0`) names an interface, not a network.
  if (!isIPv6(address) || address.includes("%")) return null;
  return ipaddr.IPv6.parse(address);
}

/** Dotted quad, or IPv6 in its canonical (RFC 5952) compressed form. */
function addressText(address: ipaddr.IPv4 | ipaddr.IPv6): string {
  return address.kind() === "ipv4" ? address.toString() : (address as ipaddr.IPv6).toRFC5952String();
}

/** The address with every bit past `prefix` cleared. */
function networkOf(address: ipaddr.IPv4 | ipaddr.IPv6, prefix: number): ipaddr.IPv4 | ipaddr.IPv6 {
  const mask = (address.kind() === "ipv4" ? ipaddr.IPv4 : ipaddr.IPv6).subnetMaskFromPrefixLength(prefix).toByteArray();
  return ipaddr.fromByteArray(address.toByteArray().map((byte, i) => byte & (mask[i] ?? 0)));
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
  const [addressPart = "", prefixText, ...extra] = text.split("/");
  const address = parseAddress(addressPart);
  if (!address || extra.length > 0) throw refuse("is not a CIDR (e.g. 10.0.0.0/8 or 2001:db8::/32).");
  const maxPrefix = address.kind() === "ipv4" ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) throw refuse(`has no prefix length from 0 to ${maxPrefix}.`);
  const prefix = prefixText === undefined ? maxPrefix : Number(prefixText);
  if (prefix > maxPrefix) throw refuse(`has no prefix length from 0 to ${maxPrefix}.`);
  const network = addressText(networkOf(address, prefix));
  if (network !== addressText(address)) {
    throw refuse(`has bits set past its /${prefix} prefix: the network is ${network}/${prefix}.`);
  }
  return `${network}/${prefix}`;
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

/** How often one key refused from one address writes an audit entry: once per window. */
export const SOURCE_REFUSAL_AUDIT_WINDOW_MS = 60_000;
/** The most (key, address) pairs remembered; also the most refusal entries a process writes per window. */
export const SOURCE_REFUSAL_AUDIT_MAX_PAIRS = 10_000;

/**
 * The one place a source refusal is recorded, whichever surface refused it (one per process, held
 * by the app): a warning every time, and an audit entry (actor the key's id, source the address,
 * the surface) at most once per key per address per window. The accepted path never reaches it.
 *
 * A refused request is a stranger's, so its cost is bounded: the last entry's time per (key,
 * address) lives in an in-process map capped at SOURCE_REFUSAL_AUDIT_MAX_PAIRS. A full map first
 * forgets pairs outside the window; if it is still full, the refusal is logged but not written, so
 * a flood from many addresses writes at most that many rows per window per process. The map is
 * per process: N processes may each write one entry for the same pair in a window.
 */
export class SourceRefusalRecorder {
  private readonly lastWritten = new Map<string, number>();

  constructor(
    private readonly db: Queryable,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  async record(refusal: SourceRefusal): Promise<void> {
    const write = this.claim(`${refusal.keyId} ${refusal.sourceAddress}`);
    this.log.warn(
      { event: "api_key.source_refused", ...refusal, audited: write },
      "API key refused: used from a source outside its allowed networks",
    );
    if (!write) return;
    try {
      await recordAudit(this.db, {
        workspaceId: refusal.workspaceId,
        actor: { type: "api_key", id: refusal.keyId },
        source: refusal.sourceAddress,
        action: "api_key.source_refused",
        target: { type: "api_key", id: refusal.keyId },
        changes: { surface: refusal.surface },
      });
    } catch (error) {
      // The request is refused either way: a failed write must not turn the 403 into a 500.
      this.log.error({ err: error, keyId: refusal.keyId }, "the audit entry of a source refusal could not be written");
    }
  }

  /** Whether this pair may write now (and, if so, that it just did). */
  private claim(pair: string): boolean {
    const now = this.now();
    const last = this.lastWritten.get(pair);
    if (last !== undefined && now - last < SOURCE_REFUSAL_AUDIT_WINDOW_MS) return false;
    if (last === undefined && this.lastWritten.size >= SOURCE_REFUSAL_AUDIT_MAX_PAIRS) {
      for (const [key, at] of this.lastWritten) if (now - at >= SOURCE_REFUSAL_AUDIT_WINDOW_MS) this.lastWritten.delete(key);
      if (this.lastWritten.size >= SOURCE_REFUSAL_AUDIT_MAX_PAIRS) return false;
    }
    this.lastWritten.set(pair, now);
    return true;
  }
}

/**
 * Refuses (403 `source_not_allowed`, recorded by the recorder) a key bound to source networks
 * when `source` is outside them. A key without CIDRs passes without any work, and an accepted
 * source writes nothing. The answer names the caller's own address, never the key's networks.
 */
export async function refuseUnlessSourceAllowed(
  key: { keyId: string; workspaceId: string; allowedCidrs: readonly string[] },
  source: string | undefined,
  surface: SourceRefusal["surface"],
  refusals: SourceRefusalRecorder,
): Promise<void> {
  if (key.allowedCidrs.length === 0 || sourceInCidrs(key.allowedCidrs, source)) return;
  const sourceAddress = source ? plainAddress(source) : "an unknown address";
  await refusals.record({ keyId: key.keyId, workspaceId: key.workspaceId, sourceAddress, surface });
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
