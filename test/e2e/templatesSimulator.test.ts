import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../support/fixtures.ts";
import { type Stack, startStack } from "../support/stack.ts";

/**
 * A templated email offline, through the simulator: rendered by the sender like the SES path
 * (no shortcut), handed to the simulator, and its events back through the ingester.
 */
const handle = openTestDb();
let stack: Stack;
let fx: WorkspaceFixture;

beforeAll(async () => {
  stack = await startStack({ apps: ["ingest", "api", "sender"] });
  fx = await createWorkspaceFixture(handle, { plan: "unlimited" });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await handle.close();
});

async function api(path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${stack.apiUrl}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${fx.keys["full-access"]}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("a templated email through the simulator", () => {
  it("is rendered at the handoff and delivered, with its template pinned on the row", async () => {
    expect(
      (
        await api("/templates", {
          name: "Reset",
          alias: "reset",
          subject: "Reset for {{ user }}",
          html: "<p>{{ link }}</p>",
          variables: [
            { name: "user", type: "string" },
            { name: "link", type: "string" },
          ],
        })
      ).status,
    ).toBe(201);
    expect((await api("/templates/reset/publish", {})).status).toBe(201);
    const sent = await api("/emails", {
      from: `Acme <hi@${fx.domain}>`,
      to: "success@simulator.amazonses.com",
      template: { alias: "reset", variables: { user: "ann", link: "<https://x>" } },
    });
    expect(sent.status).toBe(202);
    const id = sent.body.id as string;
    const deadline = Date.now() + 30_000;
    let status = "";
    while (Date.now() < deadline && status !== "delivered") {
      status = (await api(`/emails/${id}`)).body.status as string;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe("delivered");
    const row = await handle.prisma.email.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({
      templateVersion: 1,
      templateVariables: { user: "ann", link: "<https://x>" },
      // What was sent: the rendered subject replaces the source once the provider accepted it; the bodies are not stored.
      subject: "Reset for ann",
      html: null,
      text: null,
    });
  });
});
