import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type AwsLocal, startAwsLocal } from "@svc/aws-local";
import { createMonth, type FileStore, installationId, monthStart, monthsAfter, s3FileStore, scheduleRetention } from "@svc/core";
import { idLowerBoundAt, newTimeId } from "@svc/db";
import { createLogger } from "@svc/logger";
import type { Pool } from "pg";
import { createWorkspaceFixture, insertEmail, openTestDb, type WorkspaceFixture } from "../support/fixtures.ts";
import { FAKE_AWS_CREDENTIALS } from "../support/ses.ts";

/**
 * Files in an object store go with their rows: retention's purge and a partition drop delete the
 * objects of the rows they delete; the leftover sweep lists only this install's keys in a bucket
 * shared with another install, and goes on where the last run stopped, across restarts.
 */

const BUCKET = "svc-retention-files";
const DAY = 24 * 3600 * 1000;
const handle = openTestDb();
const pool = handle.pool as unknown as Pool;
const log = createLogger("file-retention-test", process.env.TEST_LOG_LEVEL ?? "silent");
let aws: AwsLocal;
let client: S3Client;
let fx: WorkspaceFixture;
let root: string;

beforeAll(async () => {
  aws = await startAwsLocal({ s3Buckets: [BUCKET] });
  client = new S3Client({
    endpoint: aws.url,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: FAKE_AWS_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: FAKE_AWS_CREDENTIALS.AWS_SECRET_ACCESS_KEY },
  });
  fx = await createWorkspaceFixture(handle, { plan: "free" });
  root = `${await installationId(handle.prisma)}/`;
});

afterAll(async () => {
  client.destroy();
  await aws.close();
  await handle.close();
});

const objectKeys = () => [...aws.state.s3.buckets.get(BUCKET)!.objects.keys()].sort();
const storeOf = (options: { keyPrefix?: string; installationId?: string; orphanGraceMs?: number } = {}): FileStore =>
  s3FileStore(handle, { client, bucket: BUCKET, ...options });

/** A received message of `at` whose bytes the object store holds (raw null), with one attachment. */
async function inboundInStore(files: FileStore, at: Date): Promise<string> {
  const id = newTimeId("inbound", at);
  await files.putInboundFiles({ workspaceId: fx.workspaceId, inboundId: id }, Buffer.from(`raw ${id}`), [Buffer.from("file")]);
  await handle.prisma.inboundEmail.create({
    data: {
      id,
      workspaceId: fx.workspaceId,
      source: "mx",
      mailFrom: "x@example.org",
      rcptTo: ["in@example.org"],
      size: 10,
      receivedAt: at,
      attachments: [{ filename: "a.txt", contentType: "text/plain", size: 4 }],
    },
  });
  return id;
}

/** A delivered email of `at`, last active then, with one attachment whose object is still stored (its delete after the handoff was lost). */
async function emailInStore(files: FileStore, at: Date): Promise<string> {
  const id = await insertEmail(handle, fx, { status: "delivered", createdAt: at, lastActivityAt: at });
  await handle.prisma.email.update({
    where: { id },
    data: { attachments: [{ filename: "a.txt", contentType: "text/plain", contentId: null, size: 4 }] },
  });
  await files.putEmailFiles({ workspaceId: fx.workspaceId, emailId: id }, [Buffer.from("file")]);
  return id;
}

/** One retention run as the api schedules it, waited for. */
async function retentionRun(files: FileStore, done: () => Promise<boolean>): Promise<void> {
  const task = scheduleRetention(handle, log, { intervalMs: 3_600_000, firstRunMs: 0, files });
  try {
    for (let i = 0; i < 400 && !(await done()); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    await task.stop();
  }
}

/** A month long expired with no partitions and no rows yet (the test database persists). */
async function emptyOldMonth(): Promise<Date> {
  for (;;) {
    const start = monthsAfter(monthStart(new Date()), -(36 + Math.floor(Math.random() * 560)));
    const { rows } = await pool.query(
      `SELECT EXISTS (SELECT 1 FROM pg_class WHERE relname IN ($1, $2)) OR EXISTS (SELECT 1 FROM emails_default WHERE id >= $3 AND id < $4) AS taken`,
      [
        `emails_p${start.toISOString().slice(0, 7).replace("-", "")}`,
        `inbound_emails_p${start.toISOString().slice(0, 7).replace("-", "")}`,
        idLowerBoundAt("email", start),
        idLowerBoundAt("email", monthsAfter(start, 1)),
      ],
    );
    if (!rows[0].taken) return start;
  }
}

describe("files go with their rows", () => {
  it("retention's purge deletes the objects of the received messages and emails it deletes", async () => {
    const files = storeOf();
    const longAgo = new Date(Date.now() - 40 * DAY);
    const inboundId = await inboundInStore(files, longAgo);
    const emailId = await emailInStore(files, longAgo);
    const young = await inboundInStore(files, new Date());
    const keysOf = (id: string) => objectKeys().filter((key) => key.includes(`/${id}/`));
    expect(keysOf(inboundId)).toHaveLength(2);
    expect(keysOf(emailId)).toHaveLength(1);

    await retentionRun(files, async () => keysOf(inboundId).length === 0 && keysOf(emailId).length === 0);
    expect(await handle.prisma.inboundEmail.count({ where: { id: inboundId } })).toBe(0);
    expect(await handle.prisma.email.count({ where: { id: emailId } })).toBe(0);
    expect(keysOf(inboundId)).toEqual([]);
    expect(keysOf(emailId)).toEqual([]);
    // What is kept keeps its files, and nothing is left to do.
    expect(keysOf(young)).toHaveLength(2);
    expect(await handle.prisma.fileDeletion.count({ where: { ownerId: { in: [inboundId, emailId] } } })).toBe(0);
    await files.close();
  });

  it("a partition drop deletes the objects of the month's received messages and emails", async () => {
    const files = storeOf();
    const start = await emptyOldMonth();
    await createMonth(pool, start);
    const at = new Date(start.getTime() + 2 * DAY);
    const inboundId = await inboundInStore(files, at);
    const emailId = await emailInStore(files, at);
    const keysOf = (id: string) => objectKeys().filter((key) => key.includes(`/${id}/`));
    expect(keysOf(inboundId)).toHaveLength(2);
    // Active recently as far as the batch purge knows: only the drop can take the month.
    const stillThere = async () =>
      (await pool.query(`SELECT to_regclass($1) IS NOT NULL AS present`, [`emails_p${start.toISOString().slice(0, 7).replace("-", "")}`]))
        .rows[0].present as boolean;
    await retentionRun(files, async () => !(await stillThere()) && keysOf(inboundId).length === 0 && keysOf(emailId).length === 0);
    expect(await stillThere()).toBe(false);
    expect(keysOf(inboundId)).toEqual([]);
    expect(keysOf(emailId)).toEqual([]);
    await files.close();
  });
});

describe("keys written before they carried the install id", () => {
  it("are still read, and deleted with their rows, but never swept", async () => {
    const files = storeOf({ orphanGraceMs: 0 });
    const emailId = newTimeId("email");
    const legacy = `emails/${fx.workspaceId}/${emailId}/0`;
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: legacy, Body: Buffer.from("legacy") }));
    expect(await files.readEmailFiles({ workspaceId: fx.workspaceId, emailId, count: 1 })).toEqual([Buffer.from("legacy")]);
    await files.deleteLeftovers(10_000);
    expect(objectKeys()).toContain(legacy);
    await files.deleteEmailFiles([{ workspaceId: fx.workspaceId, emailId, count: 1 }]);
    expect(objectKeys()).not.toContain(legacy);
    await files.close();
  });
});

describe("the leftover sweep", () => {
  it("lists only this install's keys in a bucket another install shares, with the default empty prefix", async () => {
    const ours = storeOf({ orphanGraceMs: 0 });
    const theirs = storeOf({ installationId: "inst_anotherinstall0000000", orphanGraceMs: 0 });
    // Emails of the other install's database: unknown to ours, as its orphans are.
    const theirEmail = newTimeId("email");
    const ourOrphan = newTimeId("email");
    await theirs.putEmailFiles({ workspaceId: fx.workspaceId, emailId: theirEmail }, [Buffer.from("theirs")]);
    await ours.putEmailFiles({ workspaceId: fx.workspaceId, emailId: ourOrphan }, [Buffer.from("ours")]);
    const theirKeys = objectKeys().filter((key) => key.includes(theirEmail));
    expect(theirKeys).toHaveLength(1);
    expect(objectKeys().filter((key) => key.includes(ourOrphan))).toEqual([`${root}emails/${fx.workspaceId}/${ourOrphan}/0`]);

    await ours.deleteLeftovers(10_000);
    expect(objectKeys().filter((key) => key.includes(ourOrphan))).toEqual([]);
    expect(objectKeys().filter((key) => key.includes(theirEmail))).toEqual(theirKeys);
    // Their files are still theirs to read.
    expect(await theirs.readEmailFiles({ workspaceId: fx.workspaceId, emailId: theirEmail, count: 1 })).toEqual([Buffer.from("theirs")]);
    await ours.close();
    await theirs.close();
  });

  it("goes on where the last run stopped, in a new process, within its budget of keys per run", async () => {
    const prefix = `resume-${Date.now()}/`;
    const kept: string[] = [];
    const writer = storeOf({ keyPrefix: prefix });
    for (let n = 0; n < 6; n++) {
      const id = await insertEmail(handle, fx, { status: "scheduled" });
      await writer.putEmailFiles({ workspaceId: fx.workspaceId, emailId: id }, [Buffer.from(id)]);
      kept.push(id);
    }
    // Orphans whose keys sort after every kept one.
    const orphans = ["email_zzzzzzzzzzzzzzzzzzzzzzz1", "email_zzzzzzzzzzzzzzzzzzzzzzz2"];
    for (const id of orphans) await writer.putEmailFiles({ workspaceId: fx.workspaceId, emailId: id }, [Buffer.from(id)]);
    await writer.close();
    const under = () => objectKeys().filter((key) => key.startsWith(prefix));
    expect(under()).toHaveLength(8);

    const listCalls = () => aws.state.calls.filter((call) => call === "s3:ListObjectsV2").length;
    const deleted: number[] = [];
    for (let run = 0; run < 3; run++) {
      // A store of its own each run: as after a restart.
      const sweeper = storeOf({ keyPrefix: prefix, orphanGraceMs: 0 });
      const callsBefore = listCalls();
      deleted.push(await sweeper.deleteLeftovers(3));
      await sweeper.close();
      expect(listCalls() - callsBefore).toBe(1);
    }
    expect(deleted).toEqual([0, 0, 2]);
    expect(under()).toHaveLength(6);
    expect(under().every((key) => kept.some((id) => key.includes(id)))).toBe(true);
  });
});
