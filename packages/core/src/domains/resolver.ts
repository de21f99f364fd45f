import { Resolver } from "node:dns/promises";

/**
 * The DNS operations verification needs (TXT records, and the MX of a MAIL FROM domain).
 * `node:dns` `Resolver` satisfies it as is; tests and the dashboard pass one pointed at their
 * own servers.
 */
export interface TxtResolver {
  resolveTxt(hostname: string): Promise<string[][]>;
  resolveMx(hostname: string): Promise<Array<{ priority: number; exchange: string }>>;
}

interface DnsResolverOptions {
  /** `host:port` entries (the parsed DNS_SERVERS); empty or absent uses the system's resolvers. */
  servers?: readonly string[];
  /** Per-attempt timeout. */
  timeoutMs?: number;
  /** Attempts per server before giving up. */
  tries?: number;
}

export function createDnsResolver(options: DnsResolverOptions = {}): TxtResolver {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 3000, tries: options.tries ?? 2 });
  if (options.servers && options.servers.length > 0) resolver.setServers([...options.servers]);
  return resolver;
}

/** At most this many TXT values are reported per name, each cut to this length: the result is stored. */
const MAX_FOUND_VALUES = 20;
const MAX_FOUND_VALUE_LENGTH = 2048;

type RecordLookup =
  | { found: string[]; error: null }
  /** `transient`: the answer says nothing about the records (timeout, server failure), as opposed to NXDOMAIN or no TXT data. */
  | { found: string[]; error: string; transient: boolean };

const DEFINITIVE: Record<string, string> = {
  ENOTFOUND: "No such name in DNS (NXDOMAIN).",
};

const TRANSIENT: Record<string, string> = {
  ETIMEOUT: "The DNS lookup timed out.",
  ESERVFAIL: "The DNS server failed to answer (SERVFAIL).",
  EREFUSED: "The DNS server refused the query.",
  ECONNREFUSED: "Could not reach the DNS server.",
};

/**
 * All TXT values at `name`, each record's character-strings joined: a value longer than 255 bytes
 * (every 2048-bit DKIM key) is always split into several strings on the wire, and DNS hosts
 * split shorter ones too.
 */
export async function lookupTxt(resolver: TxtResolver, name: string): Promise<RecordLookup> {
  return lookup("TXT", async () => (await resolver.resolveTxt(name)).map((pieces) => pieces.join("")));
}

/** The MX records at `name`, each as `<priority> <exchange>` (lower-cased, without a trailing dot). */
export async function lookupMx(resolver: TxtResolver, name: string): Promise<RecordLookup> {
  return lookup("MX", async () =>
    (await resolver.resolveMx(name)).map((mx) => `${mx.priority} ${mx.exchange.toLowerCase().replace(/\.$/, "")}`),
  );
}

async function lookup(type: "TXT" | "MX", query: () => Promise<string[]>): Promise<RecordLookup> {
  try {
    const found = (await query()).slice(0, MAX_FOUND_VALUES).map((value) => value.slice(0, MAX_FOUND_VALUE_LENGTH));
    return { found, error: null };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === "ENODATA") return { found: [], error: `No ${type} record at this name.`, transient: false };
    if (typeof code === "string" && DEFINITIVE[code]) return { found: [], error: DEFINITIVE[code], transient: false };
    if (typeof code === "string" && TRANSIENT[code]) return { found: [], error: TRANSIENT[code], transient: true };
    return { found: [], error: `The DNS lookup failed (${typeof code === "string" ? code : "unknown error"}).`, transient: true };
  }
}
