import { CreateEmailIdentityCommand, ListTenantResourcesCommand, SESv2Client } from "@aws-sdk/client-sesv2";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type AwsLocal, startAwsLocal } from "@svc/aws-local";
import { getEmailExplained } from "@svc/core";
import { registry } from "@svc/metrics";
import { tenantNameOf } from "@svc/providers";
import { createProducerConnection, Producer, sendQueueFacts } from "@svc/queues";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { FAKE_AWS_CREDENTIALS } from "../../../test/support/ses.ts";
import { createTestSender, insertEmail, senderTestEnv, type TestSender, waitFor } from "./support.ts";

/**
 * Each workspace sends as its SES tenant, against the local AWS server and the real SDK: a
 * tenant SES disables holds only its workspace's emails (queued, `waiting` says why) while
 * another workspace's are sent, and the held ones go out once SES enables it again.
 */

// A region of this file's own: no recorded setup, so no configuration set is named.
const REGION = "ca-central-1";
const HOLD_MS = 400;
const handle = openTestDb();
const redis = createProducerConnection(process.env.REDIS_URL ?? "redis://127.0.0.1:6379/1");
let aws: AwsLocal;
let ses: SESv2Client;
let sender: TestSender;
let queue: Producer<"sendEmail">;
let first: WorkspaceFixture;
let second: WorkspaceFixture;

beforeAll(async () => {
  Object.assign(process.env, FAKE_AWS_CREDENTIALS);
  aws = await startAwsLocal({ region: REGION });
  ses = new SESv2Client({ endpoint: aws.url, region: REGION, credentials: { accessKeyId: "AKIDTEST", secretAccessKey: "test" } });
  first = await createWorkspaceFixture(handle);
  second = await createWorkspaceFixture(handle);
  // Their domains are SES identities, as adding them with EMAIL_PROVIDER=ses makes them.
  for (const fx of [first, second]) await ses.send(new CreateEmailIdentityCommand({ EmailIdentity: fx.domain }));
  const env = senderTestEnv({ SES_ENDPOINT: aws.url, AWS_REGION: REGION, SES_TENANT_HOLD_MS: String(HOLD_MS) });
  sender = createTestSender(env);
  queue = new Producer("sendEmail", redis, env.QUEUE_PREFIX);
  await sender.start();
});

afterAll(async () => {
  await sender.close();
  await queue.queue.obliterate({ force: true }).catch(() => {});
  await queue.close();
  ses.destroy();
  await aws.close();
  await redis.quit();
  await handle.close();
});

async function queueOne(fx: WorkspaceFixture): Promise<string> {
  const id = await insertEmail(handle, fx);
  await queue.enqueue(id, { emailId: id });
  return id;
}

const statusOf = async (id: string) => (await handle.prisma.email.findUniqueOrThrow({ where: { id } })).status;
const sentAs = (id: string) => aws.state.ses.sentEmails.find((sent) => sent.tags.some((tag) => tag.Value === id));
const refusedSends = () => aws.state.calls.filter((call) => call === "ses:SendEmail").length - aws.state.ses.sentEmails.length;

describe("a workspace is an SES tenant", () => {
  it("every send names the workspace's tenant, made with its own suppression list and its domain's identity associated", async () => {
    const id = await queueOne(first);
    await waitFor(`${id} sent`, async () => (await statusOf(id)) === "sent");
    expect(sentAs(id)?.tenantName).toBe(tenantNameOf(first.workspaceId));
    const tenant = aws.state.ses.tenants.get(tenantNameOf(first.workspaceId));
    expect(tenant?.suppressionAttributes).toEqual({ SuppressedReasons: ["BOUNCE", "COMPLAINT"], SuppressionScope: "TENANT" });
    expect(tenant?.tags).toEqual([{ Key: "svc:workspace", Value: first.workspaceId }]);
    const { TenantResources } = await ses.send(new ListTenantResourcesCommand({ TenantName: tenantNameOf(first.workspaceId) }));
    expect(TenantResources).toEqual([
      { ResourceType: "EMAIL_IDENTITY", ResourceArn: `arn:aws:ses:${REGION}:123456789012:identity/${first.domain}` },
    ]);

    // Made once per process: a second email of the workspace costs the send alone.
    const calls = aws.state.calls.length;
    const again = await queueOne(first);
    await waitFor(`${again} sent`, async () => (await statusOf(again)) === "sent");
    expect(aws.state.calls.slice(calls)).toEqual(["ses:SendEmail"]);
  });

  it("a tenant SES disables holds its workspace's emails, another workspace's are sent, and the held ones go once it is enabled", async () => {
    aws.setTenantSesStatus(tenantNameOf(first.workspaceId), "DISABLED", "Bounce rate above the threshold");
    const held = await queueOne(first);
    const other = await queueOne(second);
    await waitFor(`${other} sent`, async () => (await statusOf(other)) === "sent");
    expect(sentAs(other)?.tenantName).toBe(tenantNameOf(second.workspaceId));

    // SES refused the first workspace's email once; it waits, queued, and says why.
    await waitFor("the refused send", async () => refusedSends() >= 1);
    const facts = await waitFor("the held job", async () => {
      const found = await sendQueueFacts(queue, held);
      return found.job.held === "tenant_paused" ? found : undefined;
    });
    expect(facts.job.state).toBe("delayed");
    // Explained from the facts just read: asked again, the job may already be back for its next
    // check (the hold is short here), and an active job has nothing to explain.
    const explained = await getEmailExplained(handle.prisma, first.workspaceId, held, async () => facts, new Date(Date.now() + 120_000));
    expect(explained.status).toBe("queued");
    expect(explained.waiting?.reasons).toEqual([
      expect.objectContaining({ code: "tenant_paused", message: expect.stringContaining("paused sending for this workspace") }),
    ]);
    // The metric the SvcTenantPaused alert reads counts the held handoff.
    expect(await registry.getSingleMetricAsString("svc_sender_handoffs_total")).toMatch(
      /svc_sender_handoffs_total\{[^}]*outcome="held"[^}]*\} [1-9]/,
    );

    // Another email of the held workspace waits without asking SES; the held ones ask about once a hold.
    const alsoHeld = await queueOne(first);
    await new Promise((resolve) => setTimeout(resolve, HOLD_MS * 4));
    // Each time a hold ends, one held email is claimed (`sending`) to ask SES, and put back: read
    // between two asks, both rest queued.
    for (const id of [held, alsoHeld]) await waitFor(`${id} queued`, async () => (await statusOf(id)) === "queued", 5_000);
    expect(refusedSends()).toBeLessThanOrEqual(1 + 2 * 5);
    expect(sentAs(held)).toBeUndefined();

    aws.setTenantSesStatus(tenantNameOf(first.workspaceId), "ENABLED");
    for (const id of [held, alsoHeld]) await waitFor(`${id} sent`, async () => (await statusOf(id)) === "sent", 15_000);
    expect(sentAs(held)?.tenantName).toBe(tenantNameOf(first.workspaceId));
    expect(sentAs(alsoHeld)?.tenantName).toBe(tenantNameOf(first.workspaceId));
    const row = await handle.prisma.email.findUniqueOrThrow({ where: { id: held } });
    expect(row.errorMessage).toBeNull();
  });

  it("associates the identity of the from-domain the email was accepted with, whatever comments its from carries", async () => {
    const third = await createWorkspaceFixture(handle);
    await ses.send(new CreateEmailIdentityCommand({ EmailIdentity: third.domain }));
    const ids: string[] = [];
    for (const from of [`hello@${third.domain} (Acme)`, `Acme <hello@${third.domain}> (team)`]) {
      const id = await insertEmail(handle, third, { from });
      await queue.enqueue(id, { emailId: id });
      ids.push(id);
    }
    for (const id of ids) await waitFor(`${id} sent`, async () => (await statusOf(id)) === "sent");
    for (const id of ids) expect(sentAs(id)?.tenantName).toBe(tenantNameOf(third.workspaceId));
    const { TenantResources } = await ses.send(new ListTenantResourcesCommand({ TenantName: tenantNameOf(third.workspaceId) }));
    expect(TenantResources).toEqual([
      { ResourceType: "EMAIL_IDENTITY", ResourceArn: `arn:aws:ses:${REGION}:123456789012:identity/${third.domain}` },
    ]);
  });
});
