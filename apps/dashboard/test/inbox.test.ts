import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createApiKey } from "@svc/core";
import { newId } from "@svc/db";
import { type Agent, createTestDashboard, signedUpAgent, type TestDashboard } from "./support.ts";

let dashboard: TestDashboard;
let owner: { agent: Agent; email: string };
let stranger: { agent: Agent; email: string };
let workspaceId: string;

beforeAll(async () => {
  dashboard = await createTestDashboard();
  owner = await signedUpAgent(dashboard.url);
  stranger = await signedUpAgent(dashboard.url);
  workspaceId = (await dashboard.db.member.findFirstOrThrow({ where: { user: { email: owner.email } } })).workspaceId;
});

afterAll(() => dashboard?.close());

describe("the inbox", () => {
  it("lists received mail, shows a message, and shows a reply on the sent email's page; another workspace sees none of it", async () => {
    const keyId = (await createApiKey(dashboard.db, { workspaceId, environment: "live", scope: "send-only" })).id;
    const emailId = newId("email");
    await dashboard.db.email.create({
      data: {
        id: emailId,
        organizationId: workspaceId,
        apiKeyId: keyId,
        environment: "live",
        from: "a@x.test",
        to: ["c@y.test"],
        subject: "Receipt",
        text: "t",
        status: "sent",
      },
    });
    const inboundId = newId("inbound");
    await dashboard.db.inboundEmail.create({
      data: {
        id: inboundId,
        workspaceId,
        source: "mx",
        mailFrom: "c@y.test",
        rcptTo: ["support@reply.x.test"],
        from: "c@y.test",
        subject: "Re: Receipt <thanks>",
        text: "Thanks!",
        raw: new Uint8Array(Buffer.from("raw")),
        size: 3,
        verdicts: { spf: { result: "pass" }, dkim: { result: "none" } },
        replyToEmailId: emailId,
        receivedAt: new Date(),
      },
    });
    const inbox = await owner.agent.get("/inbound").expect(200);
    expect(inbox.text).toContain(`data-inbound-id="${inboundId}"`);
    expect(inbox.text).toContain("Re: Receipt &lt;thanks&gt;");
    const shown = await owner.agent.get(`/inbound/${inboundId}`).expect(200);
    expect(shown.text).toContain("Thanks!");
    expect(shown.text).toContain(`href="/emails/${emailId}"`);
    const sent = await owner.agent.get(`/emails/${emailId}`).expect(200);
    expect(sent.text).toContain("data-replies");
    expect(sent.text).toContain(`href="/inbound/${inboundId}"`);

    expect((await stranger.agent.get("/inbound").expect(200)).text).not.toContain(inboundId);
    expect((await stranger.agent.get(`/inbound/${inboundId}`)).status).toBe(404);
  });
});
