export { toSesAddress } from "./address.ts";
export { toProviderError } from "./errors.ts";
export { createSendingIdentities, INSTALL_TAG_KEY, SesIdentities, type SesIdentitiesOptions } from "./identities.ts";
export { createSesProvider, type SesEnv, SesProvider, type SesProviderOptions } from "./provider.ts";
export * from "./receiving/index.ts";
export * from "./setup/index.ts";
export { type EnsuredTenant, SesTenants, type TenantResources, type TenantStatusView, tenantNameOf } from "./tenants.ts";
