import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Two-step confirmation for clients that cannot be asked (no MCP elicitation): the first call
 * answers a token bound to this key, this tool and these exact arguments; only a second call
 * carrying it does the work. Tokens are HMACs under a secret of this process, so they hold no
 * state and die with it, and expire after `ttlMs`.
 */
export class Confirmations {
  private readonly secret: Buffer;

  constructor(
    private readonly ttlMs = 5 * 60_000,
    private readonly now: () => number = Date.now,
    secret?: Buffer,
  ) {
    this.secret = secret ?? randomBytes(32);
  }

  token(keyFingerprint: string, tool: string, args: unknown): string {
    const expiresAt = this.now() + this.ttlMs;
    return `${expiresAt}.${this.mac(expiresAt, keyFingerprint, tool, args)}`;
  }

  verify(token: string, keyFingerprint: string, tool: string, args: unknown): boolean {
    const [expiry, mac] = token.split(".");
    const expiresAt = Number(expiry);
    if (!mac || !Number.isSafeInteger(expiresAt) || expiresAt < this.now()) return false;
    const expected = Buffer.from(this.mac(expiresAt, keyFingerprint, tool, args));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private mac(expiresAt: number, keyFingerprint: string, tool: string, args: unknown): string {
    return createHmac("sha256", this.secret)
      .update(JSON.stringify([expiresAt, keyFingerprint, tool, canonical(args)]))
      .digest("base64url");
  }
}

/** The same value with object keys sorted at every level, so equal arguments give equal tokens. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, field]) => field !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, field]) => [key, canonical(field)]),
    );
  }
  return value;
}
