export { createDnsResolver, type TxtResolver } from "./resolver.ts";
export type { RecordCheck } from "./checks.ts";
export type { DomainView } from "./views.ts";
export { addDomain, getDomain, listDomains, markDomainVerified, removeDomain, verifyDomain } from "./service.ts";
export { setDomainTracking, type TrackingChange } from "./tracking.ts";
