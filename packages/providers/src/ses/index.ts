export { SesProvider, createSesProvider, type SesEnv, type SesProviderOptions } from "./provider.ts";
export { toProviderError } from "./errors.ts";
export { toSesAddress } from "./address.ts";
export { INSTALL_TAG_KEY, SesIdentities, createSendingIdentities, type SesIdentitiesOptions } from "./identities.ts";
export * from "./setup/index.ts";
export { SesTenants, tenantNameOf, type EnsuredTenant, type TenantResources, type TenantStatusView } from "./tenants.ts";
