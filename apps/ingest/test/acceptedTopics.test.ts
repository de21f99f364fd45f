import { describe, expect, it } from "@jest/globals";
import type { SesSetupRecord } from "@svc/core";
import { AcceptedTopics } from "../src/sns/acceptedTopics.ts";

/** Which topics the ingester accepts: SNS_TOPIC_ARNS, else (on SES) the recorded ones, else (simulator) any. */

const OURS = "arn:aws:sns:us-east-1:123456789012:svc-ses-events";
const THEIRS = "arn:aws:sns:us-east-1:999999999999:theirs";

function setup(topicArn: string): SesSetupRecord {
  return {
    region: "us-east-1",
    accountId: "123456789012",
    topicArn,
    subscriptionArn: null,
    ingestUrl: "https://ingest.example.com/sns/ses",
    configurationSets: [{ name: "svc", openTracking: false, clickTracking: false, trackingDomain: null }],
    retiredConfigurationSets: [],
    eventDestination: "svc-sns",
    lastNotificationAt: null,
    createdAt: new Date(),
    updatedAt: new Date(),
  };
}

describe("AcceptedTopics", () => {
  it("refuses to start on SES with no recorded topic and no SNS_TOPIC_ARNS, naming what to run or set", async () => {
    const topics = new AcceptedTopics({ provider: "ses", listed: [], loadSetups: async () => [] });
    await expect(topics.start()).rejects.toThrow(/svc ses setup --ingest-url .*or set SNS_TOPIC_ARNS/);
  });

  it("on SES accepts exactly the recorded topics, and reads the records again (at most once per interval) for an unknown one", async () => {
    let now = 0;
    let loads = 0;
    const recorded = [setup(OURS)];
    const topics = new AcceptedTopics({
      provider: "ses",
      listed: [],
      loadSetups: async () => {
        loads++;
        return [...recorded];
      },
      refreshIntervalMs: 1000,
      now: () => now,
    });
    await topics.start();
    expect(await topics.accepts(OURS)).toBe(true);
    expect(await topics.accepts(THEIRS)).toBe(false);
    expect(await topics.accepts(THEIRS)).toBe(false);
    expect(loads).toBe(1);
    const later = "arn:aws:sns:us-east-1:123456789012:svc2-ses-events";
    recorded.push(setup(later));
    now = 1000;
    expect(await topics.accepts(later)).toBe(true);
    expect(loads).toBe(2);
  });

  it("SNS_TOPIC_ARNS overrides; the simulator accepts any topic without reading the database", async () => {
    const listed = new AcceptedTopics({ provider: "ses", listed: [THEIRS], loadSetups: async () => [setup(OURS)] });
    await listed.start();
    expect([await listed.accepts(THEIRS), await listed.accepts(OURS)]).toEqual([true, false]);
    const simulator = new AcceptedTopics({ provider: "simulator", listed: [], loadSetups: () => Promise.reject(new Error("no database")) });
    await simulator.start();
    expect(await simulator.accepts(THEIRS)).toBe(true);
  });

  it("on SES, an event must name our sending account and one of our configuration sets when SES names them", async () => {
    const topics = new AcceptedTopics({
      provider: "ses",
      listed: [],
      configurationSetOverride: "operator-set",
      loadSetups: async () => [setup(OURS)],
    });
    await topics.start();
    expect(topics.agrees({ sendingAccountId: "123456789012", configurationSet: "svc" })).toBe(true);
    expect(topics.agrees({ sendingAccountId: "123456789012", configurationSet: "operator-set" })).toBe(true);
    expect(topics.agrees({ sendingAccountId: null, configurationSet: null })).toBe(true);
    expect(topics.agrees({ sendingAccountId: "999999999999", configurationSet: "svc" })).toBe(false);
    expect(topics.agrees({ sendingAccountId: "123456789012", configurationSet: "theirs" })).toBe(false);
  });
});

describe("configuration sets a setup run retired", () => {
  it("still agree: emails sent through them before the run report their events later", async () => {
    const topics = new AcceptedTopics({
      provider: "ses",
      listed: [],
      loadSetups: async () => [
        { ...setup(OURS), retiredConfigurationSets: [{ name: "svc-open-click-t-old", retiredAt: new Date().toISOString() }] },
      ],
    });
    await topics.start();
    expect(topics.agrees({ sendingAccountId: "123456789012", configurationSet: "svc-open-click-t-old" })).toBe(true);
    expect(topics.agrees({ sendingAccountId: "123456789012", configurationSet: "theirs" })).toBe(false);
  });
});
