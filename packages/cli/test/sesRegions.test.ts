import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import { type AwsLocal, startAwsLocal } from "@svc/aws-local";
import { openTestDb } from "../../../test/support/fixtures.ts";
import { CLI_TEST_TIMEOUT_MS, runCli, runCliJson } from "./runCli.ts";

jest.setTimeout(CLI_TEST_TIMEOUT_MS);

/**
 * Several SES regions from the operator's side, against two local AWS servers (the real SDK over
 * HTTP): `svc ses setup` reconciles each region (topic and subscription, configuration sets with
 * their event destination, the verified domains' identities signed with the domain's own DKIM key),
 * and `svc workspace regions` sets a workspace's primary and failover regions, refusing a region
 * SES_REGIONS does not name and changing nothing then.
 */

// Regions of this file's own: setups are recorded per region in the shared test database.
const FIRST = "ap-southeast-3";
const SECOND = "ap-southeast-5";
const handle = openTestDb();
const aws: Record<string, AwsLocal> = {};
let domain: string;
let workspaceId: string;

const env = (extra: Record<string, string> = {}) => ({
  AWS_REGION: FIRST,
  EMAIL_PROVIDER: "ses",
  SES_ENDPOINT: aws[FIRST]!.url,
  SNS_ENDPOINT: aws[FIRST]!.url,
  SES_REGIONS: `${FIRST},${SECOND}`,
  SES_REGION_ENDPOINTS: `${FIRST}=${aws[FIRST]!.url},${SECOND}=${aws[SECOND]!.url}`,
  AWS_ACCESS_KEY_ID: "AKIDTEST",
  AWS_SECRET_ACCESS_KEY: "test-secret",
  NODE_NO_WARNINGS: "1",
  ...extra,
});

beforeAll(async () => {
  aws[FIRST] = await startAwsLocal({ region: FIRST });
  aws[SECOND] = await startAwsLocal({ region: SECOND });
  await handle.prisma.sesSetup.deleteMany({ where: { region: { in: [FIRST, SECOND] } } });
  workspaceId = (await runCliJson<{ id: string }>(["workspace", "create", "--name", "Regions"], env())).id;
  domain = `regions-${Math.random().toString(36).slice(2, 10)}.example.test`;
  // Added as an operator adds it (its identity made in AWS_REGION), then verified.
  const added = await runCliJson<{ id: string }>(["domain", "add", "--workspace", workspaceId, "--domain", domain], env());
  await handle.prisma.domain.update({ where: { id: added.id }, data: { status: "verified", verifiedAt: new Date() } });
});

afterAll(async () => {
  await handle.prisma.domain.updateMany({ where: { name: domain }, data: { status: "failed" } });
  for (const server of Object.values(aws)) await server.close();
  await handle.close();
});

describe("svc ses setup with several regions", () => {
  it("reconciles every region: its topic, its sets and their event destination, and the verified domains' identities with the same DKIM key", async () => {
    expect(aws[FIRST]!.state.ses.identities.get(domain)).toBeDefined();
    expect(aws[SECOND]!.state.ses.identities.get(domain)).toBeUndefined();
    const result = await runCliJson<{
      regions: Array<{ region: string; topicArn: string; configurationSets: Array<{ name: string }>; identities: { put: number } }>;
    }>(["ses", "setup", "--ingest-url", "http://127.0.0.1:9/sns/ses", "--wait-seconds", "0"], env());
    expect(result.regions.map((region) => region.region)).toEqual([FIRST, SECOND]);
    for (const region of result.regions) {
      const state = aws[region.region]!.state;
      expect(region.topicArn).toMatch(new RegExp(`^arn:aws:sns:${region.region}:`));
      expect(state.sns.topics.has(region.topicArn)).toBe(true);
      expect([...state.sns.subscriptions.values()].some((subscription) => subscription.endpoint === "http://127.0.0.1:9/sns/ses")).toBe(
        true,
      );
      for (const set of region.configurationSets) {
        const destinations = [...(state.ses.configurationSets.get(set.name)?.eventDestinations.values() ?? [])];
        expect(destinations.some((destination) => destination.SnsDestination?.TopicArn === region.topicArn)).toBe(true);
      }
      expect(region.identities.put).toBeGreaterThanOrEqual(1);
      // The domain's own key in both regions: the DKIM record it published verifies in each.
      expect(state.ses.identities.get(domain)?.dkim?.selector).toBeDefined();
    }
    expect(aws[SECOND]!.state.ses.identities.get(domain)!.dkim!.privateKey).toBe(
      aws[FIRST]!.state.ses.identities.get(domain)!.dkim!.privateKey,
    );
    expect(aws[SECOND]!.state.ses.identities.get(domain)!.dkim!.selector).toBe(
      aws[FIRST]!.state.ses.identities.get(domain)!.dkim!.selector,
    );
    const recorded = await handle.prisma.sesSetup.findMany({ where: { region: { in: [FIRST, SECOND] } } });
    expect(recorded.map((setup) => setup.region).sort()).toEqual([FIRST, SECOND].sort());
  });
});

describe("svc workspace regions", () => {
  it("sets the primary and failover regions, and refuses a region SES_REGIONS does not name, changing nothing", async () => {
    const shown = await runCliJson<{ primary: string; failover: string[] }>(["workspace", "regions", "--workspace", workspaceId], env());
    expect(shown).toMatchObject({ primary: FIRST, failover: [] });
    const set = await runCliJson<{ primary: string; failover: string[] }>(
      ["workspace", "regions", "--workspace", workspaceId, "--primary", SECOND, "--failover", FIRST],
      env(),
    );
    expect(set).toMatchObject({ primary: SECOND, primaryChosen: true, failover: [FIRST] });
    // region_not_configured exits 1; the primary in its own failover is a usage error (2).
    for (const [args, code] of [
      [["--primary", "eu-west-1"], 1],
      [["--failover", `${FIRST},eu-west-1`], 1],
      [["--failover", SECOND], 2],
    ] as const) {
      const refused = await runCli(["workspace", "regions", "--workspace", workspaceId, ...args], env());
      expect(refused.code).toBe(code);
      expect(refused.stdout).toBe("");
      expect(refused.stderr).toMatch(/not a region this install sends from|is the primary region/);
    }
    const row = await handle.prisma.workspace.findUniqueOrThrow({ where: { id: workspaceId } });
    expect(row).toMatchObject({ sesPrimaryRegion: SECOND, sesFailoverRegions: [FIRST] });
    const pinned = await runCliJson(["workspace", "regions", "--workspace", workspaceId, "--failover", "none"], env());
    expect(pinned).toMatchObject({ primary: SECOND, failover: [] });
  });

  it("stops on an unknown region in SES_REGIONS with one line naming it", async () => {
    const result = await runCli(["workspace", "regions", "--workspace", workspaceId], env({ SES_REGIONS: `${FIRST},mars-north-1` }));
    expect(result.code).not.toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toContain('unknown SES region "mars-north-1"');
  });
});
