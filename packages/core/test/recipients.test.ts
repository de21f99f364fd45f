import { afterAll, describe, expect, it } from "@jest/globals";
import {
  AppError,
  addTestRecipient,
  createWorkspace,
  listTestRecipients,
  parseRecipientAddress,
  preVerifiedRecipients,
  removeTestRecipient,
} from "@svc/core";
import { openTestDb } from "../../../test/support/fixtures.ts";

const handle = openTestDb();
const db = handle.prisma;
afterAll(() => handle.close());

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe("parseRecipientAddress", () => {
  it("lower-cases and trims plain addresses", () => {
    expect(parseRecipientAddress("  Dev.Team+Test@Example.COM ")).toBe("dev.team+test@example.com");
    expect(parseRecipientAddress("o'brien@sub.example.co.uk")).toBe("o'brien@sub.example.co.uk");
  });

  it.each([
    ["", "must not be empty"],
    ["no-at-sign", "must be an email address"],
    ["@example.com", "must be an email address"],
    ["someone@", "must be an email address"],
    ["Some One <someone@example.com>", "plain email address"],
    ["some one@example.com", "plain email address"],
    ['"quoted"@example.com', "plain email address"],
    [".dot@example.com", "plain email address"],
    ["dot.@example.com", "plain email address"],
    ["two..dots@example.com", "plain email address"],
    ["someone@localhost", "at least two labels"],
    ["someone@example..com", "empty labels"],
    [`${"a".repeat(65)}@example.com`, "at most 64"],
    [`a@${"b".repeat(62)}.${"c".repeat(62)}.${"d".repeat(62)}.${"e".repeat(62)}.com`, "at most 254"],
  ])("rejects %j (%s)", (input, message) => {
    expect(() => parseRecipientAddress(input)).toThrow(message);
  });
});

describe("test recipients", () => {
  it("are stored lower-cased, unique per workspace whatever the case, and listed in order", async () => {
    const workspace = await createWorkspace(db, { name: "Recipients" });
    const added = await addTestRecipient(db, { workspaceId: workspace.id, email: "Zed@Example.com" });
    expect(added).toMatchObject({ workspaceId: workspace.id, email: "zed@example.com" });
    expect(added.id).toMatch(/^rcp_[A-Za-z0-9]{24}$/);
    await addTestRecipient(db, { workspaceId: workspace.id, email: "amy@example.com" });

    const duplicate = await errorOf(addTestRecipient(db, { workspaceId: workspace.id, email: "ZED@example.COM" }));
    expect(duplicate.code).toBe("conflict");
    expect(duplicate.message).toBe("zed@example.com is already a test recipient of this workspace.");
    expect((await listTestRecipients(db, workspace.id)).map((recipient) => recipient.email)).toEqual([
      "amy@example.com",
      "zed@example.com",
    ]);

    const other = await createWorkspace(db, { name: "Other" });
    expect((await addTestRecipient(db, { workspaceId: other.id, email: "zed@example.com" })).workspaceId).toBe(other.id);
  });

  it("lets exactly one of several concurrent adds of one address through", async () => {
    const workspace = await createWorkspace(db, { name: "Race" });
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => addTestRecipient(db, { workspaceId: workspace.id, email: "race@example.com" })),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(await db.testRecipient.count({ where: { workspaceId: workspace.id } })).toBe(1);
  });

  it("refuses bad addresses and unknown workspaces, creating nothing", async () => {
    const workspace = await createWorkspace(db, { name: "Bad" });
    expect((await errorOf(addTestRecipient(db, { workspaceId: workspace.id, email: "not an address" }))).code).toBe("validation_failed");
    expect((await errorOf(addTestRecipient(db, { workspaceId: "org_missing", email: "a@example.com" }))).message).toBe(
      "Workspace not found.",
    );
    expect(await listTestRecipients(db, workspace.id)).toEqual([]);
  });

  it("are removed by id or address, within the workspace only", async () => {
    const a = await createWorkspace(db, { name: "A" });
    const b = await createWorkspace(db, { name: "B" });
    const first = await addTestRecipient(db, { workspaceId: a.id, email: "first@example.com" });
    await addTestRecipient(db, { workspaceId: a.id, email: "second@example.com" });

    expect((await errorOf(removeTestRecipient(db, b.id, { id: first.id }))).message).toBe("Test recipient not found.");
    expect((await errorOf(removeTestRecipient(db, b.id, { email: "first@example.com" }))).code).toBe("not_found");
    expect(await listTestRecipients(db, a.id)).toHaveLength(2);

    expect((await removeTestRecipient(db, a.id, { id: first.id })).email).toBe("first@example.com");
    expect((await removeTestRecipient(db, a.id, { email: "SECOND@example.com" })).email).toBe("second@example.com");
    expect(await listTestRecipients(db, a.id)).toEqual([]);
    expect((await errorOf(removeTestRecipient(db, a.id, { id: first.id }))).code).toBe("not_found");
  });

  it("answer which addresses a test key may deliver to, case-insensitively", async () => {
    const a = await createWorkspace(db, { name: "A" });
    const b = await createWorkspace(db, { name: "B" });
    await addTestRecipient(db, { workspaceId: a.id, email: "ok@example.com" });
    await addTestRecipient(db, { workspaceId: b.id, email: "elsewhere@example.com" });
    expect(await preVerifiedRecipients(handle.pool, a.id, ["OK@Example.com", "nope@example.com", "elsewhere@example.com"])).toEqual([
      "OK@Example.com",
    ]);
    expect(await preVerifiedRecipients(handle.pool, a.id, [])).toEqual([]);
  });
});
