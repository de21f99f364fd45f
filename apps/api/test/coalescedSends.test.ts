import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import { parseSendEmailInput, revokeApiKey, type SharedSendJob, sqlPool } from "@svc/core";
import { lookUpApiKeys, type NewEmailRow } from "@svc/core/stores";
import { newId, type Plan } from "@svc/db";
import { sharedSendJobId } from "@svc/queues";
import request from "supertest";
import { hashApiKey } from "../../../packages/core/src/keys/format.ts";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { coalescedStatements } from "../src/coalescedStatements.ts";
import { type ApiInstance, bearer, sendBody, startApi } from "./harness.ts";

const handle = openTestDb();
const db = handle.prisma;
let api: ApiInstance;
let a: WorkspaceFixture;
let b: WorkspaceFixture;

beforeAll(async () => {
  api = await startApi();
  [a, b] = await Promise.all([createWorkspaceFixture(handle), createWorkspaceFixture(handle)]);
});
afterAll(async () => {
  await api.close();
  await handle.close();
});

function row(fx: WorkspaceFixture, from: string, overrides: Record<string, unknown> = {}, plan: Plan = "unlimited"): NewEmailRow {
  return {
    emailId: newId("email"),
    context: { workspaceId: fx.workspaceId, apiKeyId: fx.keyIds["send-only"], environment: "live", plan },
    input: parseSendEmailInput(sendBody(fx.domain, { from, ...overrides })),
  };
}

const stored = (emailId: string) => db.email.findUnique({ where: { id: emailId } });

/** Coalesced statements whose shared send jobs are only recorded, for the assertions. */
function recordingStatements() {
  const jobs: SharedSendJob[] = [];
  const statements = coalescedStatements(handle, async (job) => jobs.push(job));
  return { statements, jobs };
}

/** Counts the statements the code under test sends through the real pool (they still run). */
function countStatements() {
  const spy = jest.spyOn(sqlPool(handle), "query");
  return { count: () => spy.mock.calls.length, restore: () => spy.mockRestore() };
}

describe("one statement for many keys", () => {
  it("answers each hash with its own key (two workspaces), a revoked key as revoked, an unknown one as null", async () => {
    const own = await createWorkspaceFixture(handle);
    await revokeApiKey(db, own.keyIds["send-only"]);
    const hashes = [
      a.keys["send-only"],
      b.keys["full-access"],
      own.keys["send-only"],
      `svc_live_${"x".repeat(32)}`,
      a.keys["send-only"],
    ].map(hashApiKey);
    const [fromA, fromB, revoked, unknown, again] = await lookUpApiKeys(sqlPool(handle), hashes);
    expect(fromA).toMatchObject({
      id: a.keyIds["send-only"],
      workspaceId: a.workspaceId,
      scope: "send-only",
      plan: "unlimited",
      revokedAt: null,
    });
    expect(fromB).toMatchObject({ id: b.keyIds["full-access"], workspaceId: b.workspaceId, scope: "full-access" });
    expect(revoked?.revokedAt).toBeInstanceOf(Date);
    expect(unknown).toBeNull();
    expect(again?.id).toBe(a.keyIds["send-only"]);
  });

  it("coalesces lookups made together into one statement", async () => {
    const { statements } = recordingStatements();
    const counter = countStatements();
    try {
      const keys = [a.keys["send-only"], b.keys["send-only"], a.keys["read-only"]];
      const rows = await Promise.all(keys.map((key) => statements.lookUpKey(hashApiKey(key))));
      expect(rows.map((r) => r?.id)).toEqual([a.keyIds["send-only"], b.keyIds["send-only"], a.keyIds["read-only"]]);
      expect(counter.count()).toBe(1);
    } finally {
      counter.restore();
    }
  });
});

describe("one statement for many sends", () => {
  it("writes each workspace's rows and refuses only the row whose domain is not verified for its workspace", async () => {
    const { statements } = recordingStatements();
    const rows = [
      row(a, `hello@${a.domain}`),
      row(b, `hello@${b.domain.toUpperCase()}`),
      row(a, `hello@${b.domain}`), // b's domain, sent by a
      row(b, "hello@unverified.example.net"),
    ];
    const counter = countStatements();
    let answers: string[];
    try {
      answers = (await Promise.all(rows.map((r) => statements.insertEmail(r)))).map((written) => written.outcome);
      expect(counter.count()).toBe(1);
    } finally {
      counter.restore();
    }
    expect(answers).toEqual(["inserted", "inserted", "domain_not_verified", "domain_not_verified"]);
    expect(await stored(rows[0]!.emailId)).toMatchObject({ organizationId: a.workspaceId, from: `hello@${a.domain}` });
    expect(await stored(rows[1]!.emailId)).toMatchObject({ organizationId: b.workspaceId, apiKeyId: b.keyIds["send-only"] });
    expect(await stored(rows[2]!.emailId)).toBeNull();
    expect(await stored(rows[3]!.emailId)).toBeNull();
  });

  it("fails only the row Postgres refuses, and still writes the others of its batch", async () => {
    const { statements } = recordingStatements();
    const good = [row(a, `hello@${a.domain}`), row(b, `hello@${b.domain}`)];
    // Text columns cannot hold NUL; validation refuses it, so the row is built past it here.
    const valid = row(a, `hello@${a.domain}`);
    const bad = { ...valid, input: { ...valid.input, text: "nul \u0000 byte" } };
    const settled = await Promise.allSettled([good[0]!, bad, good[1]!].map((r) => statements.insertEmail(r)));
    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(await stored(good[0]!.emailId)).not.toBeNull();
    expect(await stored(good[1]!.emailId)).not.toBeNull();
    expect(await stored(bad.emailId)).toBeNull();
  });
});

describe("one send job for a workspace's sends written together", () => {
  it("shares a job among a workspace's immediate sends of a statement; a lone or scheduled send keeps its own", async () => {
    const { statements, jobs } = recordingStatements();
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const rows = [
      row(a, `one@${a.domain}`),
      row(b, `alone@${b.domain}`),
      row(a, `two@${a.domain}`),
      row(a, `later@${a.domain}`, { scheduledAt: later }),
      row(a, `three@${a.domain}`),
    ];
    const answers = await Promise.all(rows.map((r) => statements.insertEmail(r)));
    expect(answers).toEqual([
      { outcome: "inserted", sendJobEnqueued: true },
      { outcome: "inserted", sendJobEnqueued: false },
      { outcome: "inserted", sendJobEnqueued: true },
      { outcome: "inserted", sendJobEnqueued: false },
      { outcome: "inserted", sendJobEnqueued: true },
    ]);
    const jobId = sharedSendJobId(rows[0]!.emailId);
    expect(jobs).toEqual([{ workspaceId: a.workspaceId, jobId, emailIds: [rows[0]!.emailId, rows[2]!.emailId, rows[4]!.emailId] }]);
    const sendJobIds = await Promise.all(rows.map(async (r) => (await stored(r.emailId))?.sendJobId));
    expect(sendJobIds).toEqual([jobId, null, jobId, null, jobId]);
  });

  it("leaves a refused send out of the job, and enqueues no job when none of its sends was written", async () => {
    const { statements, jobs } = recordingStatements();
    const rows = [
      row(a, `ok@${a.domain}`),
      row(a, `me@${b.domain}`),
      row(b, "x@unverified.example.net"),
      row(b, "y@unverified.example.net"),
    ];
    const answers = await Promise.all(rows.map((r) => statements.insertEmail(r)));
    expect(answers.map((written) => written.sendJobEnqueued)).toEqual([true, false, false, false]);
    expect(jobs).toEqual([{ workspaceId: a.workspaceId, jobId: sharedSendJobId(rows[0]!.emailId), emailIds: [rows[0]!.emailId] }]);
  });

  it("frees the statement's turn while its shared job is enqueued: a slow Redis does not stop later sends' rows", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const enqueued: string[] = [];
    const statements = coalescedStatements(handle, async (job) => {
      await gate;
      enqueued.push(job.jobId);
    });
    const pair = () => [row(a, `one@${a.domain}`), row(a, `two@${a.domain}`)];
    const waitForRows = async (rows: NewEmailRow[]) => {
      for (let tries = 0; tries < 200; tries++) {
        if ((await db.email.count({ where: { id: { in: rows.map((r) => r.emailId) } } })) === rows.length) return true;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return false;
    };
    // More statements than the two that may run at once, each waiting for its job's enqueue.
    const pairs = [pair(), pair(), pair()];
    const answers: Array<Promise<unknown>> = [];
    for (const rows of pairs) {
      answers.push(...rows.map((r) => statements.insertEmail(r)));
      expect(await waitForRows(rows)).toBe(true);
    }
    expect(enqueued).toEqual([]);
    release();
    await Promise.all(answers);
    expect(enqueued.sort()).toEqual(pairs.map((rows) => sharedSendJobId(rows[0]!.emailId)).sort());
  });

  it("shares a job among a counted workspace's sends of one transaction", async () => {
    const { statements, jobs } = recordingStatements();
    const free = await createWorkspaceFixture(handle, { plan: "free" });
    const rows = [row(free, `one@${free.domain}`, {}, "free"), row(free, `two@${free.domain}`, {}, "free")];
    const answers = await Promise.all(rows.map((r) => statements.insertCountedEmail(r)));
    expect(answers).toEqual([
      { outcome: "inserted", sendJobEnqueued: true },
      { outcome: "inserted", sendJobEnqueued: true },
    ]);
    expect(jobs).toEqual([
      { workspaceId: free.workspaceId, jobId: sharedSendJobId(rows[0]!.emailId), emailIds: rows.map((r) => r.emailId) },
    ]);
  });
});

describe("POST /emails sent together", () => {
  it("gives each request its own answer: two workspaces accepted, an unverified domain 403, a revoked key 401", async () => {
    const revokedOwner = await createWorkspaceFixture(handle);
    await revokeApiKey(db, revokedOwner.keyIds["send-only"]);
    const post = (key: string, body: unknown) =>
      request(api.url)
        .post("/emails")
        .set(bearer(key))
        .send(body as object);
    const [fromA, fromB, unverified, revoked, readOnly] = await Promise.all([
      post(a.keys["send-only"], sendBody(a.domain)),
      post(b.keys["full-access"], sendBody(b.domain, { subject: "From b" })),
      post(a.keys["send-only"], sendBody(a.domain, { from: `me@${b.domain}` })),
      post(revokedOwner.keys["send-only"], sendBody(revokedOwner.domain)),
      post(b.keys["read-only"], sendBody(b.domain)),
    ]);
    expect([fromA.status, fromB.status, unverified.status, revoked.status, readOnly.status]).toEqual([202, 202, 403, 401, 403]);
    expect(unverified.body).toEqual({
      error: `The from domain ${b.domain} is not verified for this workspace.`,
      code: "domain_not_verified",
    });
    expect(revoked.body.code).toBe("unauthorized");
    expect(readOnly.body.code).toBe("forbidden");
    expect(await stored(fromA.body.id)).toMatchObject({ organizationId: a.workspaceId, apiKeyId: a.keyIds["send-only"] });
    expect(await stored(fromB.body.id)).toMatchObject({
      organizationId: b.workspaceId,
      apiKeyId: b.keyIds["full-access"],
      subject: "From b",
    });
    expect(await db.email.count({ where: { organizationId: revokedOwner.workspaceId } })).toBe(0);
  });

  it("puts every accepted email of a burst in exactly one send job, its own or the one its row names", async () => {
    const burst = await createWorkspaceFixture(handle);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        request(api.url)
          .post("/emails")
          .set(bearer(burst.keys["send-only"]))
          .send(sendBody(burst.domain, { subject: `Burst ${i}` })),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(12).fill(202));
    const ids = answers.map((res) => res.body.id as string);
    const rows = await db.email.findMany({ where: { id: { in: ids } }, select: { id: true, sendJobId: true } });
    const carried: string[] = [];
    for (const jobId of new Set(rows.map((r) => r.sendJobId ?? r.id))) {
      const data = (await api.producer.queue.getJob(jobId))?.data;
      carried.push(...(data === undefined ? [] : "emailIds" in data ? data.emailIds : [data.emailId]));
    }
    expect(carried.sort()).toEqual([...ids].sort());
    for (const r of rows.filter((shared) => shared.sendJobId !== null)) {
      expect(await api.producer.queue.getJob(r.id)).toBeUndefined();
    }
  });
});
