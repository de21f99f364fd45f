import type { ApiKey, Db } from "@svc/db";
import { newId } from "@svc/db";
import { AppError, notFound } from "../errors.ts";
import { findApiKey, findApiKeysOfWorkspace, insertApiKey, setApiKeyRevokedAt } from "../stores/apiKeys.ts";
import { workspaceExists } from "../stores/workspaces.ts";
import { isoOrNull } from "../time.ts";
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
  };
}

interface CreateApiKeyInput {
  workspaceId: string;
  environment: KeyEnvironmentName;
  scope: ScopeName;
  name?: string;
}

const MAX_KEY_NAME_LENGTH = 100;

/** Creates a key and returns its plaintext: the only moment it exists outside the caller. */
export async function createApiKey(prisma: Db, input: CreateApiKeyInput): Promise<ApiKeyView & { key: string }> {
  const name = (input.name ?? "").trim() || `${input.environment} ${input.scope} key`;
  if (name.length > MAX_KEY_NAME_LENGTH) {
    throw new AppError("validation_failed", `name: at most ${MAX_KEY_NAME_LENGTH} characters.`);
  }
  if (!(await workspaceExists(prisma, input.workspaceId))) throw notFound("Workspace");
  const key = generateApiKey(input.environment);
  const record = await insertApiKey(prisma, {
    id: newId("apiKey"),
    workspaceId: input.workspaceId,
    name,
    environment: input.environment,
    scope: scopeFromName(input.scope),
    displayHint: displayHint(key),
    keyHash: hashApiKey(key),
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
export async function revokeApiKey(prisma: Db, keyId: string, workspaceId?: string): Promise<ApiKeyView> {
  const existing = await findApiKey(prisma, keyId, workspaceId);
  if (!existing) throw notFound("API key");
  if (existing.revokedAt) return toApiKeyView(existing);
  return toApiKeyView(await setApiKeyRevokedAt(prisma, existing.id, new Date()));
}
