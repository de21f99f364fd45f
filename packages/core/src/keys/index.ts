export { KEY_ENVIRONMENTS, displayHint, hashApiKey, type KeyEnvironmentName } from "./format.ts";
export { SCOPE_NAMES, scopeAllows, type Permission, type ScopeName } from "./scopes.ts";
export { createApiKey, listApiKeys, revokeApiKey, type ApiKeyView } from "./service.ts";
export { ApiKeyAuthenticator, type ApiKeyLookup, type AuthenticatedKey } from "./auth.ts";
