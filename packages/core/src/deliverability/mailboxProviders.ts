import type { TxtResolver } from "../domains/resolver.ts";

/** The mailbox providers a team asks about by name; every other domain is `other`. */
export const MAILBOX_PROVIDERS = ["gmail", "microsoft", "yahoo", "apple", "other"] as const;
export type MailboxProvider = (typeof MAILBOX_PROVIDERS)[number];

/** Each provider's MX hosts end in one of these (Google Workspace and Microsoft 365 domains included). */
const BY_MX_SUFFIX: Array<[string, MailboxProvider]> = [
  ["google.com", "gmail"],
  ["googlemail.com", "gmail"],
  ["outlook.com", "microsoft"],
  ["hotmail.com", "microsoft"],
  ["yahoodns.net", "yahoo"],
  ["yahoo.com", "yahoo"],
  ["icloud.com", "apple"],
  ["me.com", "apple"],
];

/** Their own consumer domains, known without a lookup. */
const WELL_KNOWN: Record<string, MailboxProvider> = {
  "gmail.com": "gmail",
  "googlemail.com": "gmail",
  "outlook.com": "microsoft",
  "hotmail.com": "microsoft",
  "live.com": "microsoft",
  "msn.com": "microsoft",
  "yahoo.com": "yahoo",
  "ymail.com": "yahoo",
  "aol.com": "yahoo",
  "icloud.com": "apple",
  "me.com": "apple",
  "mac.com": "apple",
};

export function providerOfMxHosts(hosts: readonly string[]): MailboxProvider {
  for (const raw of hosts) {
    const host = raw.toLowerCase().replace(/\.$/, "");
    for (const [suffix, provider] of BY_MX_SUFFIX) if (host === suffix || host.endsWith(`.${suffix}`)) return provider;
  }
  return "other";
}

export interface MailboxProviderOptions {
  /** Domains remembered, install-wide (a domain's provider is public, not a workspace's data). */
  maxCached: number;
  /** How long an answer is trusted. */
  ttlMs: number;
  /** How long a failed lookup (timeout, SERVFAIL) counts as `other` before it is asked again. */
  failureTtlMs: number;
  /** Lookups one call makes at most; domains past it count as `other` until a later call. */
  maxLookupsPerCall: number;
  /** Lookups in flight at once. */
  concurrency: number;
  /** How long one call waits for its lookups; those still running then count as `other` and fill the cache for the next call. */
  maxWaitMs: number;
}

export const MAILBOX_PROVIDER_DEFAULTS: MailboxProviderOptions = {
  maxCached: 50_000,
  ttlMs: 24 * 3_600_000,
  failureTtlMs: 10 * 60_000,
  maxLookupsPerCall: 200,
  concurrency: 8,
  maxWaitMs: 2_000,
};

/**
 * Which mailbox provider receives a recipient domain's mail, by its MX hosts: a company on
 * Google Workspace is Gmail to a deliverability question. Answers are cached with a bound; a
 * lookup that fails is `other` for a short while, never an error.
 */
export class MailboxProviders {
  private readonly cache = new Map<string, { provider: MailboxProvider; until: number }>();

  constructor(
    private readonly resolver: TxtResolver,
    private readonly options: MailboxProviderOptions = MAILBOX_PROVIDER_DEFAULTS,
  ) {}

  /** The provider of each domain (lower-cased); the most frequent domains first, for the lookup bound. */
  async providersOf(domains: readonly string[], now = Date.now()): Promise<Map<string, MailboxProvider>> {
    const answers = new Map<string, MailboxProvider>();
    const toLookUp: string[] = [];
    for (const domain of domains) {
      const known = WELL_KNOWN[domain] ?? this.cached(domain, now);
      if (known) answers.set(domain, known);
      else if (toLookUp.length < this.options.maxLookupsPerCall && isDomainName(domain)) toLookUp.push(domain);
      else answers.set(domain, "other");
    }
    const found = new Map<string, MailboxProvider>();
    let next = 0;
    const worker = async () => {
      while (next < toLookUp.length) {
        const domain = toLookUp[next++]!;
        found.set(domain, await this.lookUp(domain, now));
      }
    };
    const lookups = Promise.all(Array.from({ length: Math.min(this.options.concurrency, toLookUp.length) }, worker));
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.options.maxWaitMs);
      timer.unref();
    });
    await Promise.race([lookups, deadline]);
    clearTimeout(timer);
    for (const domain of toLookUp) answers.set(domain, found.get(domain) ?? "other");
    return answers;
  }

  private cached(domain: string, now: number): MailboxProvider | null {
    const entry = this.cache.get(domain);
    if (!entry) return null;
    if (entry.until > now) return entry.provider;
    this.cache.delete(domain);
    return null;
  }

  private async lookUp(domain: string, now: number): Promise<MailboxProvider> {
    let provider: MailboxProvider;
    let ttl = this.options.ttlMs;
    try {
      provider = providerOfMxHosts((await this.resolver.resolveMx(domain)).map((mx) => mx.exchange));
    } catch (error) {
      provider = "other";
      // No such domain, or no MX: a settled answer. Anything else may be answered later.
      const code = (error as { code?: string }).code;
      if (code !== "ENOTFOUND" && code !== "ENODATA") ttl = this.options.failureTtlMs;
    }
    this.cache.delete(domain);
    this.cache.set(domain, { provider, until: now + ttl });
    if (this.cache.size > this.options.maxCached) this.cache.delete(this.cache.keys().next().value!);
    return provider;
  }
}

function isDomainName(domain: string): boolean {
  return domain.length <= 253 && /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/.test(domain);
}
