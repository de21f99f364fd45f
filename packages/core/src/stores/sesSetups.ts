import type { Prisma, SesSetup } from "@svc/db";
import type { Queryable } from "../sql.ts";

/**
 * The `ses_setups` table: what `svc ses setup` created in each AWS region (topic, subscription,
 * configuration sets, event destination) and when the ingester last heard from that topic.
 */

/** One configuration set and the tracking it stands for. */
export interface RecordedConfigurationSet {
  name: string;
  openTracking: boolean;
  clickTracking: boolean;
  trackingDomain: string | null;
}

/** A set no configuration uses any more, since `retiredAt` (ISO time). */
export interface RetiredConfigurationSet {
  name: string;
  retiredAt: string;
}

export interface SesSetupRecord {
  region: string;
  accountId: string;
  topicArn: string;
  subscriptionArn: string | null;
  ingestUrl: string;
  configurationSets: RecordedConfigurationSet[];
  retiredConfigurationSets: RetiredConfigurationSet[];
  eventDestination: string;
  lastNotificationAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Without `retiredConfigurationSets`, an update keeps those recorded (an insert records none). */
export type SesSetupInput = Omit<SesSetupRecord, "lastNotificationAt" | "createdAt" | "updatedAt" | "retiredConfigurationSets"> & {
  retiredConfigurationSets?: RetiredConfigurationSet[];
};

/** Inserts or replaces the setups of their regions (the last notification time is kept). */
export async function upsertSesSetups(prisma: Prisma.TransactionClient, setups: SesSetupInput[], now = new Date()): Promise<void> {
  for (const setup of setups) {
    const data = {
      ...setup,
      configurationSets: setup.configurationSets as unknown as Prisma.InputJsonValue,
      retiredConfigurationSets: setup.retiredConfigurationSets as unknown as Prisma.InputJsonValue | undefined,
      updatedAt: now,
    };
    await prisma.sesSetup.upsert({ where: { region: setup.region }, create: { ...data, createdAt: now }, update: data });
  }
}

export function upsertSesSetup(prisma: Prisma.TransactionClient, setup: SesSetupInput, now = new Date()): Promise<void> {
  return upsertSesSetups(prisma, [setup], now);
}

/** Every recorded setup (one per region), in region order. */
export async function findSesSetups(prisma: Prisma.TransactionClient): Promise<SesSetupRecord[]> {
  const rows = await prisma.sesSetup.findMany({ orderBy: { region: "asc" } });
  return rows.map(toRecord);
}

/**
 * Notes that notifications from these topics arrived at `at`. Moves the time forward only, so
 * that ingesters writing at once never move it back.
 */
export async function touchSesSetupNotifications(db: Queryable, topicArns: string[], at: Date): Promise<void> {
  if (topicArns.length === 0) return;
  await db.query(
    `UPDATE ses_setups SET "lastNotificationAt" = $2
      WHERE "topicArn" = ANY ($1::text[]) AND ("lastNotificationAt" IS NULL OR "lastNotificationAt" < $2)`,
    [topicArns, at],
  );
}

function toRecord(row: SesSetup): SesSetupRecord {
  return {
    ...row,
    configurationSets: row.configurationSets as unknown as RecordedConfigurationSet[],
    retiredConfigurationSets: row.retiredConfigurationSets as unknown as RetiredConfigurationSet[],
  };
}
