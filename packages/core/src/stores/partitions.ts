import type { Pool, PoolClient } from "pg";
import { statusInSql, WAITING_TO_SEND } from "../emails/status.ts";
import { inPoolTransaction } from "../sql.ts";

/**
 * The weekly partitions of the time-partitioned tables (see retention/partitions.ts): listing,
 * creating and dropping them. Partition names are `<table>_p<YYYYMMDD>` (the week's Monday, UTC),
 * with `_1`, `_2`, … for the further pieces of a week created around rows of the DEFAULT partition.
 */

export interface WeekPartition {
  table: string;
  name: string;
  /** The week's Monday, `YYYYMMDD`. */
  week: string;
}

/** The weekly partitions of `tables`, from the catalog. */
export async function listWeekPartitions(db: Pool, tables: readonly string[]): Promise<WeekPartition[]> {
  const { rows } = await db.query(
    `SELECT parent.relname AS "table", child.relname AS name
       FROM pg_inherits i
       JOIN pg_class parent ON parent.oid = i.inhparent
       JOIN pg_class child ON child.oid = i.inhrelid
      WHERE parent.relname = ANY ($1::text[]) AND parent.relnamespace = current_schema()::regnamespace
      ORDER BY child.relname`,
    [tables],
  );
  const partitions: WeekPartition[] = [];
  for (const row of rows as Array<{ table: string; name: string }>) {
    const week = new RegExp(`^${row.table}_p(\\d{8})(?:_\\d+)?$`).exec(row.name)?.[1];
    if (week) partitions.push({ table: row.table, name: row.name, week });
  }
  return partitions;
}

/**
 * How long the keeper waits for a table lock before it gives up (and tries again later): its DDL
 * locks the parents, and under a lock it waits for, every statement on that table queues. Shorter
 * than PostgreSQL's deadlock_timeout (1 s by default), so that when the keeper and a transaction
 * of the service wait for each other the keeper is the one that yields.
 */
export const KEEPER_LOCK_TIMEOUT_MS = 200;

/** Whether `error` is the keeper's lock wait running out (it may try again). */
export function isLockTimeout(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === "55P03";
}

async function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  return inPoolTransaction(pool, async (client) => {
    await client.query(`SET LOCAL lock_timeout = ${KEEPER_LOCK_TIMEOUT_MS}`);
    return work(client);
  });
}

/**
 * Every lock the keeper's DDL needs (a new partition's foreign keys lock the tables they point at,
 * and creating or detaching one locks its parent), taken first and in one order.
 */
const LOCK_ALL = "LOCK TABLE emails, email_events, webhook_deliveries, webhook_attempts, inbound_emails IN ACCESS EXCLUSIVE MODE";

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * Creates the partitions of `table` for ids in [`from`, `to`) named after `week`, unless they
 * exist; answers how many it created. PostgreSQL refuses a partition that would own rows of the
 * DEFAULT partition (random ids from before partitioning, or rows written while the week had no
 * partition), so the week is created in pieces around them and they stay in the DEFAULT partition,
 * where the batch purge deletes them in time. One short transaction under LOCK_ALL: the DEFAULT
 * partition's rows in the range are read by its primary key, then the pieces created.
 */
export async function createWeekPartitions(pool: Pool, table: string, week: string, from: string, to: string): Promise<number> {
  return inTransaction(pool, async (client) => {
    const name = `${table}_p${week}`;
    const { rows: existing } = await client.query("SELECT to_regclass($1) IS NOT NULL AS present", [ident(name)]);
    if (existing[0]?.present) return 0;
    await client.query(LOCK_ALL);
    const { rows } = await client.query(`SELECT id FROM ${ident(`${table}_default`)} WHERE id >= $1 AND id < $2 ORDER BY id`, [from, to]);
    const bounds: Array<[string, string]> = [];
    let start = from;
    for (const { id } of rows as Array<{ id: string }>) {
      if (Buffer.compare(Buffer.from(id), Buffer.from(start)) > 0) bounds.push([start, id]);
      // The smallest string after that id: ids hold no control characters.
      start = `${id}\u0001`;
    }
    if (Buffer.compare(Buffer.from(to), Buffer.from(start)) > 0) bounds.push([start, to]);
    for (const [n, [lo, hi]] of bounds.entries()) {
      await client.query(
        `CREATE TABLE ${ident(n === 0 ? name : `${name}_${n}`)} PARTITION OF ${ident(table)} FOR VALUES FROM (${literal(lo)}) TO (${literal(hi)})`,
      );
    }
    return bounds.length;
  });
}

/** A week of the email tables: its partitions and its emails' and inbound records' id range. */
export interface WeekToDrop {
  /** Children first: attempts, deliveries, events, emails, inbound records. */
  partitions: readonly WeekPartition[];
  emailIds: { from: string; to: string };
  inboundIds: { from: string; to: string };
  /** Per plan, the last-activity (for inbound: arrival) time before which its rows may go. */
  cutoffs: ReadonlyArray<{ plan: string; before: Date }>;
}

const STILL_WAITING = statusInSql("e.status", WAITING_TO_SEND);

/**
 * Drops a week's partitions in one transaction if nothing in them is still kept: no email
 * unfinished or active since its plan's cutoff, no inbound record received since it. Answers
 * whether it dropped them. The tables are locked first (detaching needs it, and no event can move
 * an email's last activity in between): the check reads one week's partitions by index, and the
 * drop itself is catalog work, so the lock is short. Attachment bytes of its emails and inbound
 * records go, and replies received later lose their link to the emails (as a delete would do);
 * each referenced partition is detached (PostgreSQL checks nothing else references it) and dropped.
 */
export async function dropWeekPartitions(pool: Pool, week: WeekToDrop): Promise<boolean> {
  return inTransaction(pool, async (client) => {
    const of = (table: string) => week.partitions.filter((p) => p.table === table).map((p) => p.name);
    await client.query(LOCK_ALL);
    const plans = week.cutoffs.map((c) => c.plan);
    const befores = week.cutoffs.map((c) => c.before);
    const { rows } = await client.query(
      `SELECT EXISTS (
                SELECT 1 FROM emails e JOIN workspaces w ON w.id = e."organizationId"
                  JOIN unnest($5::text[], $6::timestamptz[]) AS p(plan, before) ON p.plan = w.plan::text
                 WHERE e.id >= $1 AND e.id < $2
                   AND (${STILL_WAITING} OR e."lastActivityAt" IS NULL OR e."lastActivityAt" >= p.before))
           OR EXISTS (
                SELECT 1 FROM inbound_emails i JOIN workspaces w ON w.id = i."workspaceId"
                  JOIN unnest($5::text[], $6::timestamptz[]) AS p(plan, before) ON p.plan = w.plan::text
                 WHERE i.id >= $3 AND i.id < $4 AND i."receivedAt" >= p.before) AS kept`,
      [week.emailIds.from, week.emailIds.to, week.inboundIds.from, week.inboundIds.to, plans, befores],
    );
    if (rows[0]?.kept) return false;
    for (const name of of("emails")) {
      await client.query(`DELETE FROM email_attachments a USING ${ident(name)} e WHERE a."emailId" = e.id`);
      await client.query(`UPDATE inbound_emails i SET "replyToEmailId" = NULL FROM ${ident(name)} e WHERE i."replyToEmailId" = e.id`);
    }
    for (const name of of("inbound_emails")) {
      await client.query(`DELETE FROM inbound_attachments a USING ${ident(name)} i WHERE a."inboundEmailId" = i.id`);
    }
    for (const table of ["webhook_attempts", "webhook_deliveries", "email_events", "emails", "inbound_emails"]) {
      for (const name of of(table)) {
        if (table !== "webhook_attempts") await client.query(`ALTER TABLE ${ident(table)} DETACH PARTITION ${ident(name)}`);
        await client.query(`DROP TABLE ${ident(name)}`);
      }
    }
    return true;
  });
}
