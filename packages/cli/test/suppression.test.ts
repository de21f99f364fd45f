import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, jest } from "@jest/globals";
import { newId } from "@svc/db";
import { openTestDb } from "../../../test/support/fixtures.ts";
import { CLI_TEST_TIMEOUT_MS, runCli, runCliJson } from "./runCli.ts";

jest.setTimeout(CLI_TEST_TIMEOUT_MS);

const handle = openTestDb();
const db = handle.prisma;
const dir = mkdtempSync(path.join(os.tmpdir(), "svc-supp-cli-"));
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await handle.close();
});

async function newWorkspace(): Promise<string> {
  return (await runCliJson<{ id: string }>(["workspace", "create", "--name", "Suppression CLI"])).id;
}

async function runFailing(args: string[], code: number): Promise<string> {
  const result = await runCli(args);
  expect({ code: result.code, stdout: result.stdout }).toEqual({ code, stdout: "" });
  return result.stderr;
}

describe("svc suppression", () => {
  it("adds, lists, removes (a complaint only with --confirm-complaint), and leaves another workspace alone", async () => {
    const workspaceId = await newWorkspace();
    const other = await newWorkspace();
    const added = await runCliJson(["suppression", "add", "--workspace", workspaceId, "--address", "Gone@Example.com"]);
    expect(added).toMatchObject({ address: "gone@example.com", reason: "manual", created: true });
    expect(await runCliJson(["suppression", "add", "--workspace", workspaceId, "--address", "gone@example.com"])).toMatchObject({
      id: added.id,
      created: false,
    });
    expect(await runFailing(["suppression", "add", "--workspace", workspaceId, "--address", "nope"], 1)).toContain("address:");
    await runCliJson(["suppression", "add", "--workspace", other, "--address", "theirs@example.com"]);
    await db.suppression.create({ data: { id: newId("suppression"), workspaceId, address: "angry@example.com", reason: "complaint" } });

    const listed = await runCliJson<Array<{ address: string }>>(["suppression", "list", "--workspace", workspaceId]);
    expect(listed.map((entry) => entry.address)).toEqual(["angry@example.com", "gone@example.com"]);
    const complaints = await runCliJson<Array<{ address: string }>>([
      "suppression",
      "list",
      "--workspace",
      workspaceId,
      "--reason",
      "complaint",
    ]);
    expect(complaints.map((entry) => entry.address)).toEqual(["angry@example.com"]);
    expect(await runFailing(["suppression", "list", "--workspace", workspaceId, "--reason", "soft"], 1)).toContain("reason:");

    expect(await runFailing(["suppression", "remove", "--workspace", workspaceId, "--address", "theirs@example.com"], 1)).toBe(
      "Error: Suppression not found.\n",
    );
    expect(await runFailing(["suppression", "remove", "--workspace", workspaceId, "--address", "angry@example.com"], 1)).toContain(
      "--confirm-complaint",
    );
    expect(await db.suppression.count({ where: { workspaceId, address: "angry@example.com" } })).toBe(1);
    expect(
      await runCliJson(["suppression", "remove", "--workspace", workspaceId, "--address", "angry@example.com", "--confirm-complaint"]),
    ).toMatchObject({
      reason: "complaint",
      removed: true,
    });
    expect(await runCliJson(["suppression", "remove", "--workspace", workspaceId, "--address", "gone@example.com"])).toMatchObject({
      removed: true,
    });
    expect(await db.suppression.count({ where: { workspaceId } })).toBe(0);
    expect(await db.suppression.count({ where: { workspaceId: other } })).toBe(1);
    expect(await runFailing(["suppression", "list", "--workspace", "org_doesnotexist"], 1)).toContain("not found");
  });

  it("imports a CSV (header column or one per line), reporting added/skipped/invalid, and exports CSV", async () => {
    const workspaceId = await newWorkspace();
    await runCliJson(["suppression", "add", "--workspace", workspaceId, "--address", "old@example.com"]);
    const withHeader = path.join(dir, "header.csv");
    writeFileSync(
      withHeader,
      'name,Email\nAnn,ann@example.com\n"Bob, Jr",OLD@example.com\nEve,not-an-address\nAnn again,ann@example.com\n\n',
    );
    expect(await runCliJson(["suppression", "import", "--workspace", workspaceId, "--file", withHeader])).toMatchObject({
      added: 1,
      skipped: 2,
      invalid: 1,
      invalidLines: [{ line: 4, value: "not-an-address" }],
    });
    const plain = path.join(dir, "plain.csv");
    writeFileSync(plain, "carl@example.com\r\ndora@example.com\r\n");
    expect(await runCliJson(["suppression", "import", "--workspace", workspaceId, "--file", plain])).toMatchObject({
      added: 2,
      skipped: 0,
      invalid: 0,
    });
    const tooMany = path.join(dir, "many.csv");
    writeFileSync(tooMany, Array.from({ length: 10_001 }, (_, n) => `r${n}@example.com`).join("\n"));
    expect(await runFailing(["suppression", "import", "--workspace", workspaceId, "--file", tooMany], 1)).toContain("more than 10000 rows");
    expect(await db.suppression.count({ where: { workspaceId } })).toBe(4);

    const exported = await runCli(["suppression", "export", "--workspace", workspaceId]);
    expect(exported.code).toBe(0);
    const lines = exported.stdout.trim().split("\n");
    expect(lines[0]).toBe("address,reason,created_at,expires_at,email_id,event_id");
    expect(lines.slice(1).map((line) => line.split(",").slice(0, 2).join(","))).toEqual([
      "ann@example.com,manual",
      "carl@example.com,manual",
      "dora@example.com,manual",
      "old@example.com,manual",
    ]);
    // The export imports back into another workspace as it is.
    const copy = await newWorkspace();
    const exportFile = path.join(dir, "export.csv");
    writeFileSync(exportFile, exported.stdout);
    expect(await runCliJson(["suppression", "import", "--workspace", copy, "--file", exportFile])).toMatchObject({ added: 4, invalid: 0 });
  });

  it("lists and removes topic suppressions of one workspace only, and records the removal", async () => {
    const workspaceId = await newWorkspace();
    const other = await newWorkspace();
    const entry = (workspace: string, topic: string, address: string) =>
      db.topicSuppression.create({ data: { id: newId("topicSuppression"), workspaceId: workspace, topic, address } });
    await entry(workspaceId, "newsletter", "reader@example.com");
    await entry(workspaceId, "billing", "reader@example.com");
    await entry(other, "newsletter", "theirs@example.com");

    const listed = await runCliJson<Array<{ topic: string; address: string }>>(["suppression", "topics", "--workspace", workspaceId]);
    expect(listed.map((e) => `${e.topic}:${e.address}`)).toEqual(["billing:reader@example.com", "newsletter:reader@example.com"]);
    const newsletter = await runCliJson<Array<{ topic: string }>>([
      "suppression",
      "topics",
      "--workspace",
      workspaceId,
      "--topic",
      "newsletter",
    ]);
    expect(newsletter.map((e) => e.topic)).toEqual(["newsletter"]);
    expect(await runFailing(["suppression", "topics", "--workspace", workspaceId, "--topic", "bad topic"], 1)).toContain("topic:");

    const remove = (workspace: string, topic: string, address: string) => [
      "suppression",
      "topic-remove",
      "--workspace",
      workspace,
      "--topic",
      topic,
      "--address",
      address,
    ];
    expect(await runFailing(remove(workspaceId, "newsletter", "theirs@example.com"), 1)).toBe("Error: Topic suppression not found.\n");
    expect(await runCliJson(remove(workspaceId, "newsletter", "Reader@Example.com"))).toMatchObject({
      topic: "newsletter",
      address: "reader@example.com",
      removed: true,
    });
    expect(await db.topicSuppression.count({ where: { workspaceId } })).toBe(1);
    expect(await db.topicSuppression.count({ where: { workspaceId: other } })).toBe(1);
    const audit = await runCliJson<{ data: Array<{ action: string; target: unknown }> }>(["audit-log", "list", "--workspace", workspaceId]);
    expect(audit.data.filter((e) => e.action === "topic_suppression.removed")).toEqual([
      expect.objectContaining({ target: { type: "topic_suppression", id: "newsletter:reader@example.com" } }),
    ]);
  });
});
