import { createHash } from "node:crypto";
import type { RecordedConfigurationSet } from "../stores/sesSetups.ts";

/**
 * Open and click tracking with SES is a property of the configuration set a message is sent
 * through: SES inserts the open pixel only when the set's event destination publishes OPEN
 * events, and rewrites links only when it publishes CLICK events. Tracking per domain is
 * therefore one configuration set per tracking combination, and the sender picks the set that
 * matches the sending domain's switches.
 */

export interface TrackingCombination {
  openTracking: boolean;
  clickTracking: boolean;
  /** Custom redirect domain for tracked links and the pixel; null: SES's own. */
  trackingDomain: string | null;
}

/** The event types every set publishes: everything that is not tracking. */
const UNTRACKED_EVENT_TYPES = ["SEND", "DELIVERY", "BOUNCE", "COMPLAINT", "REJECT", "RENDERING_FAILURE", "DELIVERY_DELAY"] as const;
export type SesEventType = (typeof UNTRACKED_EVENT_TYPES)[number] | "OPEN" | "CLICK";

/** The four combinations without a custom tracking domain: every install has all of them. */
export const BASE_COMBINATIONS: readonly TrackingCombination[] = [
  { openTracking: false, clickTracking: false, trackingDomain: null },
  { openTracking: true, clickTracking: false, trackingDomain: null },
  { openTracking: false, clickTracking: true, trackingDomain: null },
  { openTracking: true, clickTracking: true, trackingDomain: null },
];

/** The event types a set of this combination publishes (all nine with both kinds of tracking). */
export function eventTypesFor(combination: TrackingCombination): SesEventType[] {
  return [
    ...UNTRACKED_EVENT_TYPES,
    ...(combination.openTracking ? ["OPEN" as const] : []),
    ...(combination.clickTracking ? ["CLICK" as const] : []),
  ];
}

/** SES's limit on configuration set names ([A-Za-z0-9_-]). */
const MAX_NAME_LENGTH = 64;

/**
 * `<prefix>`, `<prefix>-open`, `<prefix>-click`, `<prefix>-open-click`, and for a custom tracking
 * domain `…-<domain with dots as hyphens>`, shortened with a hash of the domain when too long.
 */
export function configurationSetName(prefix: string, combination: TrackingCombination): string {
  const tracking = [combination.openTracking ? "open" : null, combination.clickTracking ? "click" : null].filter(Boolean).join("-");
  const base = tracking ? `${prefix}-${tracking}` : prefix;
  if (!combination.trackingDomain) return base;
  const domainPart = combination.trackingDomain.replace(/[^A-Za-z0-9-]/g, "-");
  const full = `${base}-${domainPart}`;
  if (full.length <= MAX_NAME_LENGTH) return full;
  const hash = createHash("sha256").update(combination.trackingDomain).digest("hex").slice(0, 8);
  return `${full.slice(0, MAX_NAME_LENGTH - hash.length - 1)}-${hash}`;
}

/**
 * The recorded set for a domain's tracking: its exact combination, or, when its custom tracking
 * domain has no set yet (setup not re-run since it was chosen), the same tracking with SES's
 * own domain. Undefined when nothing matches (no setup recorded).
 */
export function chooseConfigurationSet(sets: readonly RecordedConfigurationSet[], tracking: TrackingCombination): string | undefined {
  const matches = (domain: string | null) =>
    sets.find(
      (set) => set.openTracking === tracking.openTracking && set.clickTracking === tracking.clickTracking && set.trackingDomain === domain,
    );
  const usesTracking = tracking.openTracking || tracking.clickTracking;
  return ((usesTracking && tracking.trackingDomain ? matches(tracking.trackingDomain) : undefined) ?? matches(null))?.name;
}
