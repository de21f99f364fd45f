import { afterAll, describe, expect, it } from "@jest/globals";
import {
  createMonth,
  createPartitionsAhead,
  dropAfterMs,
  dropExpiredPartitions,
  MONTHS_AHEAD,
  monthName,
  monthStart,
  monthsAfter,
  recordEmailEvent,
} from "@svc/core";
import { idLowerBoundAt, newId, newIdBeside, newTimeId } from "@svc/db";
import type { Pool } from "pg";
import { createWorkspaceFixture, insertEmail, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { selectEmailsNewestFirst } from "../src/stores/emails.ts";

const handle = openTestDb();
const db = handle.prisma;
const pool = handle.pool as unknown as Pool;
afterAll(() => handle.close());

const DAY = 24 * 3600 * 1000;
const TABLES = [
  ["emails", "email"],
  ["email_events", "event"],
  ["webhook_deliveries", "delivery"],
  ["webhook_attempts", "attempt"],
  ["inbound_emails", "inbound"],
] as const;

/**
 * A month long expired that has no partitions yet and no older rows in its range (the test
 * database persists, and other runs use months too): between 3 and about 50 years back.
 */
async function oldMonth(): Promise<Date> {
  for (;;) {
    const start = monthsAfter(monthStart(new Date()), -(36 + Math.floor(Math.random() * 560)));
    if ((await partitionsOf(start)).length === 0 && !(await defaultRowsIn(start))) return start;
  }
}

/**
 * Whether a DEFAULT partition holds rows whose ids fall in the month (random ids from before
 * partitioning do, in a test database used before: the month would then be made in pieces).
 */
async function defaultRowsIn(start: Date): Promise<boolean> {
  const end = monthsAfter(start, 1);
  for (const [table, kind] of TABLES) {
    const { rows } = await pool.query(`SELECT EXISTS (SELECT 1 FROM ${table}_default WHERE id >= $1 AND id < $2) AS found`, [
      idLowerBoundAt(kind, start),
      idLowerBoundAt(kind, end),
    ]);
    if (rows[0].found) return true;
  }
  return false;
}

/** The month's partitions of the email tables (the audit log's month, made beside them, has its own retention). */
async function partitionsOf(start: Date): Promise<string[]> {
  const { rows } = await pool.query(
    `SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE c.relname ~ ('_p' || $1::text || '(_[0-9]+)?$') AND c.relname NOT LIKE 'audit\\_log\\_%' ORDER BY 1`,
    [monthName(start)],
  );
  return rows.map((row: { relname: string }) => row.relname);
}

/** Which partition holds the row. */
async function partitionOf(table: string, id: string): Promise<string | null> {
  const { rows } = await pool.query(`SELECT tableoid::regclass::text AS part FROM ${table} WHERE id = $1`, [id]);
  return rows[0]?.part ?? null;
}

/** A finished email of `at` with a `sent` event delivered to the workspace's webhook (one successful attempt) and an attachment row. */
async function finishedEmail(fx: WorkspaceFixture, at: Date) {
  const emailId = await insertEmail(handle, fx, { status: "delivered", createdAt: at, lastActivityAt: at });
  await db.emailAttachment.create({ data: { emailId, position: 0, content: new Uint8Array([1, 2, 3]) } });
  const event = await recordEmailEvent(handle, {
    emailId,
    type: "sent",
    eventTimestamp: at,
    payloadJson: "{}",
    dedupeKey: `test:sent:${emailId}`,
  });
  // Recording moved the email's last activity to now: put it back in the past.
  await db.email.update({ where: { id: emailId }, data: { lastActivityAt: at, status: "delivered" } });
  const deliveryId = event.deliveryIds[0]!;
  const attemptId = newIdBeside("attempt", deliveryId);
  await db.webhookAttempt.create({ data: { id: attemptId, deliveryId, number: 1, startedAt: at, durationMs: 5, statusCode: 200 } });
  await db.webhookDelivery.update({ where: { id: deliveryId }, data: { status: "succeeded", attemptCount: 1, completedAt: at } });
  return { emailId, eventId: event.eventId!, deliveryId, attemptId };
}

async function subscriptionFor(fx: WorkspaceFixture): Promise<string> {
  const subscription = await db.webhookSubscription.create({
    data: {
      id: newId("webhook"),
      workspaceId: fx.workspaceId,
      url: "https://hooks.example.com/p",
      events: ["sent"],
      secretEncrypted: "v1.a.b.c",
    },
  });
  return subscription.id;
}

describe("the partition keeper", () => {
  it("keeps this month's and the next two months' partitions for every table, and puts new rows in them", async () => {
    expect(await createPartitionsAhead(pool)).toBe(0); // created by the database's preparation
    const thisMonth = monthStart(new Date());
    expect(MONTHS_AHEAD).toBe(2);
    for (let m = 0; m <= MONTHS_AHEAD; m++) {
      const names = await partitionsOf(monthsAfter(thisMonth, m));
      for (const [table] of TABLES) expect(names).toContain(`${table}_p${monthName(monthsAfter(thisMonth, m))}`);
    }
    const fx = await createWorkspaceFixture(handle);
    const emailId = await insertEmail(handle, fx);
    // In this month's first piece or a later one (the test database holds ids from before partitioning).
    expect(await partitionOf("emails", emailId)).toMatch(new RegExp(`^emails_p${monthName(thisMonth)}(_\\d+)?$`));
  });

  it("drops an expired month's partitions with everything of its emails, and touches nothing outside it", async () => {
    const fx = await createWorkspaceFixture(handle, { plan: "scale" });
    await subscriptionFor(fx);
    const start = await oldMonth();
    await createMonth(pool, start);
    const old = [];
    for (let n = 0; n < 3; n++) old.push(await finishedEmail(fx, new Date(start.getTime() + n * DAY + 3_600_000)));
    // A reply received now to one of them, and an email of today: both outside the month.
    const inboundId = newTimeId("inbound");
    await db.inboundEmail.create({
      data: {
        id: inboundId,
        workspaceId: fx.workspaceId,
        source: "mx",
        mailFrom: "x@example.org",
        rcptTo: ["in@example.org"],
        size: 1,
        receivedAt: new Date(),
        replyToEmailId: old[0]!.emailId,
      },
    });
    const recent = await finishedEmail(fx, new Date());
    for (const row of old) expect(await partitionOf("email_events", row.eventId)).toBe(`email_events_p${monthName(start)}`);
    for (const row of old) expect(await partitionOf("webhook_attempts", row.attemptId)).toBe(`webhook_attempts_p${monthName(start)}`);

    const dropped = await dropExpiredPartitions(pool);
    expect(dropped).toContain(monthName(start));
    expect(await partitionsOf(start)).toEqual([]);
    // The audit log's month is not the emails' to drop: it is kept for the audit retention.
    const { rows: audit } = await pool.query("SELECT to_regclass($1) IS NOT NULL AS present", [`audit_log_p${monthName(start)}`]);
    expect(audit[0].present).toBe(true);
    expect(await db.email.count({ where: { id: { in: old.map((row) => row.emailId) } } })).toBe(0);
    expect(await db.emailAttachment.count({ where: { emailId: { in: old.map((row) => row.emailId) } } })).toBe(0);
    // Outside the month: all there, the reply only lost its link to the dropped email.
    expect(await db.email.count({ where: { id: recent.emailId } })).toBe(1);
    expect(await db.emailEvent.count({ where: { id: recent.eventId } })).toBe(1);
    expect(await db.webhookDelivery.count({ where: { id: recent.deliveryId } })).toBe(1);
    expect(await db.webhookAttempt.count({ where: { id: recent.attemptId } })).toBe(1);
    expect(await db.emailAttachment.count({ where: { emailId: recent.emailId } })).toBe(1);
    expect((await db.inboundEmail.findUniqueOrThrow({ where: { id: inboundId } })).replyToEmailId).toBeNull();
  });

  it("keeps an expired month's partitions while one of its emails is unfinished or active within the longest retention, and drops them after", async () => {
    const fx = await createWorkspaceFixture(handle, { plan: "free" });
    await subscriptionFor(fx);
    const start = await oldMonth();
    await createMonth(pool, start);
    const finished = await finishedEmail(fx, new Date(start.getTime() + DAY));
    const waiting = await insertEmail(handle, fx, { status: "queued", createdAt: new Date(start.getTime() + 2 * DAY) });

    expect(await dropExpiredPartitions(pool)).not.toContain(monthName(start));
    expect(await partitionsOf(start)).toHaveLength(TABLES.length);
    expect(await db.email.count({ where: { id: { in: [finished.emailId, waiting] } } })).toBe(2);

    // Active within its plan's retention: kept too.
    await db.email.update({ where: { id: waiting }, data: { status: "delivered", lastActivityAt: new Date(Date.now() - 10 * DAY) } });
    expect(await dropExpiredPartitions(pool)).not.toContain(monthName(start));
    // Past its plan's 30 days but within the longest plan's 90: the month waits (the batch purge
    // deletes the row meanwhile), so that the check under the lock is a probe of an index.
    await db.email.update({ where: { id: waiting }, data: { lastActivityAt: new Date(Date.now() - 40 * DAY) } });
    expect(await dropExpiredPartitions(pool)).not.toContain(monthName(start));

    await db.email.update({ where: { id: waiting }, data: { lastActivityAt: new Date(Date.now() - 91 * DAY) } });
    expect(await dropExpiredPartitions(pool)).toContain(monthName(start));
    expect(await partitionsOf(start)).toEqual([]);
  });

  it("keeps an expired month's partitions while one of its webhook deliveries is pending (a replay re-armed it), and drops them after", async () => {
    const fx = await createWorkspaceFixture(handle, { plan: "free" });
    await subscriptionFor(fx);
    const start = await oldMonth();
    await createMonth(pool, start);
    const finished = await finishedEmail(fx, new Date(start.getTime() + DAY));
    await db.webhookDelivery.update({ where: { id: finished.deliveryId }, data: { status: "pending", nextAttemptAt: new Date() } });

    expect(await dropExpiredPartitions(pool)).not.toContain(monthName(start));
    expect(await partitionsOf(start)).toHaveLength(TABLES.length);
    expect(await db.webhookDelivery.count({ where: { id: finished.deliveryId } })).toBe(1);

    await db.webhookDelivery.update({ where: { id: finished.deliveryId }, data: { status: "succeeded", completedAt: new Date() } });
    expect(await dropExpiredPartitions(pool)).toContain(monthName(start));
    expect(await partitionsOf(start)).toEqual([]);
  });

  it("leaves a month alone until the longest retention and the scheduling horizon have passed since its end", async () => {
    const fx = await createWorkspaceFixture(handle, { plan: "free" });
    await subscriptionFor(fx);
    const start = await oldMonth();
    await createMonth(pool, start);
    await finishedEmail(fx, new Date(start.getTime() + DAY));
    const end = monthsAfter(start, 1).getTime();
    expect(await dropExpiredPartitions(pool, new Date(end + dropAfterMs() - 1000))).not.toContain(monthName(start));
    expect(await partitionsOf(start)).toHaveLength(TABLES.length);
    expect(await dropExpiredPartitions(pool, new Date(end + dropAfterMs() + 1000))).toContain(monthName(start));
  });

  it("creates a month around rows of the DEFAULT partition that fall in its range, which stay readable there", async () => {
    const fx = await createWorkspaceFixture(handle);
    const start = await oldMonth();
    // As an id from before partitioning may: random characters that happen to fall in the month.
    const legacy = `${idLowerBoundAt("email", new Date(start.getTime() + 3 * DAY))}LEGACYxxxxxxxxxx`;
    await insertEmail(handle, fx, { id: legacy, status: "delivered", lastActivityAt: new Date(start.getTime() + 3 * DAY) });
    expect(await partitionOf("emails", legacy)).toBe("emails_default");

    await createMonth(pool, start);
    const names = await partitionsOf(start);
    expect(names).toEqual(expect.arrayContaining([`emails_p${monthName(start)}`, `emails_p${monthName(start)}_1`]));
    expect(await partitionOf("emails", legacy)).toBe("emails_default");
    const before = await insertEmail(handle, fx, {
      status: "delivered",
      createdAt: new Date(start.getTime() + DAY),
      lastActivityAt: new Date(start.getTime() + DAY),
    });
    const after = await insertEmail(handle, fx, {
      status: "delivered",
      createdAt: new Date(start.getTime() + 5 * DAY),
      lastActivityAt: new Date(start.getTime() + 5 * DAY),
    });
    expect(await partitionOf("emails", before)).toBe(`emails_p${monthName(start)}`);
    expect(await partitionOf("emails", after)).toBe(`emails_p${monthName(start)}_1`);

    // The month drops whole; the DEFAULT partition's row is the batch purge's.
    expect(await dropExpiredPartitions(pool)).toContain(monthName(start));
    expect(await db.email.count({ where: { id: { in: [before, after] } } })).toBe(0);
    expect(await partitionOf("emails", legacy)).toBe("emails_default");
    await db.email.delete({ where: { id: legacy } });
  });
});

describe("plans over the partitions", () => {
  /** Runs `work` in a transaction where a small test table cannot make a scan of everything win. */
  async function withIndexPlans<T>(work: (client: import("pg").PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      await client.query("SET LOCAL enable_seqscan = off");
      await client.query("SET LOCAL enable_bitmapscan = off");
      return await work(client);
    } finally {
      await client.query("ROLLBACK");
      client.release();
    }
  }
  const planText = (rows: Array<Record<string, string>>) => rows.map((row) => row["QUERY PLAN"]).join("\n");

  it("looks an email up by id in one partition: pruned when planned, and at executor start as a generic plan", async () => {
    const fx = await createWorkspaceFixture(handle);
    const emailId = await insertEmail(handle, fx);
    const month = monthName(monthStart(new Date()));
    await withIndexPlans(async (client) => {
      // GET /emails/{id}'s statement (findEmailWithEvents, as Prisma sends it).
      const statement = `SELECT id, subject, status FROM emails WHERE (id = $1 AND "organizationId" = $2) LIMIT $3 OFFSET $4`;
      const custom = planText(
        (
          await client.query(
            `EXPLAIN ${statement.replace("$1", `'${emailId}'`).replace("$2", `'${fx.workspaceId}'`).replace("$3", "1").replace("$4", "0")}`,
          )
        ).rows,
      );
      // This month's partition, or the piece of it that holds the id.
      expect(custom).toMatch(new RegExp(`Index Scan using "?emails_p${month}(_\\d+)?_\\w+"? on emails_p${month}(_\\d+)? `));
      expect(custom.match(/Index Scan/g)).toHaveLength(1);

      await client.query(`PREPARE email_by_id(text, text, int, int) AS ${statement}`);
      await client.query("SET LOCAL plan_cache_mode = force_generic_plan");
      const generic = planText((await client.query(`EXPLAIN EXECUTE email_by_id('${emailId}', '${fx.workspaceId}', 1, 0)`)).rows);
      expect(generic).toMatch(/Subplans Removed: \d+/);
      expect(generic.match(/Index Scan/g)).toHaveLength(1);
    });
  });

  it("joins a row to its email's or delivery's rows through their own indexes (the columns share the ids' collation)", async () => {
    await withIndexPlans(async (client) => {
      for (const [statement, column] of [
        [`FROM emails e JOIN email_events v ON v."emailId" = e.id WHERE e.id = 'email_x'`, "emailId"],
        [`FROM emails e JOIN email_attachments v ON v."emailId" = e.id WHERE e.id = 'email_x'`, "emailId"],
        [`FROM emails e JOIN inbound_emails v ON v."replyToEmailId" = e.id WHERE e.id = 'email_x'`, "replyToEmailId"],
        [`FROM email_events v JOIN webhook_deliveries d ON d."eventId" = v.id WHERE v.id = 'evt_x'`, "eventId"],
        [`FROM webhook_deliveries d JOIN webhook_attempts a ON a."deliveryId" = d.id WHERE d.id = 'wd_x'`, "deliveryId"],
      ] as const) {
        const plan = planText((await client.query(`EXPLAIN SELECT count(*) ${statement}`)).rows);
        // In another collation the index would only be read whole, the join a filter on it.
        expect(plan).toMatch(new RegExp(`Index Cond: \\("${column}" = `));
        expect(plan).not.toMatch(new RegExp(`Filter: .*"${column}"`));
      }
    });
  });

  it("lists a workspace's emails newest first through each partition's index, merged without a sort", async () => {
    const fx = await createWorkspaceFixture(handle);
    await insertEmail(handle, fx);
    await withIndexPlans(async (client) => {
      // The list's own statement, explained rather than run.
      const explaining = {
        query: (text: string, values?: unknown[]) => client.query(`EXPLAIN ${text}`, values),
      } as unknown as import("pg").PoolClient;
      const rows = (await selectEmailsNewestFirst(explaining, {
        workspaceId: fx.workspaceId,
        limit: 50,
        withBodies: false,
      })) as unknown as Array<Record<string, string>>;
      const plan = planText(rows);
      expect(plan).toContain("Merge Append");
      expect(plan).toMatch(/Index Scan using "emails_p\d{6}_organizationId_createdAt_id_idx"/);
      expect(plan).toMatch(/Index Scan using "emails_default_organizationId_createdAt_id_idx"/);
      expect(plan).not.toMatch(/Seq Scan/);
      // No Sort node under the limit: each partition's index gives its rows in order (the Merge
      // Append's own "Sort Key" line is the order it merges in; the page of at most `limit` rows
      // is put in order above it).
      expect(plan.slice(plan.indexOf("Limit"))).not.toMatch(/->\s+Sort\b/);
    });
  });

  it("with a created-time bound, prunes the months outside it and still finds older rows of the DEFAULT partition", async () => {
    const fx = await createWorkspaceFixture(handle);
    const since = new Date(Date.now() - 3 * DAY);
    const recent = await insertEmail(handle, fx);
    // An id from before partitioning: random, below every time id of this month, created now.
    const legacy = `email_00${newId("email").slice(-22)}`;
    await insertEmail(handle, fx, { id: legacy, status: "sent" });
    const listed = await selectEmailsNewestFirst(pool, { workspaceId: fx.workspaceId, limit: 10, withBodies: false, createdAfter: since });
    expect(listed.map((email) => email.id).sort()).toEqual([legacy, recent].sort());
    const older = await selectEmailsNewestFirst(pool, { workspaceId: fx.workspaceId, limit: 10, withBodies: false, createdBefore: since });
    expect(older).toEqual([]);

    await withIndexPlans(async (client) => {
      const explaining = {
        query: (text: string, values?: unknown[]) => client.query(`EXPLAIN ${text}`, values),
      } as unknown as import("pg").PoolClient;
      const plan = planText(
        (await selectEmailsNewestFirst(explaining, {
          workspaceId: fx.workspaceId,
          limit: 50,
          withBodies: false,
          createdAfter: since,
        })) as unknown as Array<Record<string, string>>,
      );
      const scanned = [...plan.matchAll(/ on (emails_\w+)/g)].map((match) => match[1]!);
      const months = scanned.filter((name) => /^emails_p\d{6}/.test(name)).map((name) => name.slice(8, 14));
      // Only months from the bound's on (the slack of a day before it included).
      expect(months.length).toBeGreaterThan(0);
      for (const month of months) expect(month >= monthName(monthStart(new Date(since.getTime() - DAY)))).toBe(true);
      expect(scanned).toContain("emails_default");
    });
  });
});
