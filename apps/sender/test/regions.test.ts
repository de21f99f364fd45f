import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import { type AwsLocal, startAwsLocal } from "@svc/aws-local";
import { AppError, getWorkspaceRegions, setWorkspaceRegions } from "@svc/core";
import { createProducerConnection, Producer, sendQueueFacts } from "@svc/queues";
import { testEnv } from "../../../test/support/env.ts";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { FAKE_AWS_CREDENTIALS } from "../../../test/support/ses.ts";
import { senderEnvSchema } from "../src/env.ts";
import { queueEmail, type RegionsIngest, regionsSenderEnv, setUpRegion, startRegionsIngest } from "./regionsSupport.ts";
import { createTestSender, retireWaitingEmails, type TestSender, waitFor } from "./support.ts";

jest.setTimeout(90_000);

/**
 * Two SES regions, each a local AWS server of its own (SES, SNS) spoken to by the real SDK, with
 * SES's events coming back through each region's SNS topic into the real ingester. The primary
 * region is made to fail from its control API: a workspace that allows failover moves to its
 * second region, a pinned one waits with its reason and goes when its region returns, and an email
 * whose handoff's outcome is unknown is never sent by a second region on a guess. Nothing is lost,
 * nothing is sent twice.
 */

// Regions of this file's own: setups and sets are per region in the shared test database.
const PRIMARY = "me-central-1";
const SECOND = "il-central-1";
const SET = "regions-test-set";
const UNKNOWN_WAIT_MS = 4_000;
const PROBE_MS = 300;
const handle = openTestDb();
const redis = createProducerConnection(process.env.REDIS_URL ?? "redis://127.0.0.1:6379/1");
const aws: Record<string, AwsLocal> = {};
let sender: TestSender;
let ingest: RegionsIngest;
let queue: Producer<"sendEmail">;
let movable: WorkspaceFixture;
let pinned: WorkspaceFixture;

const by = { actor: { type: "operator" as const, id: "regions-test" }, source: null };

async function fault(
  region: string,
  mode: "none" | "errors" | "timeouts" | "blackhole",
  delays: { delayMs?: number; eventDelayMs?: number } = {},
): Promise<void> {
  const response = await fetch(`${aws[region]!.url}/_aws-local/fault`, { method: "POST", body: JSON.stringify({ mode, ...delays }) });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  Object.assign(process.env, FAKE_AWS_CREDENTIALS);
  aws[PRIMARY] = await startAwsLocal({ region: PRIMARY });
  aws[SECOND] = await startAwsLocal({ region: SECOND });
  ingest = await startRegionsIngest(handle, {
    regions: [PRIMARY, SECOND],
    topicName: "regions-test-events",
    set: SET,
    confirm: async (region, url) => {
      const response = await aws[region]!.visit(url);
      if (!response.ok) throw new Error(`SubscribeURL answered ${response.status}`);
    },
  });
  for (const region of [PRIMARY, SECOND])
    await setUpRegion(region, aws[region]!.url, {
      ingestUrl: ingest.url,
      topicName: "regions-test-events",
      eventDestinationName: "regions-test-sns",
      set: SET,
      confirmationWaitMs: 5_000,
    });
  for (const region of [PRIMARY, SECOND]) await aws[region]!.settled();

  movable = await createWorkspaceFixture(handle);
  pinned = await createWorkspaceFixture(handle);
  const configured = [PRIMARY, SECOND];
  await setWorkspaceRegions(handle, movable.workspaceId, { failover: [SECOND] }, configured, by);
  await setWorkspaceRegions(handle, pinned.workspaceId, { primary: PRIMARY, failover: "none" }, configured, by);

  const env = regionsSenderEnv({ [PRIMARY]: aws[PRIMARY]!.url, [SECOND]: aws[SECOND]!.url }, SET, {
    SES_REGION_PROBE_MS: String(PROBE_MS),
    SES_UNKNOWN_OUTCOME_WAIT_MS: String(UNKNOWN_WAIT_MS),
  });
  sender = createTestSender(env);
  queue = new Producer("sendEmail", redis, env.QUEUE_PREFIX);
  await sender.start();
});

afterAll(async () => {
  await sender?.close();
  await ingest?.close();
  if (movable && pinned) await retireWaitingEmails(handle, [movable.workspaceId, pinned.workspaceId]);
  await queue?.queue.obliterate({ force: true }).catch(() => {});
  await queue?.close();
  for (const server of Object.values(aws)) await server.close();
  await redis.quit();
  await handle.close();
});

const queueOne = (fx: WorkspaceFixture) => queueEmail(handle, queue, fx);

const rowOf = (id: string) => handle.prisma.email.findUniqueOrThrow({ where: { id } });
const sendsIn = (region: string, id: string) =>
  aws[region]!.state.ses.sentEmails.filter((sent) => sent.tags.some((tag) => tag.Value === id)).length;
const eventsOf = (id: string) => handle.prisma.emailEvent.findMany({ where: { emailId: id }, orderBy: { eventTimestamp: "asc" } });
const circuitOpen = async (region: string) => {
  const { registry } = await import("@svc/metrics");
  const text = await registry.getSingleMetricAsString("svc_sender_region_circuit_open");
  return new RegExp(`region="${region}"\\} 1`).test(text);
};

describe("a workspace's regions", () => {
  it("refuses a region SES_REGIONS does not name with region_not_configured, and changes nothing", async () => {
    const before = await getWorkspaceRegions(handle, movable.workspaceId, [PRIMARY, SECOND]);
    for (const change of [{ primary: "eu-west-1" }, { failover: [SECOND, "ap-south-1"] }, { primary: "not a region" }]) {
      const refused = await setWorkspaceRegions(handle, movable.workspaceId, change, [PRIMARY, SECOND], by).catch(
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).code).toBe("region_not_configured");
      expect((refused as AppError).status).toBe(400);
    }
    const selfFailover = await setWorkspaceRegions(handle, movable.workspaceId, { failover: [PRIMARY] }, [PRIMARY, SECOND], by).catch(
      (error: unknown) => error,
    );
    expect((selfFailover as AppError).code).toBe("bad_request");
    expect(await getWorkspaceRegions(handle, movable.workspaceId, [PRIMARY, SECOND])).toEqual(before);
    expect(before).toEqual({ primary: PRIMARY, primaryChosen: false, failover: [SECOND] });
  });

  it("stops start-up on an unknown region in SES_REGIONS, naming it", () => {
    const parsed = senderEnvSchema.safeParse(testEnv({ EMAIL_PROVIDER: "ses", SES_REGIONS: `${PRIMARY},mars-north-1` }));
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toContain('unknown SES region \\"mars-north-1\\"');
  });
});

describe("failover", () => {
  it("moves a workspace that allows it to its second region while the primary is black-holed; a pinned one waits, then goes when its region returns", async () => {
    await fault(PRIMARY, "blackhole");
    const moving = [await queueOne(movable), await queueOne(movable), await queueOne(movable)];
    const waiting = [await queueOne(pinned), await queueOne(pinned)];

    // The movable workspace's emails reach the second region (those that timed out in the
    // black hole after their wait for the first region's word), each once.
    // (The region is recorded with the acceptance; SES's Send event may move the status first.)
    for (const id of moving) await waitFor(`${id} handed off`, async () => (await rowOf(id)).region !== null, 30_000);
    for (const id of moving) {
      const row = await rowOf(id);
      expect({ status: row.status, error: row.errorMessage, region: row.region }).toEqual({
        status: expect.any(String),
        error: null,
        region: SECOND,
      });
      expect(sendsIn(SECOND, id)).toBe(1);
      expect(sendsIn(PRIMARY, id)).toBe(0);
    }
    expect(await circuitOpen(PRIMARY)).toBe(true);

    // The pinned workspace's emails wait, queued, saying why; no region sent them.
    for (const id of waiting) {
      const held = await waitFor(`${id} waiting with a region reason`, async () => {
        const facts = await sendQueueFacts(queue, id);
        return facts.job.held === "region_unavailable" || facts.job.held === "handoff_unknown" ? facts.job.held : undefined;
      });
      expect(["region_unavailable", "handoff_unknown"]).toContain(held);
      expect((await rowOf(id)).status).toBe("queued");
      expect(sendsIn(SECOND, id) + sendsIn(PRIMARY, id)).toBe(0);
    }

    // The primary returns: its probes close the circuit and the pinned emails go there, once.
    await fault(PRIMARY, "none");
    for (const id of waiting) await waitFor(`${id} sent in its region`, async () => (await rowOf(id)).region === PRIMARY, 30_000);
    for (const id of waiting) {
      expect(sendsIn(PRIMARY, id)).toBe(1);
      expect(sendsIn(SECOND, id)).toBe(0);
    }
    await waitFor("the primary's circuit closed", async () => !(await circuitOpen(PRIMARY)));

    // Each email's events came back through its region's SNS topic, recorded with that region.
    for (const [ids, region] of [
      [moving, SECOND],
      [waiting, PRIMARY],
    ] as const) {
      for (const id of ids) {
        const events = await waitFor(`${id}'s delivery event`, async () => {
          const found = await eventsOf(id);
          return found.some((event) => event.type === "delivered") ? found : undefined;
        });
        expect(new Set(events.map((event) => event.region))).toEqual(new Set([region]));
        expect((await rowOf(id)).status).toBe("delivered");
      }
    }
  });

  it("never sends an email whose handoff's outcome is unknown to a second region: SES's Send event from the first says it was taken", async () => {
    // The primary takes the send, but its answer never comes in time, and its events come late.
    await fault(PRIMARY, "timeouts", { delayMs: 10_000, eventDelayMs: 3_000 });
    const id = await queueOne(movable);
    // Its handoff timed out: the region is down for this sender, and the email waits for its word.
    await waitFor(
      `${id} waiting for the first region's Send event`,
      async () => (await sendQueueFacts(queue, id)).job.held === "handoff_unknown",
    );
    expect((await rowOf(id)).status).toBe("queued");
    expect(sendsIn(SECOND, id)).toBe(0);
    const events = await waitFor(
      `${id}'s events from the first region`,
      async () => {
        const found = await eventsOf(id);
        return found.some((event) => event.type === "delivered") ? found : undefined;
      },
      30_000,
    );
    const row = await rowOf(id);
    expect(row.unknownHandoffRegion).toBe(PRIMARY);
    expect(row.status).toBe("delivered");
    expect(new Set(events.map((event) => event.region))).toEqual(new Set([PRIMARY]));
    // Past the bounded wait, still nothing in the second region: the email is no longer claimable.
    await new Promise((resolve) => setTimeout(resolve, UNKNOWN_WAIT_MS + 2 * PROBE_MS));
    expect(sendsIn(PRIMARY, id)).toBe(1);
    expect(sendsIn(SECOND, id)).toBe(0);
    await fault(PRIMARY, "none");
    await waitFor("the primary's circuit closed", async () => !(await circuitOpen(PRIMARY)), 30_000);
  });
});
