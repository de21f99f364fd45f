import type { Db, DbHandle } from "@svc/db";
import { sqlPool } from "../sql.ts";
import { findCustomTrackingCombinations } from "../stores/domains.ts";
import { findSesSetups, type SesSetupInput, type SesSetupRecord, touchSesSetupNotifications, upsertSesSetup } from "../stores/sesSetups.ts";
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
