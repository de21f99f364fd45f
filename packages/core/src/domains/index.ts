export { createDnsResolver, type TxtResolver } from "./resolver.ts";
export type { RecordCheck } from "./checks.ts";
export type { DomainView } from "./views.ts";
export { IdentityNotOursError, IdentityProviderError, type IdentityCheckStatus, type IdentityState, type SendingIdentities, type DomainIdentitySpec } from "./identities.ts";
export {
  addDomain,
  getDomain,
  listDomains,
  markDomainVerified,
  removeDomain,
  verifyDomain,
  type DomainContext,
  type DomainVerification,
} from "./service.ts";
export { recheckDomains, runDomainRecheckOnce, scheduleDomainRecheck, sealPlainDkimKeys, type RecheckResult } from "./recheck.ts";
export { unverifiedDomainMessage } from "./refusal.ts";
export { setDomainTracking, type TrackingChange } from "./tracking.ts";
export { domainIdentityStatuses, type DomainIdentityStatus } from "./identityStatus.ts";
