import type { DbHandle, Plan } from "@svc/db";
import { AppError } from "../errors.ts";
import { API_KEY_PATTERN, hashApiKey, type KeyEnvironmentName } from "./format.ts";
import type { ScopeName } from "./scopes.ts";
import { sqlPool } from "../sql.ts";

/** What a request knows about its caller once the key checked out. */
export interface AuthenticatedKey {
  keyId: string;
  workspaceId: string;
  environment: KeyEnvironmentName;
  scope: ScopeName;
  plan: Plan;
}

export const INVALID_KEY_MESSAGE = "Invalid or missing API key.";
export const invalidApiKey = () => new AppError("unauthorized", INVALID_KEY_MESSAGE);

/** `lastUsedAt` is promised to the minute, no finer. */
const TOUCH_INTERVAL_MS = 60_000;
/** Bound on the in-process memory of recent writes; entries older than the interval are useless. */
const MAX_REMEMBERED_KEYS = 10_000;

interface KeyRow {
  id: string;
  workspaceId: string;
  environment: KeyEnvironmentName;
  scope: ScopeName;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  plan: Plan;
}

/**
 * Resolves `Authorization: Bearer <key>` to its key record on every request, straight from
 * Postgres: there is deliberately no cache of keys, so a revocation is seen by every instance on
 * the very next request. The lookup is one indexed equality match on the key's SHA-256 hash; the
 * hash comparison inside the index leaks nothing useful, since a caller cannot steer the hash of
 * a guess toward a stored one.
 *
 * `lastUsedAt` stays current to the minute without a write per request: this process skips the
 * write when it (or the row it just read) says the key was used within the last minute, and the
 * UPDATE itself only touches a row whose value is older than a minute, so many instances racing
 * write at most once a minute between them.
 */
export class ApiKeyAuthenticator {
  private readonly touchedAt = new Map<string, number>();

  constructor(
    private readonly handle: DbHandle,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The key behind the header, or a 401 AppError for a missing, malformed, unknown or revoked one. */
  async authenticate(authorization: string | undefined): Promise<AuthenticatedKey> {
    const key = bearerToken(authorization);
    if (!key) throw invalidApiKey();
    const result = await sqlPool(this.handle).query<KeyRow>(
      `SELECT k.id, k."workspaceId", k.environment::text AS environment, k.scope::text AS scope,
              k."lastUsedAt", k."revokedAt", w.plan::text AS plan
       FROM api_keys k JOIN workspaces w ON w.id = k."workspaceId"
       WHERE k."keyHash" = $1`,
      [hashApiKey(key)],
    );
    const row = result.rows[0];
    if (!row || row.revokedAt) throw invalidApiKey();
    await this.touch(row);
    return { keyId: row.id, workspaceId: row.workspaceId, environment: row.environment, scope: row.scope, plan: row.plan };
  }

  private async touch(row: KeyRow): Promise<void> {
    const now = this.clock();
    const lastKnown = Math.max(this.touchedAt.get(row.id) ?? 0, row.lastUsedAt?.getTime() ?? 0);
    if (now - lastKnown < TOUCH_INTERVAL_MS) return;
    await sqlPool(this.handle).query(
      `UPDATE api_keys SET "lastUsedAt" = CURRENT_TIMESTAMP
       WHERE id = $1 AND ("lastUsedAt" IS NULL OR "lastUsedAt" < CURRENT_TIMESTAMP - interval '1 minute')`,
      [row.id],
    );
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
export function bearerToken(authorization: string | undefined): string | null {
  const match = /^Bearer +(\S+) *$/i.exec(authorization ?? "");
  const token = match?.[1];
  return token && API_KEY_PATTERN.test(token) ? token : null;
}
