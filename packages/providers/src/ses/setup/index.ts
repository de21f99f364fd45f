export { readSesAccount, type SesAccountView } from "./account.ts";
export { createSesApiClients, type SesApiClients, type SesApiEnv, sesApiEnvOf } from "./clients.ts";
export {
  type AppliedSesSetup,
  accountOf,
  applySesSetup,
  type DesiredConfigurationSet,
  type DesiredSesSetup,
  deleteConfigurationSets,
  protocolOf,
  type SesSetupClients,
  type SubscriptionState,
} from "./reconcile.ts";
export { type ConfigurationSetStatus, type RecordedSetupToCheck, readSesStatus, type SesStatus } from "./status.ts";
