import { loadEnv } from "@svc/config";
import type { DbHandle } from "@svc/db";
import { applySesSetup, createSesApiClients } from "@svc/providers";
import { createProducerConnection, type Producer } from "@svc/queues";
import { type App, Shutdown } from "@svc/runtime";
import { testEnv } from "../../../test/support/env.ts";
import type { WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { freePort } from "../../../test/support/stack.ts";
import { createIngest, ingestEnvSchema } from "../../ingest/src/index.ts";
import type { SenderEnv } from "../src/env.ts";
import { insertEmail, senderTestEnv, silentLog } from "./support.ts";

/** What the tests of several SES regions share: the ingester of both regions' topics, each region's setup, the sender's settings. */

/** Any loopback aws-local's signing certificate: each region's SNS signs with a certificate of its own. */
const CERT_URL_PATTERN = "^http://127\\.0\\.0\\.1:[0-9]+/SimpleNotificationService-[A-Za-z0-9]+\\.pem$";

export interface RegionsIngest {
  url: string;
  close(): Promise<void>;
}

/**
 * The real ingester, trusting the topic `topicName` of each region. A SubscribeURL names its
 * region's public SNS host: `confirm` plays visiting it, in that region.
 */
export async function startRegionsIngest(
  handle: DbHandle,
  options: { regions: string[]; topicName: string; set: string; confirm(region: string, url: string, ingestUrl: string): Promise<void> },
): Promise<RegionsIngest> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/sns/ses`;
  const env = loadEnv(
    ingestEnvSchema,
    testEnv({
      EMAIL_PROVIDER: "ses",
      INGEST_PORT: String(port),
      SES_CONFIGURATION_SET: options.set,
      SNS_TOPIC_ARNS: options.regions.map((region) => `arn:aws:sns:${region}:123456789012:${options.topicName}`).join(","),
      SNS_CERT_URL_PATTERN: CERT_URL_PATTERN,
    }),
  );
  const redis = createProducerConnection(env.REDIS_URL);
  const app: App = createIngest(env, {
    db: handle,
    redis,
    log: silentLog,
    confirmSubscription: async (subscribeUrl) => {
      const region = options.regions.find((name) => new URL(subscribeUrl).host === `sns.${name}.amazonaws.com`);
      if (!region) throw new Error(`no region serves ${subscribeUrl}`);
      await options.confirm(region, subscribeUrl, url);
    },
  });
  await app.start();
  return {
    url,
    close: async () => {
      await new Shutdown(silentLog).addAll(app.shutdown).run();
      await redis.quit();
    },
  };
}

/** What `svc ses setup` makes in a region: a topic subscribed to the ingester, a set publishing to it. */
export async function setUpRegion(
  region: string,
  endpoint: string,
  options: { ingestUrl: string; topicName: string; eventDestinationName: string; set: string; confirmationWaitMs: number },
): Promise<void> {
  const clients = createSesApiClients({ AWS_REGION: region, SES_ENDPOINT: endpoint, SNS_ENDPOINT: endpoint });
  try {
    await applySesSetup(
      clients,
      {
        topicName: options.topicName,
        ingestUrl: options.ingestUrl,
        eventDestinationName: options.eventDestinationName,
        configurationSets: [{ name: options.set, eventTypes: ["SEND", "DELIVERY", "BOUNCE", "COMPLAINT", "REJECT"], trackingDomain: null }],
        knownTopicArn: null,
        confirmationWaitMs: options.confirmationWaitMs,
      },
      async () => {},
    );
  } finally {
    clients.close();
  }
}

/** The sender on SES in these regions (the first the default primary), quick to open and close a circuit. */
export function regionsSenderEnv(endpoints: Record<string, string>, set: string, overrides: Record<string, string>): SenderEnv {
  const regions = Object.keys(endpoints);
  return senderTestEnv({
    AWS_REGION: regions[0]!,
    SES_REGIONS: regions.join(","),
    SES_REGION_ENDPOINTS: regions.map((region) => `${region}=${endpoints[region]}`).join(","),
    SES_TENANTS: "off",
    SES_CONFIGURATION_SET: set,
    SES_REQUEST_TIMEOUT_MS: "1000",
    SES_REGION_FAILURE_THRESHOLD: "1",
    SES_REGION_PROBE_SUCCESSES: "2",
    SES_REGION_SETTINGS_CACHE_MS: "0",
    ...overrides,
  });
}

/** An email of the workspace, queued for the sender. */
export async function queueEmail(handle: DbHandle, queue: Producer<"sendEmail">, fx: WorkspaceFixture): Promise<string> {
  const id = await insertEmail(handle, fx);
  await queue.enqueue(id, { emailId: id });
  return id;
}
