import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type AwsLocal, startAwsLocal } from "@svc/aws-local";
import { recordSesSetup, setOperator } from "@svc/core";
import { FAKE_AWS_CREDENTIALS } from "../../../test/support/ses.ts";
import { createTestDashboard, signedUpAgent, type TestDashboard } from "./support.ts";

/** The operators' SES page: the same report as `svc ses status`, from the local AWS server. */

const REGION = "ap-southeast-2";
let aws: AwsLocal;
let dashboard: TestDashboard;

beforeAll(async () => {
  Object.assign(process.env, FAKE_AWS_CREDENTIALS);
  aws = await startAwsLocal({
    region: REGION,
    account: { ProductionAccessEnabled: false, SendQuota: { Max24HourSend: 200, MaxSendRate: 1, SentLast24Hours: 42 } },
  });
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
  it("is refused to a workspace owner (403, no AWS call) and shows operators the quota, rate, sandbox state and what needs attention", async () => {
    const owner = await signedUpAgent(dashboard.url);
    const calls = aws.state.calls.length;
    const refused = await owner.agent.get("/ses").expect(403);
    expect(refused.text).toContain("only its operators see it");
    expect(refused.text).not.toContain("123456789012");
    expect(aws.state.calls.length).toBe(calls);

    const operator = await signedUpAgent(dashboard.url);
    await setOperator(dashboard.db, operator.email, true);
    const page = await operator.agent.get("/ses").expect(200);
    expect(page.text).toContain("no (sandbox)");
    expect(page.text).toContain("42 sent of 200");
    expect(page.text).toContain("1 per second");
    expect(page.text).toContain(`The SNS topic arn:aws:sns:${REGION}:123456789012:svc-ses-events no longer exists: run svc ses setup.`);
    expect(page.text).toContain("Configuration set svc is missing: run svc ses setup.");
    expect(aws.state.calls).toContain("ses:GetAccount");

    // Revoked: refused at once (the role is read with the session).
    await setOperator(dashboard.db, operator.email, false);
    await operator.agent.get("/ses").expect(403);
  });
});
