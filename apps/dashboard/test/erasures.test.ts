import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { ErasureTokens, postgresFileStore, runNextErasure } from "@svc/core";
import { createLogger } from "@svc/logger";
import { createTestDashboard, signedUpAgent, type TestDashboard } from "./support.ts";

/**
 * The Erasures page: an owner requests an erasure (a malformed address named, nothing started; the
 * workspace's erasure rate shared with the API), follows its status and downloads its receipt;
 * another workspace's receipt is a missing one.
 */
let dashboard: TestDashboard;

beforeAll(async () => {
  dashboard = await createTestDashboard({ DASHBOARD_ERASURES_PER_MINUTE: "2" });
}, 60_000);
afterAll(async () => {
  await dashboard?.close();
});

async function workspaceOf(email: string): Promise<string> {
  const user = await dashboard.db.user.findUniqueOrThrow({ where: { email } });
  return (await dashboard.db.member.findFirstOrThrow({ where: { userId: user.id } })).workspaceId;
}

describe("the Erasures page", () => {
  it("requests an erasure, shows its status and receipt, refuses a malformed address naming it, and holds a workspace to its erasure rate", async () => {
    const owner = await signedUpAgent(dashboard.url);
    const workspaceId = await workspaceOf(owner.email);
    const post = (addresses: string) => owner.agent.post("/erasures").type("form").send({ _csrf: owner.csrf, addresses, emailIds: "" });

    const bad = await post("fine@example.org\nnot an address").expect(422);
    expect(bad.text).toContain("addresses[1] &quot;not an address&quot;");
    expect(await dashboard.db.erasure.count({ where: { workspaceId } })).toBe(0);

    await post("Someone@example.org, other@example.org").expect(303);
    const listed = await owner.agent.get("/erasures").expect(200);
    const erasure = await dashboard.db.erasure.findFirstOrThrow({ where: { workspaceId } });
    expect(erasure.addresses.sort()).toEqual(["other@example.org", "someone@example.org"]);
    expect(listed.text).toContain(`data-erasure-id="${erasure.id}" data-status="queued"`);
    expect(listed.text).not.toContain("someone@example.org");

    // The api's runner does the work; here the test runs it.
    const outcome = await runNextErasure(dashboard.handle, createLogger("erasure-test", "silent"), {
      files: postgresFileStore(dashboard.handle),
      tokens: new ErasureTokens(dashboard.env.WEBHOOK_SECRET_KEY),
      only: erasure.id,
    });
    expect(outcome).toEqual({ id: erasure.id, status: "completed" });
    expect((await owner.agent.get("/erasures").expect(200)).text).toContain(`data-erasure-id="${erasure.id}" data-status="completed"`);
    const receipt = await owner.agent.get(`/erasures/${erasure.id}/receipt.json`).expect(200);
    expect(receipt.headers["content-disposition"]).toBe(`attachment; filename="${erasure.id}-receipt.json"`);
    expect(receipt.body).toMatchObject({ erasureId: erasure.id, workspaceId, status: "completed", addressCount: 2, objectsDeleted: 0 });

    const stranger = await signedUpAgent(dashboard.url);
    await stranger.agent.get(`/erasures/${erasure.id}/receipt.json`).expect(404);
    expect((await stranger.agent.get("/erasures").expect(200)).text).not.toContain(erasure.id);

    // A burst of 2 a minute: the second request was the last one allowed.
    await post("third@example.org").expect(303);
    const limited = await post("fourth@example.org").expect(429);
    expect(limited.text).toContain("Too many erasure requests");
    expect(await dashboard.db.erasure.count({ where: { workspaceId } })).toBe(2);
  });
});
