import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type AwsLocal, startAwsLocal } from "@svc/aws-local";
import { createSesApiClients, type SesApiClients, SesTenants, tenantNameOf } from "@svc/providers";
import { FAKE_AWS_CREDENTIALS } from "../../../test/support/ses.ts";
import { createTestDashboard, signedUpAgent, type TestDashboard } from "./support.ts";

/** A workspace's overview shows its own SES tenant's sending status, read from the local AWS server. */

const REGION = "sa-east-1";
let aws: AwsLocal;
let dashboard: TestDashboard;
let clients: SesApiClients;

beforeAll(async () => {
  Object.assign(process.env, FAKE_AWS_CREDENTIALS);
  aws = await startAwsLocal({ region: REGION });
  clients = createSesApiClients({ AWS_REGION: REGION, SES_ENDPOINT: aws.url });
  dashboard = await createTestDashboard({ EMAIL_PROVIDER: "ses", AWS_REGION: REGION, SES_ENDPOINT: aws.url, SNS_ENDPOINT: aws.url });
});
afterAll(async () => {
  clients.close();
  await dashboard.close();
  await aws.close();
});

async function ownerWithWorkspace() {
  const owner = await signedUpAgent(dashboard.url);
  const user = await dashboard.db.user.findUniqueOrThrow({ where: { email: owner.email }, include: { memberships: true } });
  return { ...owner, workspaceId: user.memberships[0]!.workspaceId };
}

describe("the overview's SES sending status", () => {
  it("shows enabled for a workspace whose tenant may send, paused with SES's reason for one SES disabled, and none before a tenant exists", async () => {
    const tenants = new SesTenants(clients.ses);
    const healthy = await ownerWithWorkspace();
    const paused = await ownerWithWorkspace();
    const fresh = await ownerWithWorkspace();
    await tenants.ensure(healthy.workspaceId, { identities: [], configurationSets: [] });
    await tenants.ensure(paused.workspaceId, { identities: [], configurationSets: [] });
    aws.setTenantSesStatus(tenantNameOf(paused.workspaceId), "DISABLED", "Complaint rate above the threshold");

    const healthyPage = (await healthy.agent.get("/").expect(200)).text;
    expect(healthyPage).toContain('data-tenant-status="ENABLED"');
    expect(healthyPage).not.toContain("Sending paused by SES");
    expect(healthyPage).not.toContain("Complaint rate above the threshold");

    const pausedPage = (await paused.agent.get("/").expect(200)).text;
    expect(pausedPage).toContain('data-tenant-status="DISABLED"');
    expect(pausedPage).toContain("Sending paused by SES");
    expect(pausedPage).toContain("Complaint rate above the threshold");

    expect((await fresh.agent.get("/").expect(200)).text).toContain('data-tenant-status="none"');

    // Read once a minute at most: a second view asks SES nothing.
    const calls = aws.state.calls.length;
    await paused.agent.get("/").expect(200);
    expect(aws.state.calls.length).toBe(calls);
  });
});
