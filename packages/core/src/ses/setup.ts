import type { Db, DbHandle } from "@svc/db";
import { sqlPool } from "../sql.ts";
import { findCustomTrackingCombinations } from "../stores/domains.ts";
import {
  findSesSetups,
  type RetiredConfigurationSet,
  type SesSetupInput,
  type SesSetupRecord,
  touchSesSetupNotifications,
  upsertSesSetup,
} from "../stores/sesSetups.ts";
import { BASE_COMBINATIONS, eventTypesFor, type TrackingCombination } from "./configurationSets.ts";

/** What `svc ses setup` created, read by the sender (configuration sets) and the ingester (topics). */

export function recordSesSetup(prisma: Db, setup: SesSetupInput): Promise<void> {
  return upsertSesSetup(prisma, setup);
}

export function listSesSetups(prisma: Db): Promise<SesSetupRecord[]> {
  return findSesSetups(prisma);
}

export async function getSesSetup(prisma: Db, region: string): Promise<SesSetupRecord | null> {
  return (await findSesSetups(prisma)).find((setup) => setup.region === region) ?? null;
}

/**
 * Notes that notifications from these topics arrived at `at` (`svc ses status` shows it). The
 * recorded time only moves forward, so ingesters writing at once never move it back.
 */
export function noteSesNotificationsArrived(db: DbHandle, topicArns: string[], at: Date): Promise<void> {
  return touchSesSetupNotifications(sqlPool(db), topicArns, at);
}

/** The four base combinations and every custom-tracking-domain combination a domain uses. */
export async function trackingCombinationsInUse(prisma: Db): Promise<TrackingCombination[]> {
  return [...BASE_COMBINATIONS, ...(await findCustomTrackingCombinations(prisma))];
}

/**
 * What `svc ses setup` recorded, as the SES status check compares it with what AWS holds (the
 * dashboard's operator page and `svc ses status`); null when setup never ran.
 */
export function sesExpectationOf(recorded: SesSetupRecord | null) {
  return (
    recorded && {
      topicArn: recorded.topicArn,
      ingestUrl: recorded.ingestUrl,
      eventDestinationName: recorded.eventDestination,
      configurationSets: recorded.configurationSets.map((set) => ({ name: set.name, eventTypes: eventTypesFor(set) })),
    }
  );
}

/**
 * How long a set no configuration uses is kept before setup deletes it: far longer than a sender
 * holds the recorded sets in its cache, and long enough for the late events of the emails sent
 * through it (bounces, delays, opens, clicks), which SES publishes only while the set exists.
 */
export const RETIRED_SET_GRACE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The sets that fall out of use when the recorded setup becomes `desired` (a name changed, a
 * tracking domain no domain uses any more), with those retired earlier: `keep` are recorded as
 * retired, `remove` are old enough to delete now. A name in use again is no longer retired.
 */
export function retireConfigurationSets(
  recorded: Pick<SesSetupRecord, "configurationSets" | "retiredConfigurationSets"> | null,
  desiredNames: readonly string[],
  now: Date,
): { keep: RetiredConfigurationSet[]; remove: string[] } {
  const inUse = new Set(desiredNames);
  const retired = new Map<string, string>();
  for (const set of recorded?.retiredConfigurationSets ?? []) if (!inUse.has(set.name)) retired.set(set.name, set.retiredAt);
  for (const set of recorded?.configurationSets ?? [])
    if (!inUse.has(set.name) && !retired.has(set.name)) retired.set(set.name, now.toISOString());
  const keep: RetiredConfigurationSet[] = [];
  const remove: string[] = [];
  for (const [name, retiredAt] of [...retired].sort(([a], [b]) => a.localeCompare(b))) {
    if (now.getTime() - Date.parse(retiredAt) >= RETIRED_SET_GRACE_MS) remove.push(name);
    else keep.push({ name, retiredAt });
  }
  return { keep, remove };
}
