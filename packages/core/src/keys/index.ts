export { ApiKeyAuthenticator, type ApiKeyLookup, type AuthenticatedKey } from "./auth.ts";
export {
  domainAllowed,
  domainNotAllowed,
  KEY_BINDING_LIMITS,
  type KeyBindings,
  parseCidr,
  refuseUnlessSourceAllowed,
  SOURCE_REFUSAL_AUDIT_MAX_PAIRS,
  SOURCE_REFUSAL_AUDIT_WINDOW_MS,
  type SourceRefusal,
  SourceRefusalRecorder,
  sourceInCidrs,
} from "./bindings.ts";
export { displayHint, hashApiKey, KEY_ENVIRONMENTS, type KeyEnvironmentName } from "./format.ts";
export { type Permission, SCOPE_NAMES, type ScopeName, scopeAllows } from "./scopes.ts";
export { type ApiKeyView, createApiKey, listApiKeys, revokeApiKey, workspaceOfApiKey } from "./service.ts";
