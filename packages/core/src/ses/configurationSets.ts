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
/** Hex digits of the tracking domain's hash in a set's name: the part that keeps names apart. */
const DOMAIN_HASH_LENGTH = 12;

/**
 * `<prefix>`, `<prefix>-open`, `<prefix>-click`, `<prefix>-open-click`, and for a custom tracking
 * domain `…-<readable part of the domain>-<hash of the exact domain>`. The hash, not the readable
 * part, tells domains apart: `t.my-brand.io` and `t.my.brand.io` read alike once dots become
 * hyphens, and two domains sharing one set would share its CustomRedirectDomain.
 */
export function configurationSetName(prefix: string, combination: TrackingCombination): string {
  const tracking = [combination.openTracking ? "open" : null, combination.clickTracking ? "click" : null].filter(Boolean).join("-");
  const base = tracking ? `${prefix}-${tracking}` : prefix;
  if (!combination.trackingDomain) return base;
  const hash = createHash("sha256").update(combination.trackingDomain).digest("hex").slice(0, DOMAIN_HASH_LENGTH);
  const room = MAX_NAME_LENGTH - base.length - hash.length - 2;
  const readable = combination.trackingDomain
    .replace(/[^A-Za-z0-9]+/g, "-")
    .slice(0, Math.max(room, 0))
    .replace(/-+$/, "");
  return readable ? `${base}-${readable}-${hash}` : `${base}-${hash}`;
}

/** The names given to more than one desired set (empty when every set has its own name). */
export function sharedConfigurationSetNames(sets: readonly { name: string }[]): string[] {
  const seen = new Set<string>();
  const shared = new Set<string>();
  for (const { name } of sets) (seen.has(name) ? shared : seen).add(name);
  return [...shared];
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
