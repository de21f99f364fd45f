export { createSesApiClients, type SesApiClients, type SesApiEnv } from "./clients.ts";
export { readSesAccount, type SesAccountView } from "./account.ts";
export {
  applySesSetup,
  accountOf,
  protocolOf,
  type AppliedSesSetup,
  type DesiredConfigurationSet,
  type DesiredSesSetup,
  type SesSetupClients,
  type SubscriptionState,
} from "./reconcile.ts";
export { readSesStatus, type ConfigurationSetStatus, type RecordedSetupToCheck, type SesStatus } from "./status.ts";
