import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import { parseSendEmailInput, revokeApiKey, sqlPool } from "@svc/core";
import { lookUpApiKeys, type NewEmailRow } from "@svc/core/stores";
import { newId } from "@svc/db";
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

function row(fx: WorkspaceFixture, from: string, overrides: Record<string, unknown> = {}): NewEmailRow {
  return {
    emailId: newId("email"),
    context: { workspaceId: fx.workspaceId, apiKeyId: fx.keyIds["send-only"], environment: "live", plan: "unlimited" },
    input: parseSendEmailInput(sendBody(fx.domain, { from, ...overrides })),
  };
}

const stored = (emailId: string) => db.email.findUnique({ where: { id: emailId } });

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
    const statements = coalescedStatements(handle);
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
    const statements = coalescedStatements(handle);
    const rows = [
      row(a, `hello@${a.domain}`),
      row(b, `hello@${b.domain.toUpperCase()}`),
      row(a, `hello@${b.domain}`), // b's domain, sent by a
      row(b, "hello@unverified.example.net"),
    ];
    const counter = countStatements();
    let answers: boolean[];
    try {
      answers = await Promise.all(rows.map((r) => statements.insertEmail(r)));
      expect(counter.count()).toBe(1);
    } finally {
      counter.restore();
    }
    expect(answers).toEqual([true, true, false, false]);
    expect(await stored(rows[0]!.emailId)).toMatchObject({ organizationId: a.workspaceId, from: `hello@${a.domain}` });
    expect(await stored(rows[1]!.emailId)).toMatchObject({ organizationId: b.workspaceId, apiKeyId: b.keyIds["send-only"] });
    expect(await stored(rows[2]!.emailId)).toBeNull();
    expect(await stored(rows[3]!.emailId)).toBeNull();
  });

  it("fails only the row Postgres refuses, and still writes the others of its batch", async () => {
    const statements = coalescedStatements(handle);
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
});
