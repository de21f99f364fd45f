/**
 * The `api_keys` table. The request path (look-up, `lastUsedAt`) is raw SQL on a `Queryable`;
 * key management takes the Prisma client or a transaction client. Only a key's SHA-256 is stored.
 */
import type { ApiKey, KeyEnvironment, KeyScope, Plan, Prisma } from "@svc/db";
import type { KeyEnvironmentName } from "../keys/format.ts";
import type { ScopeName } from "../keys/scopes.ts";
import type { Queryable } from "../sql.ts";

/** A key's row as the request path reads it (with its workspace's plan). */
export interface ApiKeyRecord {
  keyHash: string;
  id: string;
  workspaceId: string;
  environment: KeyEnvironmentName;
  scope: ScopeName;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  plan: Plan;
  /** The workspace's request rate limit per key, when an operator set one (see workspaces). */
  apiRateLimitPerSecond: number | null;
  apiRateLimitBurst: number | null;
  /** The key's bindings (see keys/bindings.ts); empty: none. */
  allowedDomains: string[];
  allowedCidrs: string[];
}

/**
 * Reads the keys with these hashes in one statement: one answer per hash, in order, null for an
 * unknown one (revoked keys are returned as they are; the caller refuses them). Taking many
 * hashes lets a process coalesce the lookups of concurrent requests into one round trip, and it
 * is still a read of the current rows, so coalescing caches nothing.
 */
export async function lookUpApiKeys(db: Queryable, keyHashes: readonly string[]): Promise<Array<ApiKeyRecord | null>> {
  const result = await db.query({
    name: "svc_look_up_api_keys",
    text: `SELECT k."keyHash", k.id, k."workspaceId", k.environment::text AS environment, k.scope::text AS scope,
            k."lastUsedAt", k."revokedAt", k."allowedDomains", k."allowedCidrs", w.plan::text AS plan, w."apiRateLimitPerSecond", w."apiRateLimitBurst"
     FROM api_keys k JOIN workspaces w ON w.id = k."workspaceId"
     WHERE k."keyHash" = ANY($1::text[])`,
    values: [keyHashes],
  });
  const byHash = new Map((result.rows as ApiKeyRecord[]).map((row) => [row.keyHash, row]));
  return keyHashes.map((hash) => byHash.get(hash) ?? null);
}

/**
 * Sets `lastUsedAt` to now unless it is already within the last minute, so that any number of
 * processes touching the same key write the row at most once a minute between them.
 */
export async function touchApiKey(db: Queryable, keyId: string): Promise<void> {
  await db.query(
    `UPDATE api_keys SET "lastUsedAt" = CURRENT_TIMESTAMP
       WHERE id = $1 AND ("lastUsedAt" IS NULL OR "lastUsedAt" < CURRENT_TIMESTAMP - interval '1 minute')`,
    [keyId],
  );
}

export function insertApiKey(
  prisma: Prisma.TransactionClient,
  row: {
    id: string;
    workspaceId: string;
    name: string;
    environment: KeyEnvironment;
    scope: KeyScope;
    displayHint: string;
    keyHash: string;
    /** None by default (an unbound key). */
    allowedDomains?: string[];
    allowedCidrs?: string[];
  },
): Promise<ApiKey> {
  return prisma.apiKey.create({ data: row });
}

/** The workspace's keys, revoked ones included, newest first. */
export function findApiKeysOfWorkspace(prisma: Prisma.TransactionClient, workspaceId: string): Promise<ApiKey[]> {
  return prisma.apiKey.findMany({ where: { workspaceId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
}

/** One key, or only within one workspace when `workspaceId` is given. */
export function findApiKey(prisma: Prisma.TransactionClient, keyId: string, workspaceId?: string): Promise<ApiKey | null> {
  return prisma.apiKey.findFirst({ where: { id: keyId, ...(workspaceId ? { workspaceId } : {}) } });
}

export function countActiveApiKeys(prisma: Prisma.TransactionClient, workspaceId: string): Promise<number> {
  return prisma.apiKey.count({ where: { workspaceId, revokedAt: null } });
}

export function setApiKeyRevokedAt(prisma: Prisma.TransactionClient, keyId: string, revokedAt: Date): Promise<ApiKey> {
  return prisma.apiKey.update({ where: { id: keyId }, data: { revokedAt } });
}

/** The workspace's newest unrevoked key with this name and environment, or null. */
export function findActiveApiKeyByName(
  prisma: Prisma.TransactionClient,
  workspaceId: string,
  name: string,
  environment: KeyEnvironment,
): Promise<ApiKey | null> {
  return prisma.apiKey.findFirst({
    where: { workspaceId, name, environment, revokedAt: null },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
}
