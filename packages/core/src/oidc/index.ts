export { OidcClient, type OidcFlow, OidcRefusal } from "./client.ts";
export {
  allowOidcDomain,
  configureOidc,
  disallowOidcDomain,
  type OidcProviderSettings,
  oidcProvider,
  oidcSignInOpenTo,
  removeOidc,
  setOidcEnabled,
  showOidc,
} from "./settings.ts";
export { type OidcSignIn, oidcSignIn } from "./signIn.ts";
