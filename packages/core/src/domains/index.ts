export type { RecordCheck } from "./checks.ts";
export { type DomainDnsReport, domainDnsReports } from "./dnsReport.ts";
export {
  HEALTH_KINDS,
  type HealthChange,
  type HealthFinding,
  type HealthKind,
  type HealthStatus,
} from "./health.ts";
export { type DomainHealthHistory, getDomainHealth, recordDomainHealth } from "./healthHistory.ts";
export {
  type DomainIdentitySpec,
  type IdentityCheckStatus,
  IdentityNotOursError,
  IdentityProviderError,
  type IdentityState,
  type SendingIdentities,
} from "./identities.ts";
export { type DomainIdentityStatus, domainIdentityStatuses } from "./identityStatus.ts";
export { type RecheckResult, recheckDomains, runDomainRecheckOnce, scheduleDomainRecheck, sealPlainDkimKeys } from "./recheck.ts";
export { unverifiedDomainMessage } from "./refusal.ts";
export * from "./regionIdentities.ts";
export { createDnsResolver, type TxtResolver } from "./resolver.ts";
export {
  addDomain,
  type DomainContext,
  type DomainVerification,
  getDomain,
  listDomains,
  markDomainVerified,
  removeDomain,
  verifyDomain,
} from "./service.ts";
export { setDomainTracking, type TrackingChange } from "./tracking.ts";
export type { DomainView } from "./views.ts";
