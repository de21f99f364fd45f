export { dnsChecks } from "./dnsChecks.ts";
export { ingestCheck } from "./ingestCheck.ts";
export { type InstallChecksConfig, installChecks } from "./installChecks.ts";
export {
  type CheckStatus,
  type DoctorCheck,
  describeError,
  exitCodeOf,
  failed,
  guarded,
  ok,
  renderLines,
  warning,
} from "./report.ts";
export { mailboxSimulatorRoundTrip, type RoundTripDeps, type RoundTripOptions, SIMULATOR_MAILBOXES } from "./roundTrip.ts";
