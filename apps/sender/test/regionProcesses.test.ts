import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import { getEmailExplained, setWorkspaceRegions } from "@svc/core";
import { EMAIL_ID_TAG } from "@svc/providers";
import { createProducerConnection, Producer, sendQueueFacts } from "@svc/queues";
import { type AwsLocalProcess, startAwsLocalProcess } from "../../../test/support/awsLocalProcess.ts";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { FAKE_AWS_CREDENTIALS } from "../../../test/support/ses.ts";
import { queueEmail, type RegionsIngest, regionsSenderEnv, setUpRegion, startRegionsIngest } from "./regionsSupport.ts";
import { createTestSender, retireWaitingEmails, type TestSender, waitFor } from "./support.ts";

jest.setTimeout(120_000);

/**
 * Two SES regions as two OS processes (aws-local, each on its own port, as two regions are two
 * places): the real SDK sends to both, and SES's events come back through each region's SNS
 * topic, signed by that region, into the real ingester. What each region took is counted there,
 * by email id, through its control API. The primary is black-holed (it takes connections and
 * never answers), then its 24-hour quota runs out: nothing is lost or sent twice either way.
 */

// Regions of this file's own: setups and sets are per region in the shared test database.
const PRIMARY = "af-south-1";
const SECOND = "ap-northeast-3";
const SET = "region-processes-set";
const PROBE_MS = 300;
/** The quota's window, in aws-local and in the sender alike, short so that it moves within the test. */
const QUOTA_WINDOW_MS = 8_000;
const ACCOUNT_REFRESH_MS = 400;
const handle = openTestDb();
const redis = createProducerConnection(process.env.REDIS_URL ?? "redis://127.0.0.1:6379/1");
const aws: Record<string, AwsLocalProcess> = {};
let sender: TestSender;
let ingest: RegionsIngest;
let queue: Producer<"sendEmail">;
let movable: WorkspaceFixture;
let pinned: WorkspaceFixture;

const by = { actor: { type: "operator" as const, id: "region-processes-test" }, source: null };

beforeAll(async () => {
  Object.assign(process.env, FAKE_AWS_CREDENTIALS);
  [aws[PRIMARY], aws[SECOND]] = await Promise.all([startAwsLocalProcess(PRIMARY), startAwsLocalProcess(SECOND)]);
  ingest = await startRegionsIngest(handle, {
    regions: [PRIMARY, SECOND],
    topicName: "region-processes-events",
    set: SET,
    // That region's process confirms the subscription, as visiting its SubscribeURL would.
    confirm: async (region, _url, ingestUrl) => {
      await aws[region]!.control("confirm-subscriptions", { endpoint: ingestUrl });
    },
  });
  for (const region of [PRIMARY, SECOND])
    await setUpRegion(region, aws[region]!.url, {
      ingestUrl: ingest.url,
      topicName: "region-processes-events",
      eventDestinationName: "region-processes-sns",
      set: SET,
      confirmationWaitMs: 10_000,
    });

  movable = await createWorkspaceFixture(handle);
  pinned = await createWorkspaceFixture(handle);
  await setWorkspaceRegions(handle, movable.workspaceId, { failover: [SECOND] }, [PRIMARY, SECOND], by);
  await setWorkspaceRegions(handle, pinned.workspaceId, { primary: PRIMARY, failover: "none" }, [PRIMARY, SECOND], by);

  const env = regionsSenderEnv({ [PRIMARY]: aws[PRIMARY]!.url, [SECOND]: aws[SECOND]!.url }, SET, {
    SES_REGION_PROBE_MS: String(PROBE_MS),
    SES_UNKNOWN_OUTCOME_WAIT_MS: "3000",
    SES_QUOTA_WINDOW_MS: String(QUOTA_WINDOW_MS),
    SES_ACCOUNT_REFRESH_MS: String(ACCOUNT_REFRESH_MS),
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
  await Promise.all(Object.values(aws).map((server) => server.stop()));
  await redis.quit();
  await handle.close();
});

const queueOne = (fx: WorkspaceFixture) => queueEmail(handle, queue, fx);

const rowOf = (id: string) => handle.prisma.email.findUniqueOrThrow({ where: { id } });
/** How many times each region's process took each email. */
async function sendsOf(ids: string[]): Promise<Record<string, Record<string, number>>> {
  const counted: Record<string, Record<string, number>> = {};
  for (const region of [PRIMARY, SECOND]) {
    const { byTag } = await aws[region]!.sentByTag(EMAIL_ID_TAG);
    counted[region] = Object.fromEntries(ids.map((id) => [id, byTag[id] ?? 0]));
  }
  return counted;
}
const deliveredIn = async (id: string) => {
  const events = await handle.prisma.emailEvent.findMany({ where: { emailId: id } });
  return events.some((event) => event.type === "delivered") ? new Set(events.map((event) => event.region)) : undefined;
};

describe("two regions, two processes", () => {
  it("moves a workspace that allows it to the second process while the first is black-holed; a pinned one waits, then goes there", async () => {
    await aws[PRIMARY]!.fault("blackhole");
    const moving = [await queueOne(movable), await queueOne(movable)];
    const waiting = [await queueOne(pinned), await queueOne(pinned)];

    for (const id of moving) await waitFor(`${id} handed off`, async () => (await rowOf(id)).region === SECOND, 30_000);
    for (const id of waiting) {
      const held = await waitFor(`${id} waiting with a region reason`, async () => {
        const facts = await sendQueueFacts(queue, id);
        return facts.job.held === "region_unavailable" || facts.job.held === "handoff_unknown" ? facts.job.held : undefined;
      });
      expect(["region_unavailable", "handoff_unknown"]).toContain(held);
      expect((await rowOf(id)).status).toBe("queued");
    }
    expect(await sendsOf([...moving, ...waiting])).toEqual({
      [PRIMARY]: Object.fromEntries([...moving, ...waiting].map((id) => [id, 0])),
      [SECOND]: Object.fromEntries([...moving.map((id) => [id, 1]), ...waiting.map((id) => [id, 0])]),
    });

    await aws[PRIMARY]!.fault("none");
    for (const id of waiting) await waitFor(`${id} sent in its region`, async () => (await rowOf(id)).region === PRIMARY, 30_000);
    for (const [ids, region] of [
      [moving, SECOND],
      [waiting, PRIMARY],
    ] as const) {
      for (const id of ids) expect(await waitFor(`${id}'s delivery event`, () => deliveredIn(id))).toEqual(new Set([region]));
    }
    expect(await sendsOf([...moving, ...waiting])).toEqual({
      [PRIMARY]: Object.fromEntries([...moving.map((id) => [id, 0]), ...waiting.map((id) => [id, 1])]),
      [SECOND]: Object.fromEntries([...moving.map((id) => [id, 1]), ...waiting.map((id) => [id, 0])]),
    });
  });

  it("holds mail past one region's 24-hour quota as account_quota with its resume time, moves what may move, and sends the rest once the window moves", async () => {
    // The window of the first test's sends passes; then the primary allows two recipients a window.
    await waitFor(
      "the primary's window empty",
      async () =>
        ((await aws[PRIMARY]!.control("account", { quotaWindowMs: QUOTA_WINDOW_MS })) as { SendQuota: { SentLast24Hours: number } })
          .SendQuota.SentLast24Hours === 0,
      QUOTA_WINDOW_MS + 5_000,
    );
    await aws[PRIMARY]!.control("account", { max24HourSend: 2, sentLast24Hours: 0 });
    // The sender reads it within its refresh.
    await new Promise((resolve) => setTimeout(resolve, 3 * ACCOUNT_REFRESH_MS));

    const pinnedIds: string[] = [];
    for (let i = 0; i < 4; i++) pinnedIds.push(await queueOne(pinned));
    const sentFirst = await waitFor(
      "two of the pinned emails sent",
      async () => {
        const rows = await Promise.all(pinnedIds.map(rowOf));
        return rows.filter((row) => row.region === PRIMARY).length === 2 ? rows : undefined;
      },
      20_000,
    );
    const heldIds = sentFirst.filter((row) => row.region === null).map((row) => row.id);
    expect(heldIds).toHaveLength(2);
    for (const id of heldIds) {
      const facts = await waitFor(`${id} held for the region's quota`, async () => {
        const found = await sendQueueFacts(queue, id);
        return found.job.held === "account_quota" && found.job.retryAt ? found : undefined;
      });
      expect((await rowOf(id)).status).toBe("queued");
      // GET /emails/{id}'s `waiting`: the account's quota, resuming when the window has moved.
      const explained = await getEmailExplained(
        handle.prisma,
        pinned.workspaceId,
        id,
        (emailId, shared) => sendQueueFacts(queue, emailId, shared),
        new Date(Date.now() + 300_000),
      );
      expect(explained.waiting?.reasons).toEqual([
        expect.objectContaining({ code: "account_quota", nextAttemptAt: facts.job.retryAt!.toISOString() }),
      ]);
      expect(facts.job.retryAt!.getTime()).toBeLessThanOrEqual(Date.now() + QUOTA_WINDOW_MS + ACCOUNT_REFRESH_MS);
    }

    // A workspace that may move goes to its second region while the primary has no room.
    const moved = await queueOne(movable);
    await waitFor(`${moved} handed off`, async () => (await rowOf(moved)).region !== null, 20_000);
    expect((await rowOf(moved)).region).toBe(SECOND);

    // The window moves: the held emails go to their region by themselves, once each.
    for (const id of heldIds) await waitFor(`${id} sent after the window moved`, async () => (await rowOf(id)).region === PRIMARY, 30_000);
    for (const id of [...pinnedIds, moved]) await waitFor(`${id}'s delivery event`, () => deliveredIn(id));
    expect(await sendsOf([...pinnedIds, moved])).toEqual({
      [PRIMARY]: Object.fromEntries([...pinnedIds.map((id) => [id, 1]), [moved, 0]]),
      [SECOND]: Object.fromEntries([...pinnedIds.map((id) => [id, 0]), [moved, 1]]),
    });
    await aws[PRIMARY]!.control("account", { max24HourSend: 50_000 });
  });
});
