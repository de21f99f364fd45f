export { ApiKeyAuthenticator, type ApiKeyLookup, type AuthenticatedKey } from "./auth.ts";
export {
  domainAllowed,
  domainNotAllowed,
  KEY_BINDING_LIMITS,
  type KeyBindings,
  parseCidr,
  recordSourceRefusal,
  refuseUnlessSourceAllowed,
  type SourceRefusal,
  sourceInCidrs,
} from "./bindings.ts";
export { displayHint, hashApiKey, KEY_ENVIRONMENTS, type KeyEnvironmentName } from "./format.ts";
export { type Permission, SCOPE_NAMES, type ScopeName, scopeAllows } from "./scopes.ts";
export { type ApiKeyView, createApiKey, listApiKeys, revokeApiKey } from "./service.ts";
