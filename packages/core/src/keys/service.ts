import type { ApiKey, Db } from "@svc/db";
import { newId } from "@svc/db";
import { type AuditBy, prismaQueryable } from "../audit/inTransaction.ts";
import { recordAudit } from "../audit/record.ts";
import { AppError, notFound } from "../errors.ts";
import { findApiKey, findApiKeysOfWorkspace, insertApiKey, setApiKeyRevokedAt } from "../stores/apiKeys.ts";
import { findDomainsNamed } from "../stores/domains.ts";
import { workspaceExists } from "../stores/workspaces.ts";
import { isoOrNull } from "../time.ts";
import { parseKeyBindings } from "./bindings.ts";
import { displayHint, generateApiKey, hashApiKey, type KeyEnvironmentName } from "./format.ts";
import { type ScopeName, scopeFromName, scopeName } from "./scopes.ts";

export interface ApiKeyView {
  id: string;
  name: string;
  environment: KeyEnvironmentName;
  scope: ScopeName;
  displayHint: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  /** The from-domains it may send from; empty: any verified domain of the workspace. */
  allowedDomains: string[];
  /** The source networks (CIDRs) it may be used from; empty: anywhere. */
  allowedCidrs: string[];
}

/** The public shape of a key record: never the key, never the hash. */
function toApiKeyView(key: ApiKey): ApiKeyView {
  return {
    id: key.id,
    name: key.name,
    environment: key.environment,
    scope: scopeName(key.scope),
    displayHint: key.displayHint,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: isoOrNull(key.lastUsedAt),
    revokedAt: isoOrNull(key.revokedAt),
    allowedDomains: key.allowedDomains,
    allowedCidrs: key.allowedCidrs,
  };
}

interface CreateApiKeyInput {
  workspaceId: string;
  environment: KeyEnvironmentName;
  scope: ScopeName;
  name?: string;
  /** Names of the workspace's domains the key may send from; none: any. */
  domains?: readonly string[];
  /** CIDRs (IPv4 or IPv6) the key may be used from; none: anywhere. */
  cidrs?: readonly string[];
}

const MAX_KEY_NAME_LENGTH = 100;

/**
 * Creates a key and returns its plaintext: the only moment it exists outside the caller. A
 * binding to a domain the workspace does not have (in any state), or a malformed CIDR, is a 422
 * naming it, and nothing is created.
 */
export async function createApiKey(prisma: Db, input: CreateApiKeyInput): Promise<ApiKeyView & { key: string }> {
  const name = (input.name ?? "").trim() || `${input.environment} ${input.scope} key`;
  if (name.length > MAX_KEY_NAME_LENGTH) {
    throw new AppError("validation_failed", `name: at most ${MAX_KEY_NAME_LENGTH} characters.`);
  }
  const bindings = parseKeyBindings({ domains: input.domains ?? [], cidrs: input.cidrs ?? [] });
  if (!(await workspaceExists(prisma, input.workspaceId))) throw notFound("Workspace");
  if (bindings.allowedDomains.length > 0) {
    const known = new Set((await findDomainsNamed(prisma, input.workspaceId, bindings.allowedDomains)).map((domain) => domain.name));
    const unknown = bindings.allowedDomains.filter((domain) => !known.has(domain));
    if (unknown.length > 0) {
      throw new AppError(
        "validation_failed",
        `domains: ${unknown.join(", ")} ${unknown.length === 1 ? "is not a domain" : "are not domains"} of this workspace.`,
      );
    }
  }
  const key = generateApiKey(input.environment);
  const record = await insertApiKey(prisma, {
    id: newId("apiKey"),
    workspaceId: input.workspaceId,
    name,
    environment: input.environment,
    scope: scopeFromName(input.scope),
    displayHint: displayHint(key),
    keyHash: hashApiKey(key),
    allowedDomains: [...bindings.allowedDomains],
    allowedCidrs: [...bindings.allowedCidrs],
  });
  return { ...toApiKeyView(record), key };
}

export async function listApiKeys(prisma: Db, workspaceId: string): Promise<ApiKeyView[]> {
  return (await findApiKeysOfWorkspace(prisma, workspaceId)).map(toApiKeyView);
}

/**
 * Revokes at once. Scoped by workspace when one is given (API, dashboard): another workspace's
 * key is indistinguishable from a missing one. Revoking twice keeps the first time.
 */
/**
 * The workspace that owns a key, for a caller that names the key by id alone (the operator CLI):
 * its audit entry belongs in that workspace. An unknown id is not found.
 */
export async function workspaceOfApiKey(prisma: Db, keyId: string): Promise<string> {
  const existing = await findApiKey(prisma, keyId);
  if (!existing) throw notFound("API key");
  return existing.workspaceId;
}

/**
 * Revokes a key (again: nothing changes). With `by`, the revocation's audit entry is written in the
 * same transaction as the revocation: one exists exactly when the other does.
 */
export async function revokeApiKey(prisma: Db, keyId: string, workspaceId?: string, by?: AuditBy): Promise<ApiKeyView> {
  const existing = await findApiKey(prisma, keyId, workspaceId);
  if (!existing) throw notFound("API key");
  if (existing.revokedAt) return toApiKeyView(existing);
  if (!by) return toApiKeyView(await setApiKeyRevokedAt(prisma, existing.id, new Date()));
  return prisma.$transaction(async (tx) => {
    const revoked = toApiKeyView(await setApiKeyRevokedAt(tx, existing.id, new Date()));
    await recordAudit(prismaQueryable(tx), {
      ...by,
      workspaceId: existing.workspaceId,
      action: "api_key.revoked",
      target: { type: "api_key", id: existing.id },
      changes: { name: revoked.name },
    });
    return revoked;
  });
}
