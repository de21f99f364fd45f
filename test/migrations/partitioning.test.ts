import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createPartitionsAhead, monthName, monthStart, monthsAheadAtMigration, recordEmailEvent } from "@svc/core";
import { createDb, type DbHandle, idLowerBoundAt, newTimeId } from "@svc/db";
import pg from "pg";
import { ensureDatabase } from "../../infra/scripts/database.ts";
import { findEmailWithEvents, selectEmailsNewestFirst } from "../../packages/core/src/stores/emails.ts";
import { TEST_DATABASE_URL } from "../support/env.ts";

/**
 * The partitioning migration on a filled database: a fresh database at the migration before it,
 * filled through SQL (thousands of emails with events, deliveries, attempts, attachments and
 * inbound records, with random ids as installs have them), then migrated by Prisma's own runner
 * (which splits the file on semicolons) and given its monthly partitions as infra/scripts/database.ts does.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const MIGRATION = "20261126180000_time_partitioned_history";
const EMAILS = 3000;
const url = new URL(TEST_DATABASE_URL);
url.pathname = `/${url.pathname.slice(1)}_migration_${process.pid}`;
const DB_URL = url.toString();

/** `prisma migrate deploy` over the migrations up to `last` (inclusive), copied to a temporary folder. */
function migrateUpTo(last: string): void {
  // Under the checkout, so that the config's imports resolve from its node_modules.
  const cache = path.join(root, "node_modules/.cache");
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(path.join(cache, "svc-migrations-"));
  try {
    const source = path.join(root, "prisma/migrations");
    for (const entry of readdirSync(source)) {
      if (entry === "migration_lock.toml" || entry <= last) cpSync(path.join(source, entry), path.join(dir, entry), { recursive: true });
    }
    const config = path.join(dir, "prisma.config.ts");
    writeFileSync(
      config,
      `import { PrismaPg } from "@prisma/adapter-pg";
import { defineConfig } from "prisma/config";
import { NameAsTextPool } from ${JSON.stringify(path.join(root, "packages/db/src/pool.ts"))};
export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: ${JSON.stringify(path.join(root, "prisma/schema.prisma"))},
  migrations: { path: ${JSON.stringify(dir)} },
  async adapter() { return new PrismaPg(new NameAsTextPool({ connectionString: ${JSON.stringify(DB_URL)}, max: 2 })); },
});
`,
    );
    execFileSync(path.join(root, "node_modules/.bin/prisma"), ["migrate", "deploy", "--config", config], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: DB_URL },
      stdio: ["ignore", "ignore", "inherit"],
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const migrations = readdirSync(path.join(root, "prisma/migrations"))
  .filter((entry) => entry !== "migration_lock.toml")
  .sort();
const previous = migrations.filter((entry) => entry < MIGRATION).at(-1)!;
const latest = migrations.at(-1)!;

let admin: pg.Client;
let client: pg.Client;
let handle: DbHandle;
const TABLES = [
  "emails",
  "email_events",
  "webhook_deliveries",
  "webhook_attempts",
  "inbound_emails",
  "email_attachments",
  "inbound_attachments",
];
const before: Record<string, number> = {};
// A random id that happens to fall in this month's range, as about 12 per million per month do.
const legacyInThisMonth = `${idLowerBoundAt("email", new Date())}LEGACYxxxxxxxxxx`.slice(0, 30);

async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) out[table] = Number((await client.query(`SELECT count(*) FROM ${table}`)).rows[0].count);
  return out;
}

beforeAll(async () => {
  admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${url.pathname.slice(1)}"`);
  await ensureDatabase(DB_URL);
  migrateUpTo(previous);
  client = new pg.Client({ connectionString: DB_URL });
  await client.connect();
  // Ids as newId made them: 24 random characters (here from md5, a subset of the alphabet).
  await client.query(`
    INSERT INTO workspaces (id, name, plan) VALUES ('org_migration', 'Migration', 'free');
    INSERT INTO api_keys (id, "workspaceId", name, environment, scope, "displayHint", "keyHash")
      SELECT 'key_migration', 'org_migration', 'k', 'live', (enum_range(NULL::"KeyScope"))[1], 'svc_live_…', md5(random()::text);
    INSERT INTO webhook_subscriptions (id, "workspaceId", url, events, "secretEncrypted")
      VALUES ('wh_migration', 'org_migration', 'https://hooks.example.com', '{sent,delivered,received}', 'v1.a.b.c');
    INSERT INTO emails (id, "organizationId", "apiKeyId", environment, "from", "to", subject, text, status, "providerMessageId", "createdAt", "sentAt", "lastActivityAt")
      SELECT 'email_' || substr(md5('e' || n), 1, 24), 'org_migration', 'key_migration', 'live', 'a@example.com', ARRAY['b' || n || '@example.org'],
             's' || n, 't', 'delivered', 'pm-' || n, now() - n * interval '10 minutes', now() - n * interval '10 minutes', now() - n * interval '10 minutes'
        FROM generate_series(1, ${EMAILS}) AS n;
    INSERT INTO emails (id, "organizationId", "apiKeyId", environment, "from", "to", subject, text, status)
      VALUES ('${legacyInThisMonth}', 'org_migration', 'key_migration', 'live', 'a@example.com', ARRAY['legacy@example.org'], 'legacy', 't', 'queued');
    INSERT INTO email_events (id, "emailId", type, "eventTimestamp", "payloadJson", "dedupeKey")
      SELECT 'evt_' || substr(md5('v' || n || t), 1, 24), 'email_' || substr(md5('e' || n), 1, 24), t::"EventType", now(), '{}', 'ses:' || t || ':pm-' || n
        FROM generate_series(1, ${EMAILS}) AS n, unnest(ARRAY['sent', 'delivered']) AS t;
    INSERT INTO webhook_deliveries (id, "subscriptionId", "eventId", "eventType", body, status)
      SELECT 'wd_' || substr(md5('d' || n), 1, 24), 'wh_migration', 'evt_' || substr(md5('v' || n || 'sent'), 1, 24), 'sent', '{}', 'succeeded'
        FROM generate_series(1, ${EMAILS}) AS n;
    INSERT INTO webhook_attempts (id, "deliveryId", number, "startedAt", "durationMs", "statusCode")
      SELECT 'wa_' || substr(md5('a' || n), 1, 24), 'wd_' || substr(md5('d' || n), 1, 24), 1, now(), 5, 200 FROM generate_series(1, ${EMAILS}) AS n;
    INSERT INTO email_attachments ("emailId", position, content)
      SELECT 'email_' || substr(md5('e' || n), 1, 24), 0, '\\x010203' FROM generate_series(1, 100) AS n;
    INSERT INTO inbound_emails (id, "workspaceId", source, "sourceKey", "mailFrom", "rcptTo", size, "receivedAt", "replyToEmailId")
      SELECT 'inb_' || substr(md5('i' || n), 1, 24), 'org_migration', 'ses', 'receipt-' || n, 'x@example.org', ARRAY['in@example.org'], 10, now(),
             'email_' || substr(md5('e' || n), 1, 24)
        FROM generate_series(1, 500) AS n;
    INSERT INTO inbound_attachments ("inboundEmailId", position, content)
      SELECT 'inb_' || substr(md5('i' || n), 1, 24), 0, '\\x01' FROM generate_series(1, 500) AS n;
    INSERT INTO webhook_deliveries (id, "subscriptionId", "inboundEmailId", "eventType", body)
      SELECT 'wd_' || substr(md5('r' || n), 1, 24), 'wh_migration', 'inb_' || substr(md5('i' || n), 1, 24), 'received', '{}' FROM generate_series(1, 500) AS n;
  `);
  Object.assign(before, await counts());
  migrateUpTo(MIGRATION);
  const pool = new pg.Pool({ connectionString: DB_URL, max: 1 });
  await createPartitionsAhead(pool, new Date(), monthsAheadAtMigration());
  await pool.end();
  // The stores are today's: they read these rows once the migrations after this one have run too.
  migrateUpTo(latest);
  handle = createDb({ url: DB_URL, poolSize: 4 });
}, 180_000);

afterAll(async () => {
  await handle?.close();
  await client?.end();
  await admin.query(`DROP DATABASE IF EXISTS "${url.pathname.slice(1)}" WITH (FORCE)`);
  await admin.end();
});

describe("the partitioning migration on a filled database", () => {
  it("keeps every row, in the DEFAULT partitions, with the tables partitioned by month", async () => {
    expect(before.emails).toBe(EMAILS + 1);
    expect(await counts()).toEqual(before);
    for (const table of ["emails", "email_events", "webhook_deliveries", "webhook_attempts", "inbound_emails"]) {
      const { rows } = await client.query(
        `SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = $1::regclass ORDER BY 1`,
        [table],
      );
      const names = rows.map((row: { relname: string }) => row.relname);
      expect(names).toContain(`${table}_default`);
      expect(names).toContain(`${table}_p${monthName(monthStart(new Date()))}`);
      expect(names.filter((name: string) => /_p\d{6}$/.test(name)).length).toBe(monthsAheadAtMigration() + 1);
    }
    // The random id that falls in this month stayed in the DEFAULT partition: the month was created around it.
    const { rows } = await client.query(`SELECT tableoid::regclass::text AS part FROM emails WHERE id = $1`, [legacyInThisMonth]);
    expect(rows[0].part).toBe("emails_default");
  });

  it("reads the old rows through the stores", async () => {
    const emailId = (await client.query(`SELECT 'email_' || substr(md5('e7'), 1, 24) AS id`)).rows[0].id as string;
    const email = await findEmailWithEvents(handle.prisma, "org_migration", emailId, 10);
    expect(email?.subject).toBe("s7");
    expect(email?.events.map((event) => event.type).sort()).toEqual(["delivered", "sent"]);
    const page = await selectEmailsNewestFirst(handle.pool, { workspaceId: "org_migration", limit: 50, withBodies: false });
    expect(page).toHaveLength(50);
    expect(page[1]!.subject).toBe("s1");
  });

  it("puts new rows in the monthly partitions, their events and deliveries beside their email", async () => {
    const emailId = newTimeId("email");
    await handle.prisma.email.create({
      data: {
        id: emailId,
        organizationId: "org_migration",
        apiKeyId: "key_migration",
        environment: "live",
        from: "a@example.com",
        to: ["n@example.org"],
        subject: "new",
        status: "sent",
      },
    });
    const recorded = await recordEmailEvent(handle, {
      emailId,
      type: "delivered",
      eventTimestamp: new Date(),
      payloadJson: "{}",
      dedupeKey: `m:${emailId}`,
    });
    expect(recorded.created).toBe(true);
    const again = await recordEmailEvent(handle, {
      emailId,
      type: "delivered",
      eventTimestamp: new Date(),
      payloadJson: "{}",
      dedupeKey: `m:${emailId}`,
    });
    expect(again.created).toBe(false);
    const month = monthName(monthStart(new Date()));
    const part = async (table: string, id: string) =>
      (await client.query(`SELECT tableoid::regclass::text AS p FROM ${table} WHERE id = $1`, [id])).rows[0]?.p;
    // This month's emails are in two pieces, around the random id that falls in it.
    expect(await part("emails", emailId)).toMatch(new RegExp(`^emails_p${month}(_1)?$`));
    expect(await part("email_events", recorded.eventId!)).toBe(`email_events_p${month}`);
    expect(recorded.deliveryIds).toHaveLength(1);
    expect(await part("webhook_deliveries", recorded.deliveryIds[0]!)).toBe(`webhook_deliveries_p${month}`);
  });
});
