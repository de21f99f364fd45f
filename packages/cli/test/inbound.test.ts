import { afterAll, describe, expect, it, jest } from "@jest/globals";
import { newId } from "@svc/db";
import { openTestDb } from "../../../test/support/fixtures.ts";
import { CLI_TEST_TIMEOUT_MS, runCli, runCliJson } from "./runCli.ts";

jest.setTimeout(CLI_TEST_TIMEOUT_MS);

const handle = openTestDb();
afterAll(() => handle.close());

describe("svc inbound", () => {
  it("adds a receiving domain with its records, routes, and lists and shows the workspace's received messages only", async () => {
    const workspaceId = (await runCliJson<{ id: string }>(["workspace", "create", "--name", "Inbound CLI"])).id;
    const other = (await runCliJson<{ id: string }>(["workspace", "create", "--name", "Other"])).id;
    const name = `reply-${Date.now()}.cli.test`;
    const domain = await runCliJson<{ id: string; records: Array<{ type: string; value: string }> }>([
      "inbound",
      "add-domain",
      "--workspace",
      workspaceId,
      "--domain",
      name,
      "--mx-host",
      "mx.cli.test",
    ]);
    expect(domain.records).toContainEqual(expect.objectContaining({ type: "MX", value: "mx.cli.test" }));
    expect(await runCliJson(["inbound", "mark-verified", "--id", domain.id])).toMatchObject({ status: "verified" });
    const routed = await runCliJson<{ routes: Array<{ address: string }> }>([
      "inbound",
      "add-route",
      "--domain-id",
      domain.id,
      "--address",
      "*",
    ]);
    expect(routed.routes.map((route) => route.address)).toEqual([`*@${name}`]);

    const id = newId("inbound");
    await handle.prisma.inboundEmail.create({
      data: {
        id,
        workspaceId,
        source: "mx",
        mailFrom: "a@b.test",
        rcptTo: [`x@${name}`],
        subject: "Hello",
        raw: new Uint8Array(Buffer.from("raw")),
        size: 3,
        receivedAt: new Date(),
      },
    });
    const listed = await runCliJson<{ data: Array<{ id: string }> }>(["inbound", "list", "--workspace", workspaceId]);
    expect(listed.data.map((entry) => entry.id)).toEqual([id]);
    expect(await runCliJson(["inbound", "show", "--workspace", workspaceId, "--id", id])).toMatchObject({ id, subject: "Hello" });
    const refused = await runCli(["inbound", "show", "--workspace", other, "--id", id]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("not found");
  });
});
