import type { DbHandle, Plan } from "@svc/db";
import { AppError } from "../errors.ts";
import { sqlPool } from "../sql.ts";
import { type ApiKeyRecord, lookUpApiKeys, touchApiKey } from "../stores/apiKeys.ts";
import { type RequestRateLimit, rateLimitOf } from "../workspaces/rateLimit.ts";
import { API_KEY_PATTERN, hashApiKey, type KeyEnvironmentName } from "./format.ts";
import type { ScopeName } from "./scopes.ts";

/** What a request knows about its caller once the key checked out. */
export interface AuthenticatedKey {
  keyId: string;
  workspaceId: string;
  environment: KeyEnvironmentName;
  scope: ScopeName;
  plan: Plan;
  /** The request rate limit an operator set for the workspace's keys; null = the API's default. */
  rateLimitOverride: RequestRateLimit | null;
  /** From-domains the key may send from; empty: any of the workspace's verified domains. */
  allowedDomains: readonly string[];
  /** Source networks the key may be used from; empty: anywhere. */
  allowedCidrs: readonly string[];
}

const invalidApiKey = () => new AppError("unauthorized", "Invalid or missing API key.");

/** `lastUsedAt` is promised to the minute, no finer. */
const TOUCH_INTERVAL_MS = 60_000;
/** Bound on the in-process memory of recent writes; entries older than the interval are useless. */
const MAX_REMEMBERED_KEYS = 10_000;

/** Looks up one key by hash: alone by default, or through a process's coalescing of lookups. */
export type ApiKeyLookup = (keyHash: string) => Promise<ApiKeyRecord | null>;

interface ApiKeyAuthenticatorOptions {
  clock?: () => number;
  /** How a key is read; by default one statement per lookup. */
  lookUp?: ApiKeyLookup;
}

/**
 * Resolves `Authorization: Bearer <key>` to its key record on every request, straight from
 * Postgres: there is deliberately no cache of keys, so a revocation is seen by every instance on
 * the very next request. The lookup is one indexed equality match on the key's SHA-256 hash; the
 * hash comparison inside the index leaks nothing useful, since a caller cannot steer the hash of
 * a guess toward a stored one. A process may pass `lookUp` to coalesce the lookups of
 * concurrent requests into one statement (`lookUpApiKeys`): each request still waits for a read
 * that starts after it arrived, so coalescing changes the number of round trips, not freshness.
 *
 * `lastUsedAt` stays current to the minute without a write per request: this process skips the
 * write when it (or the row it just read) says the key was used within the last minute, and the
 * UPDATE itself only touches a row whose value is older than a minute, so many instances racing
 * write at most once a minute between them.
 */
export class ApiKeyAuthenticator {
  private readonly touchedAt = new Map<string, number>();
  private readonly clock: () => number;
  private readonly lookUp: ApiKeyLookup;

  constructor(
    private readonly db: DbHandle,
    options: ApiKeyAuthenticatorOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
    this.lookUp = options.lookUp ?? (async (keyHash) => (await lookUpApiKeys(sqlPool(db), [keyHash]))[0] ?? null);
  }

  /** The key behind the header, or a 401 AppError for a missing, malformed, unknown or revoked one. */
  async authenticate(authorization: string | undefined): Promise<AuthenticatedKey> {
    const key = bearerToken(authorization);
    if (!key) throw invalidApiKey();
    return this.authenticateKey(key);
  }

  /** The key itself (SMTP's AUTH password), with the same checks and answers as the header. */
  async authenticateKey(key: string): Promise<AuthenticatedKey> {
    if (!API_KEY_PATTERN.test(key)) throw invalidApiKey();
    return this.authenticateKeyHash(hashApiKey(key));
  }

  /**
   * A key known by its hash: a long-lived SMTP connection checks its key again before each
   * message, so that a revocation or a plan change applies to the very next one.
   */
  async authenticateKeyHash(keyHash: string): Promise<AuthenticatedKey> {
    const row = await this.lookUp(keyHash);
    if (!row || row.revokedAt) throw invalidApiKey();
    await this.touch(row);
    return {
      keyId: row.id,
      workspaceId: row.workspaceId,
      environment: row.environment,
      scope: row.scope,
      plan: row.plan,
      rateLimitOverride: rateLimitOf(row.apiRateLimitPerSecond, row.apiRateLimitBurst),
      allowedDomains: row.allowedDomains,
      allowedCidrs: row.allowedCidrs,
    };
  }

  private async touch(row: ApiKeyRecord): Promise<void> {
    const now = this.clock();
    const lastKnown = Math.max(this.touchedAt.get(row.id) ?? 0, row.lastUsedAt?.getTime() ?? 0);
    if (now - lastKnown < TOUCH_INTERVAL_MS) return;
    await touchApiKey(sqlPool(this.db), row.id);
    this.remember(row.id, now);
  }

  private remember(keyId: string, at: number): void {
    if (this.touchedAt.size >= MAX_REMEMBERED_KEYS) {
      for (const [id, time] of this.touchedAt) if (at - time >= TOUCH_INTERVAL_MS) this.touchedAt.delete(id);
      if (this.touchedAt.size >= MAX_REMEMBERED_KEYS) this.touchedAt.clear();
    }
    this.touchedAt.set(keyId, at);
  }
}

/** The key from `Bearer <key>`, if the header has that form and the key has the key format. */
function bearerToken(authorization: string | undefined): string | null {
  const match = /^Bearer +(\S+) *$/i.exec(authorization ?? "");
  const token = match?.[1];
  return token && API_KEY_PATTERN.test(token) ? token : null;
}
