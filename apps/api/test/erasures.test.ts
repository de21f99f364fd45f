import { S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type AwsLocal, startAwsLocal } from "@svc/aws-local";
import { ErasureTokens, type FileStore, installationId, s3FileStore } from "@svc/core";
import { claimAndCheckEmails } from "@svc/core/batched";
import type { Pool } from "pg";
import request from "supertest";
import { seedEmails, seedInbound, seedSubscription } from "../../../test/support/erasureData.ts";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { FAKE_AWS_CREDENTIALS } from "../../../test/support/ses.ts";
import { type ApiInstance, bearer, sendBody, startApi } from "./harness.ts";

/**
 * Erasure ("forget a person") over REST, with files in an S3 object store (aws-local): every copy
 * of an address in its workspace goes (emails, events, webhook deliveries and attempts, received
 * mail, attachments and raw messages, idempotency records, test recipients), another workspace's
 * copies stay, and a suppression survives as a keyed token that the sender's check still finds.
 */
const BUCKET = "svc-erasure-files";
const handle = openTestDb();
const pool = handle.pool as unknown as Pool;
/** The api's default install secret (testEnv sets none): the sender's tokens are made with the same. */
const tokens = new ErasureTokens("6c6f63616c2d6465762d6f6e6c792d6b65792d6368616e67652d6d6521212121");
let aws: AwsLocal;
let api: ApiInstance;
let files: FileStore;
let root: string;

beforeAll(async () => {
  aws = await startAwsLocal({ s3Buckets: [BUCKET] });
  Object.assign(process.env, FAKE_AWS_CREDENTIALS);
  const s3 = { S3_ENDPOINT: aws.url, S3_BUCKET: BUCKET, S3_FORCE_PATH_STYLE: "true", S3_REGION: "us-east-1" };
  api = await startApi({ FILE_STORE: "s3", ...s3, ERASURE_POLL_INTERVAL_MS: "200" });
  files = s3FileStore(handle, {
    client: new S3Client({ region: "us-east-1", endpoint: aws.url, forcePathStyle: true, credentials: sdkCredentials }),
    bucket: BUCKET,
  });
  root = `${await installationId(handle.prisma)}/`;
}, 60_000);

afterAll(async () => {
  await api?.close();
  await files?.close();
  await aws?.close();
  await handle.close();
});

const sdkCredentials = { accessKeyId: FAKE_AWS_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: FAKE_AWS_CREDENTIALS.AWS_SECRET_ACCESS_KEY };

const as = (key: string) => ({
  get: (path: string) => request(api.url).get(path).set(bearer(key)),
  post: (path: string, body: unknown) =>
    request(api.url)
      .post(path)
      .set(bearer(key))
      .send(body as object),
});

/** The bucket's keys for one workspace (emails and received messages). */
function objectKeys(workspaceId: string): string[] {
  const objects = [...aws.state.s3.buckets.get(BUCKET)!.objects.keys()];
  return objects
    .filter((key) => key.startsWith(`${root}emails/${workspaceId}/`) || key.startsWith(`${root}inbound/${workspaceId}/`))
    .sort();
}

async function count(sql: string, values: unknown[]): Promise<number> {
  const { rows } = await pool.query(`SELECT count(*)::int AS n FROM (${sql}) q`, values);
  return (rows[0] as { n: number }).n;
}

/** Every place a workspace holds an address, counted. */
async function copiesOf(workspaceId: string, address: string) {
  const like = `%${address}%`;
  return {
    emails: await count(
      `SELECT 1 FROM emails WHERE "organizationId" = $1 AND ($2 = ANY (svc_lower_addresses("to")) OR $2 = ANY (svc_lower_addresses(cc)) OR $2 = ANY (svc_lower_addresses(bcc)) OR text ILIKE $3)`,
      [workspaceId, address, like],
    ),
    events: await count(
      `SELECT 1 FROM email_events e JOIN emails m ON m.id = e."emailId" WHERE m."organizationId" = $1 AND e."payloadJson" ILIKE $2`,
      [workspaceId, like],
    ),
    deliveries: await count(
      `SELECT 1 FROM webhook_deliveries d JOIN webhook_subscriptions s ON s.id = d."subscriptionId" WHERE s."workspaceId" = $1 AND d.body ILIKE $2`,
      [workspaceId, like],
    ),
    attempts: await count(
      `SELECT 1 FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a."deliveryId" JOIN webhook_subscriptions s ON s.id = d."subscriptionId"
        WHERE s."workspaceId" = $1 AND a."responseExcerpt" ILIKE $2`,
      [workspaceId, like],
    ),
    inbound: await count(`SELECT 1 FROM inbound_emails WHERE "workspaceId" = $1 AND ("mailFrom" = $2 OR "from" ILIKE $3)`, [
      workspaceId,
      address,
      like,
    ]),
    suppressions: await count(`SELECT 1 FROM suppressions WHERE "workspaceId" = $1 AND address = $2`, [workspaceId, address]),
    topicSuppressions: await count(`SELECT 1 FROM topic_suppressions WHERE "workspaceId" = $1 AND address = $2`, [workspaceId, address]),
    testRecipients: await count(`SELECT 1 FROM test_recipients WHERE "workspaceId" = $1 AND email = $2`, [workspaceId, address]),
  };
}

async function waitForErasure(key: string, id: string, timeoutMs = 120_000): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await as(key).get(`/erasures/${id}`);
    expect(answer.status).toBe(200);
    if (answer.body.status === "completed" || answer.body.status === "failed") return answer.body;
    if (Date.now() > deadline) throw new Error(`erasure ${id} still ${answer.body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function suppress(workspaceId: string, address: string): Promise<void> {
  await pool.query(
    `INSERT INTO suppressions (id, "workspaceId", address, reason) VALUES ('sup_' || md5(random()::text), $1, $2, 'hard_bounce')`,
    [workspaceId, address],
  );
  await pool.query(
    `INSERT INTO topic_suppressions (id, "workspaceId", address, topic) VALUES ('tsup_' || md5(random()::text), $1, $2, 'newsletter')`,
    [workspaceId, address],
  );
}

describe("erasure of an address", () => {
  const person = "erase.me@example.org";
  const bystander = "keep@example.org";
  const unsuppressed = "sendable@example.org";
  let fx: WorkspaceFixture;
  let other: WorkspaceFixture;

  it("erases an address with 10,000 emails, events, deliveries, received mail and S3 objects in its workspace, and nothing of another workspace's", async () => {
    fx = await createWorkspaceFixture(handle);
    other = await createWorkspaceFixture(handle);
    const seedIn = async (workspace: WorkspaceFixture, emails: number) => {
      const subscriptionId = await seedSubscription(pool, workspace.workspaceId);
      const owner = { workspaceId: workspace.workspaceId, apiKeyId: workspace.keyIds["full-access"] };
      const alone = await seedEmails(pool, owner, { to: [person], count: emails, subscriptionId });
      const shared = await seedEmails(pool, owner, {
        to: [bystander],
        cc: [`Erase Me <${person.toUpperCase()}>`],
        count: 20,
        subscriptionId,
      });
      const unrelated = await seedEmails(pool, owner, { to: [bystander], count: 5, subscriptionId });
      const sendable = await seedEmails(pool, owner, { to: [unsuppressed], count: 3, subscriptionId });
      // Five scheduled emails with two attachments each in the bucket, and received mail with its raw message and a file.
      const scheduled = await seedEmails(pool, owner, { to: [person], count: 5, subscriptionId, status: "scheduled" });
      await pool.query(`UPDATE emails SET attachments = $2::jsonb WHERE id = ANY ($1::text[])`, [
        scheduled.emailIds,
        JSON.stringify([
          { filename: "a.pdf", contentType: "application/pdf", contentId: null, size: 3 },
          { filename: "b.pdf", contentType: "application/pdf", contentId: null, size: 3 },
        ]),
      ]);
      for (const emailId of scheduled.emailIds)
        await files.putEmailFiles({ workspaceId: workspace.workspaceId, emailId }, [Buffer.from("one"), Buffer.from("two")]);
      const received = await seedInbound(pool, workspace.workspaceId, {
        from: person,
        to: "support@reply.test",
        count: 20,
        attachments: 1,
        inStore: true,
        subscriptionId,
      });
      for (const inboundId of received.inboundIds)
        await files.putInboundFiles({ workspaceId: workspace.workspaceId, inboundId }, Buffer.from(`From: ${person}`), [
          Buffer.from("file"),
        ]);
      const unrelatedInbound = await seedInbound(pool, workspace.workspaceId, {
        from: "someone.else@example.net",
        to: "support@reply.test",
        count: 4,
        attachments: 0,
        inStore: false,
        subscriptionId,
      });
      await pool.query(
        `INSERT INTO idempotency_keys ("workspaceId", key, "requestHash", "responseStatus", "responseBody", "emailId") VALUES ($1, 'order-1', 'h', 202, '{}', $2)`,
        [workspace.workspaceId, alone.emailIds[0]],
      );
      await pool.query(`INSERT INTO test_recipients (id, "workspaceId", email) VALUES ('rcp_' || md5(random()::text), $1, $2)`, [
        workspace.workspaceId,
        person,
      ]);
      await suppress(workspace.workspaceId, person);
      return { alone, shared, unrelated, sendable, scheduled, received, unrelatedInbound };
    };
    const mine = await seedIn(fx, 10_000);
    const theirs = await seedIn(other, 50);
    const theirCopiesBefore = await copiesOf(other.workspaceId, person);
    const theirKeysBefore = objectKeys(other.workspaceId);
    expect(theirKeysBefore).toHaveLength(5 * 2 + 20 * 2);
    expect(objectKeys(fx.workspaceId)).toHaveLength(5 * 2 + 20 * 2);

    const started = await as(fx.keys["full-access"]).post("/erasures", { addresses: [person, unsuppressed] });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: "queued", addressCount: 2, emailIdCount: 0 });
    const done = await waitForErasure(fx.keys["full-access"], started.body.id);
    expect(done.status).toBe("completed");

    // Every copy in this workspace is gone: rows (searched by text too) and objects.
    expect(await copiesOf(fx.workspaceId, person)).toEqual({
      emails: 0,
      events: 0,
      deliveries: 0,
      attempts: 0,
      inbound: 0,
      suppressions: 0,
      topicSuppressions: 0,
      testRecipients: 0,
    });
    expect((await copiesOf(fx.workspaceId, unsuppressed)).emails).toBe(0);
    const erasedIds = [...mine.alone.emailIds, ...mine.scheduled.emailIds, ...mine.sendable.emailIds];
    expect(await count(`SELECT 1 FROM emails WHERE id = ANY ($1::text[])`, [erasedIds])).toBe(0);
    expect(await count(`SELECT 1 FROM email_events WHERE "emailId" = ANY ($1::text[])`, [erasedIds])).toBe(0);
    expect(
      await count(`SELECT 1 FROM webhook_deliveries WHERE id = ANY ($1::text[])`, [
        [...mine.alone.deliveryIds, ...mine.received.deliveryIds],
      ]),
    ).toBe(0);
    expect(await count(`SELECT 1 FROM webhook_attempts WHERE id = ANY ($1::text[])`, [mine.alone.attemptIds])).toBe(0);
    expect(await count(`SELECT 1 FROM idempotency_keys WHERE "workspaceId" = $1`, [fx.workspaceId])).toBe(0);
    expect(await count(`SELECT 1 FROM file_deletions WHERE "workspaceId" = $1`, [fx.workspaceId])).toBe(0);
    expect(objectKeys(fx.workspaceId)).toEqual([]);

    // The emails the person shared keep their other recipient, the person replaced by a token everywhere.
    const token = tokens.tokenOf(person);
    const { rows: shared } = await pool.query(`SELECT "to", cc FROM emails WHERE id = ANY ($1::text[])`, [mine.shared.emailIds]);
    expect(shared).toHaveLength(20);
    for (const row of shared as Array<{ to: string[]; cc: string[] }>) expect(row).toEqual({ to: [bystander], cc: [token] });
    expect(
      await count(`SELECT 1 FROM email_events WHERE "emailId" = ANY ($1::text[]) AND "payloadJson" LIKE $2 AND "payloadJson" LIKE $3`, [
        mine.shared.emailIds,
        `%${token}%`,
        `%${bystander}%`,
      ]),
    ).toBe(20);
    // What did not name the person is untouched.
    expect(await count(`SELECT 1 FROM emails WHERE id = ANY ($1::text[])`, [mine.unrelated.emailIds])).toBe(5);
    expect(await count(`SELECT 1 FROM inbound_emails WHERE id = ANY ($1::text[])`, [mine.unrelatedInbound.inboundIds])).toBe(4);
    expect(
      await count(`SELECT 1 FROM inbound_attachments WHERE "inboundEmailId" = ANY ($1::text[])`, [mine.unrelatedInbound.inboundIds]),
    ).toBe(0);

    // The receipt counts exactly what was there.
    const wholeEmails = 10_000 + 5 + 3;
    expect(done.receipt).toEqual({
      removed: {
        emails: wholeEmails,
        email_events: wholeEmails,
        webhook_deliveries: wholeEmails + 20,
        webhook_attempts: wholeEmails + 20,
        email_attachments: 0,
        idempotency_keys: 1,
        inbound_emails: 20,
        inbound_attachments: 0,
        test_recipients: 1,
      },
      redacted: { emails: 20, email_events: 20, webhook_deliveries: 20, webhook_attempts: 20, suppressions: 2 },
      objectsDeleted: 5 * 2 + 20 * 2,
    });
    const receipt = await as(fx.keys["full-access"]).get(`/erasures/${started.body.id}/receipt`);
    expect(receipt.status).toBe(200);
    expect(receipt.headers["content-disposition"]).toBe(`attachment; filename="${started.body.id}-receipt.json"`);
    expect(receipt.body).toMatchObject({
      erasureId: started.body.id,
      workspaceId: fx.workspaceId,
      status: "completed",
      ...(done.receipt as object),
    });

    // The other workspace's copies of the same address are all there.
    expect(await copiesOf(other.workspaceId, person)).toEqual(theirCopiesBefore);
    expect(theirCopiesBefore.emails).toBe(50 + 20 + 5);
    expect(objectKeys(other.workspaceId)).toEqual(theirKeysBefore);
    expect(await count(`SELECT 1 FROM emails WHERE id = ANY ($1::text[])`, [theirs.alone.emailIds])).toBe(50);
    expect(await count(`SELECT 1 FROM webhook_attempts WHERE id = ANY ($1::text[])`, [theirs.alone.attemptIds])).toBe(50);

    // The erasure row no longer names the addresses; the audit log has its id and counts only.
    const { rows: erasureRows } = await pool.query(`SELECT addresses FROM erasures WHERE id = $1`, [started.body.id]);
    expect(erasureRows[0]).toEqual({ addresses: [] });
    const { rows: audit } = await pool.query(`SELECT action, changes::text AS changes FROM audit_log WHERE "targetId" = $1 ORDER BY id`, [
      started.body.id,
    ]);
    expect(audit.map((row) => row.action)).toEqual(["erasure.requested", "erasure.completed"]);
    for (const row of audit) expect(row.changes).not.toMatch(/example\.org/);
    expect(JSON.parse(audit[0].changes)).toEqual({ addresses: 2, emailIds: 0 });
  }, 300_000);

  it("keeps an erased address that was suppressed suppressed, under its token, while an erased address that was not stays sendable", async () => {
    const suppressions = await as(fx.keys["full-access"]).get("/suppressions");
    expect(suppressions.body.map((entry: { address: string }) => entry.address)).toEqual([tokens.tokenOf(person)]);

    // Later sends to both: the sender's check (claim and check, as each handoff does) still drops the suppressed one.
    const sendTo = async (to: string) => {
      const answer = await as(fx.keys["send-only"]).post("/emails", sendBody(fx.domain, { to: [to] }));
      expect(answer.status).toBe(202);
      return answer.body.id as string;
    };
    const toSuppressed = await sendTo(person);
    const toSendable = await sendTo(unsuppressed);
    const [suppressedCheck, sendableCheck] = await claimAndCheckEmails(pool, [toSuppressed, toSendable], 60_000, tokens);
    expect([...suppressedCheck!.check.suppressed]).toEqual([[person, "hard_bounce"]]);
    expect(sendableCheck!.check.suppressed.size).toBe(0);
    // The other workspace's entry is its own, plain as it was.
    expect((await copiesOf(other.workspaceId, person)).suppressions).toBe(1);
    expect((await copiesOf(other.workspaceId, person)).topicSuppressions).toBe(1);
    // The topic entry is kept under the token too (the handoff check looks tokens up for topics as for the list).
    expect((await copiesOf(fx.workspaceId, tokens.tokenOf(person))).topicSuppressions).toBe(1);
  });
});

describe("erasure requests at the boundary", () => {
  let fx: WorkspaceFixture;
  beforeAll(async () => {
    fx = await createWorkspaceFixture(handle);
  });
  const erasuresOf = (workspaceId: string) => count(`SELECT 1 FROM erasures WHERE "workspaceId" = $1`, [workspaceId]);

  it("refuses a malformed address with 422 naming it, and starts nothing", async () => {
    const answer = await as(fx.keys["full-access"]).post("/erasures", { addresses: ["fine@example.org", "not an address"] });
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe("validation_failed");
    expect(answer.body.error).toContain('addresses[1] "not an address"');
    expect(await erasuresOf(fx.workspaceId)).toBe(0);
  });

  it("refuses 5,001 addresses, an empty request and unknown fields with 422, and starts nothing", async () => {
    const many = Array.from({ length: 5_001 }, (_, n) => `person${n}@example.org`);
    const tooMany = await as(fx.keys["full-access"]).post("/erasures", { addresses: many });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.error).toContain("at most 5000 addresses");
    for (const body of [{}, { addresses: [] }, { addresses: "a@example.org" }, { people: ["a@example.org"] }]) {
      const answer = await as(fx.keys["full-access"]).post("/erasures", body);
      expect(answer.status).toBe(422);
      expect(answer.body.code).toBe("validation_failed");
    }
    expect(await erasuresOf(fx.workspaceId)).toBe(0);
    // 5,000 is allowed.
    const atLimit = await as(fx.keys["full-access"]).post("/erasures", { addresses: many.slice(0, 5_000) });
    expect(atLimit.status).toBe(202);
    expect(atLimit.body.addressCount).toBe(5_000);
    expect((await waitForErasure(fx.keys["full-access"], atLimit.body.id)).status).toBe("completed");
  });

  it("answers 404 for another workspace's email id and starts nothing; erases its own emails by id, whole", async () => {
    const other = await createWorkspaceFixture(handle);
    const subscriptionId = await seedSubscription(pool, other.workspaceId);
    const theirs = await seedEmails(
      pool,
      { workspaceId: other.workspaceId, apiKeyId: other.keyIds["full-access"] },
      { to: ["x@example.org"], count: 1, subscriptionId },
    );
    const before = await erasuresOf(fx.workspaceId);
    const answer = await as(fx.keys["full-access"]).post("/erasures", { emailIds: theirs.emailIds });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: `Email ${theirs.emailIds[0]} not found.`, code: "not_found" });
    expect(await erasuresOf(fx.workspaceId)).toBe(before);
    expect(await count(`SELECT 1 FROM emails WHERE id = $1`, [theirs.emailIds[0]])).toBe(1);

    const mySubscription = await seedSubscription(pool, fx.workspaceId);
    const mine = await seedEmails(
      pool,
      { workspaceId: fx.workspaceId, apiKeyId: fx.keyIds["full-access"] },
      { to: ["a@example.org", "b@example.org"], count: 2, subscriptionId: mySubscription },
    );
    const byId = await as(fx.keys["full-access"]).post("/erasures", { emailIds: [mine.emailIds[0]] });
    expect(byId.status).toBe(202);
    const done = await waitForErasure(fx.keys["full-access"], byId.body.id);
    expect(done.receipt).toMatchObject({ removed: { emails: 1, email_events: 1, webhook_deliveries: 1, webhook_attempts: 1 } });
    expect(await count(`SELECT 1 FROM emails WHERE id = ANY ($1::text[])`, [mine.emailIds])).toBe(1);
  });

  it("completes an erasure of an address with no data with an empty receipt, and lists it", async () => {
    const answer = await as(fx.keys["full-access"]).post("/erasures", { addresses: ["nobody.here@example.org"] });
    expect(answer.status).toBe(202);
    const done = await waitForErasure(fx.keys["full-access"], answer.body.id);
    expect(done.status).toBe("completed");
    expect(Object.values((done.receipt as { removed: object }).removed).every((n) => n === 0)).toBe(true);
    expect(Object.values((done.receipt as { redacted: object }).redacted).every((n) => n === 0)).toBe(true);
    const list = await as(fx.keys["full-access"]).get("/erasures?limit=1");
    expect(list.status).toBe(200);
    expect(list.body.map((e: { id: string }) => e.id)).toEqual([answer.body.id]);
    const next = await as(fx.keys["full-access"]).get(`/erasures?limit=100&after=${answer.body.id}`);
    expect(next.body.length).toBeGreaterThan(0);
    expect(next.body.map((e: { id: string }) => e.id)).not.toContain(answer.body.id);
  });

  it("keeps workspaces apart: another workspace's erasure answers 404, its list is its own; keys other than full-access get 403", async () => {
    const other = await createWorkspaceFixture(handle);
    const mine = await as(fx.keys["full-access"]).get("/erasures");
    expect(mine.body.length).toBeGreaterThan(0);
    const id = mine.body[0].id as string;
    expect((await as(other.keys["full-access"]).get(`/erasures/${id}`)).status).toBe(404);
    expect((await as(other.keys["full-access"]).get(`/erasures/${id}/receipt`)).status).toBe(404);
    expect((await as(other.keys["full-access"]).get("/erasures")).body).toEqual([]);
    for (const scope of ["read-only", "send-only"] as const) {
      expect((await as(fx.keys[scope]).post("/erasures", { addresses: ["a@example.org"] })).status).toBe(403);
      expect((await as(fx.keys[scope]).get("/erasures")).status).toBe(403);
    }
    expect((await as(fx.keys["full-access"]).get("/erasures?limit=0")).status).toBe(422);
    expect((await as(fx.keys["full-access"]).get("/erasures?after=ers_nope")).status).toBe(422);
  });
});

describe("erasure rate", () => {
  it("answers 429 erasure_rate_limited with Retry-After past the workspace's erasure rate; another workspace is not counted", async () => {
    const limited = await startApi({ API_ERASURES_PER_MINUTE: "2", ERASURE_POLL_INTERVAL_MS: "200" });
    try {
      const fx = await createWorkspaceFixture(handle);
      const other = await createWorkspaceFixture(handle);
      const post = (key: string) =>
        request(limited.url)
          .post("/erasures")
          .set(bearer(key))
          .send({ addresses: ["rate@example.org"] });
      expect((await post(fx.keys["full-access"])).status).toBe(202);
      expect((await post(fx.keys["full-access"])).status).toBe(202);
      const refused = await post(fx.keys["full-access"]);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe("erasure_rate_limited");
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(await count(`SELECT 1 FROM erasures WHERE "workspaceId" = $1`, [fx.workspaceId])).toBe(2);
      expect((await post(other.keys["full-access"])).status).toBe(202);
    } finally {
      await limited.close();
    }
  });
});
