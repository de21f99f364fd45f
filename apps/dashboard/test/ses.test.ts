import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { recordSesSetup } from "@svc/core";
import { startAwsLocal, type AwsLocal } from "@svc/aws-local";
import { FAKE_AWS_CREDENTIALS } from "../../../test/support/ses.ts";
import { createTestDashboard, signedUpAgent, type TestDashboard } from "./support.ts";

/** The owners' SES page: the same report as `svc ses status`, from the local AWS server. */

const REGION = "ap-southeast-2";
let aws: AwsLocal;
let dashboard: TestDashboard;

beforeAll(async () => {
  Object.assign(process.env, FAKE_AWS_CREDENTIALS);
  aws = await startAwsLocal({ region: REGION, account: { ProductionAccessEnabled: false, SendQuota: { Max24HourSend: 200, MaxSendRate: 1, SentLast24Hours: 42 } } });
  dashboard = await createTestDashboard({ EMAIL_PROVIDER: "ses", AWS_REGION: REGION, SES_ENDPOINT: aws.url, SNS_ENDPOINT: aws.url });
  await recordSesSetup(dashboard.db, {
    region: REGION,
    accountId: "123456789012",
    topicArn: `arn:aws:sns:${REGION}:123456789012:svc-ses-events`,
    subscriptionArn: null,
    ingestUrl: "https://ingest.example.com/sns/ses",
    eventDestination: "svc-sns",
    configurationSets: [{ name: "svc", openTracking: false, clickTracking: false, trackingDomain: null }],
  });
});
afterAll(async () => {
  await dashboard.close();
  await aws.close();
});

describe("GET /ses", () => {
  it("shows owners the quota, rate, sandbox state and what needs attention", async () => {
    const owner = await signedUpAgent(dashboard.url);
    const page = await owner.agent.get("/ses").expect(200);
    expect(page.text).toContain("no (sandbox)");
    expect(page.text).toContain("42 sent of 200");
    expect(page.text).toContain("1 per second");
    expect(page.text).toContain(`The SNS topic arn:aws:sns:${REGION}:123456789012:svc-ses-events no longer exists: run svc ses setup.`);
    expect(page.text).toContain("Configuration set svc is missing: run svc ses setup.");
    expect(aws.state.calls).toContain("ses:GetAccount");
  });
});
