import type { Pool, PoolClient } from "pg";
import { statusInSql, WAITING_TO_SEND } from "../emails/status.ts";
import { inPoolTransaction } from "../sql.ts";
import { UNFINISHED_DELIVERY_STATUS } from "../webhooks/deliveryStatus.ts";
import { recordEmailFilesSql, recordInboundFilesSql } from "./fileDeletions.ts";

/**
 * The monthly partitions of the time-partitioned tables (see retention/partitions.ts): listing,
 * creating and dropping them. Partition names are `<table>_p<YYYYMM>` (the UTC month), with `_1`,
 * `_2`, … for the further pieces of a month created around rows of the DEFAULT partition.
 */

export interface MonthPartition {
  table: string;
  name: string;
  /** The month, `YYYYMM`. */
  month: string;
}

/** The monthly partitions of `tables`, from the catalog. */
export async function listMonthPartitions(db: Pool, tables: readonly string[]): Promise<MonthPartition[]> {
  const { rows } = await db.query(
    `SELECT parent.relname AS "table", child.relname AS name
       FROM pg_inherits i
       JOIN pg_class parent ON parent.oid = i.inhparent
       JOIN pg_class child ON child.oid = i.inhrelid
      WHERE parent.relname = ANY ($1::text[]) AND parent.relnamespace = current_schema()::regnamespace
      ORDER BY child.relname`,
    [tables],
  );
  const partitions: MonthPartition[] = [];
  for (const row of rows as Array<{ table: string; name: string }>) {
    const month = new RegExp(`^${row.table}_p(\\d{6})(?:_\\d+)?$`).exec(row.name)?.[1];
    if (month) partitions.push({ table: row.table, name: row.name, month });
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

/**
 * The audit log's months lock only the audit log (nothing points at it), and each of its
 * partitions refuses TRUNCATE as the table does (a statement trigger of the parent does not fire
 * for a partition truncated on its own).
 */
const AUDIT_LOG_DDL = {
  lock: "LOCK TABLE audit_log IN ACCESS EXCLUSIVE MODE",
  perPartition: (name: string) => [
    `CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON ${ident(name)} FOR EACH STATEMENT EXECUTE FUNCTION svc_audit_log_refuse_change()`,
  ],
};

function ddlOf(table: string): { lock: string; perPartition: (name: string) => string[] } {
  return table === "audit_log" ? AUDIT_LOG_DDL : { lock: LOCK_ALL, perPartition: () => [] };
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * Creates the partitions of `table` for ids in [`from`, `to`) named after `month`, unless they
 * exist; answers how many it created. PostgreSQL refuses a partition that would own rows of the
 * DEFAULT partition (random ids from before partitioning, or rows written while the month had no
 * partition), so the month is created in pieces around them and they stay in the DEFAULT partition,
 * where the batch purge deletes them in time. One short transaction under LOCK_ALL: the DEFAULT
 * partition's rows in the range are read by its primary key, then the pieces created.
 */
export async function createMonthPartitions(pool: Pool, table: string, month: string, from: string, to: string): Promise<number> {
  return inTransaction(pool, async (client) => {
    const name = `${table}_p${month}`;
    // A table a database does not have yet (one migrated only part of the way) has no months to make.
    const { rows: existing } = await client.query("SELECT to_regclass($1) IS NOT NULL AS present, to_regclass($2) IS NULL AS missing", [
      ident(name),
      ident(table),
    ]);
    if (existing[0]?.present || existing[0]?.missing) return 0;
    const ddl = ddlOf(table);
    await client.query(ddl.lock);
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
      const piece = n === 0 ? name : `${name}_${n}`;
      await client.query(`CREATE TABLE ${ident(piece)} PARTITION OF ${ident(table)} FOR VALUES FROM (${literal(lo)}) TO (${literal(hi)})`);
      for (const statement of ddl.perPartition(piece)) await client.query(statement);
    }
    return bounds.length;
  });
}

/** A month of the email tables: its partitions. */
export interface MonthToDrop {
  /** Children first: attempts, deliveries, events, emails, inbound records. */
  partitions: readonly MonthPartition[];
  /** The longest plan retention's cutoff: an email active since (or an inbound record received since) keeps its month. */
  activeSince: Date;
  /** Files live in an object store: record the month's in `file_deletions` (PostgreSQL's go with the rows). */
  recordObjectFiles: boolean;
}

const STILL_WAITING = statusInSql("status", WAITING_TO_SEND);

/**
 * Whether anything in these partitions is still kept ($1: the cutoff), in probes of their own
 * indexes (status, last activity, arrival, delivery status) that each stop at the first row: cheap enough to run
 * under LOCK_ALL. Rows of the DEFAULT partition in the month's range are not the month's: they stay.
 */
function monthKeptSql(emails: readonly string[], inbound: readonly string[], deliveries: readonly string[]): string {
  const probes = [
    // A delivery still to be attempted (a replay re-arms old ones) keeps its month until it ends.
    ...deliveries.map((name) => `EXISTS (SELECT 1 FROM ${ident(name)} WHERE status = '${UNFINISHED_DELIVERY_STATUS}')`),
    ...emails.flatMap((name) => [
      `EXISTS (SELECT 1 FROM ${ident(name)} WHERE ${STILL_WAITING})`,
      `EXISTS (SELECT 1 FROM ${ident(name)} WHERE "lastActivityAt" >= $1 OR "lastActivityAt" IS NULL)`,
    ]),
    ...inbound.map((name) => `EXISTS (SELECT 1 FROM ${ident(name)} WHERE "receivedAt" >= $1)`),
  ];
  // With no partition to probe the parameter is still the statement's.
  return `SELECT ${probes.length > 0 ? probes.join("\n    OR ") : "$1::timestamptz IS NULL"} AS kept`;
}

/**
 * Drops a month's partitions in one transaction if nothing in them is still kept: no email
 * unfinished or active within the longest plan retention, no inbound record received within it,
 * no webhook delivery still pending.
 * Answers whether it dropped them. The tables are locked first (detaching needs it, and no event
 * can move an email's last activity in between); the check probes indexes and the drop itself is
 * catalog work, so the lock is short. Attachment bytes of its emails and inbound records go (files
 * in an object store are recorded in `file_deletions` for retention to delete), and
 * replies received later lose their link to the emails (as a delete would do); each referenced
 * partition is detached (PostgreSQL checks nothing else references it) and dropped.
 */
export async function dropMonthPartitions(pool: Pool, month: MonthToDrop): Promise<boolean> {
  return inTransaction(pool, async (client) => {
    const of = (table: string) => month.partitions.filter((p) => p.table === table).map((p) => p.name);
    await client.query(LOCK_ALL);
    const { rows } = await client.query(monthKeptSql(of("emails"), of("inbound_emails"), of("webhook_deliveries")), [month.activeSince]);
    if (rows[0]?.kept) return false;
    // The month's files in an object store, recorded in the drop's transaction (see fileDeletions.ts).
    if (month.recordObjectFiles) {
      for (const name of of("emails")) await client.query(recordEmailFilesSql(ident(name)));
      for (const name of of("inbound_emails"))
        await client.query(recordInboundFilesSql(`(SELECT id, "workspaceId", attachments, raw IS NULL AS "inStore" FROM ${ident(name)})`));
    }
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

/**
 * Drops months of the audit log (detached, then dropped, in one short transaction under the audit
 * log's lock): the only way its rows ever go, since the table refuses UPDATE, DELETE and TRUNCATE.
 */
export async function dropAuditLogPartitions(pool: Pool, partitions: readonly MonthPartition[]): Promise<void> {
  if (partitions.length === 0) return;
  await inTransaction(pool, async (client) => {
    await client.query(AUDIT_LOG_DDL.lock);
    for (const { name } of partitions) {
      await client.query(`ALTER TABLE audit_log DETACH PARTITION ${ident(name)}`);
      await client.query(`DROP TABLE ${ident(name)}`);
    }
  });
}
