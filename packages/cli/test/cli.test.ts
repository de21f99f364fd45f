import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import { addUserToWorkspace, recordSesSetup } from "@svc/core";
import { startDnsServer, type TestDnsServer } from "../../../test/support/dns-server.ts";
import { openTestDb } from "../../../test/support/fixtures.ts";
import { type AwsLocal, startAwsLocal } from "../../aws-local/src/index.ts";
import { CLI_TEST_TIMEOUT_MS, runCli, runCliJson } from "./runCli.ts";

jest.setTimeout(CLI_TEST_TIMEOUT_MS);

/** The CLI as operators run it (./runCli.ts), with domain lookups against a DNS server of the test's own. */
const handle = openTestDb();
const db = handle.prisma;
let dns: TestDnsServer;

beforeAll(async () => {
  dns = await startDnsServer();
});
afterAll(async () => {
  await dns.close();
  await handle.close();
});

/** Every run resolves names through the test DNS server. */
const dnsEnv = () => ({ DNS_SERVERS: dns.address, DNS_TIMEOUT_MS: "500" });
const runJson = <T = Record<string, unknown>>(args: string[], env: Record<string, string> = {}) =>
  runCliJson<T>(args, { ...dnsEnv(), ...env });
const run = (args: string[], env: Record<string, string> = {}) => runCli(args, { ...dnsEnv(), ...env });

/** A failed run: the given exit code, a message on stderr, nothing at all on stdout. */
async function runFailing(args: string[], code: number, env?: Record<string, string>): Promise<string> {
  const result = await run(args, env);
  expect({ code: result.code, stdout: result.stdout }).toEqual({ code, stdout: "" });
  expect(result.stderr.trim()).not.toBe("");
  return result.stderr;
}

async function newWorkspace(): Promise<string> {
  return (await runJson<{ id: string }>(["workspace", "create", "--name", "CLI test"])).id;
}

describe("svc operator", () => {
  it("grants and revokes the install-wide operator role by email", async () => {
    const workspaceId = await newWorkspace();
    const email = `op-${Math.random().toString(36).slice(2, 8)}@example.com`;
    expect(await runFailing(["operator", "grant", "--email", email], 1)).toContain("User not found.");
    await addUserToWorkspace(db, { email, workspaceId, role: "owner", password: "correct horse battery staple" });
    expect(await runJson(["operator", "grant", "--email", email.toUpperCase()])).toEqual({ email, isOperator: true });
    expect((await runJson<{ operators: string[] }>(["operator", "list"])).operators).toContain(email);
    expect(await runJson(["operator", "revoke", "--email", email])).toEqual({ email, isOperator: false });
    expect((await db.user.findUniqueOrThrow({ where: { email } })).isOperator).toBe(false);
  });
});

describe("svc workspace", () => {
  it("creates a workspace and changes its plan", async () => {
    const created = await runJson(["workspace", "create", "--name", "Acme Mail", "--plan", "pro"]);
    expect(created).toMatchObject({ name: "Acme Mail", plan: "pro" });
    expect(created.id).toMatch(/^org_[A-Za-z0-9]{24}$/);
    expect((await runJson(["workspace", "create", "--name=Defaults"])).plan).toBe("free");

    const changed = await runJson(["workspace", "set-plan", "--workspace", String(created.id), "--plan", "scale"]);
    expect(changed).toMatchObject({ id: created.id, plan: "scale" });
    expect((await db.workspace.findUniqueOrThrow({ where: { id: String(created.id) } })).plan).toBe("scale");
  });

  it("refuses an unknown plan and an unknown workspace", async () => {
    expect(await runFailing(["workspace", "create", "--name", "X", "--plan", "gold"], 1)).toContain(
      "plan: must be one of free, pro, scale, unlimited.",
    );
    expect(await runFailing(["workspace", "set-plan", "--workspace", "org_doesnotexist", "--plan", "pro"], 1)).toBe(
      "Error: Workspace not found.\n",
    );
  });
});

describe("svc key", () => {
  it("shows a new key once and stores only its hash; revokes it", async () => {
    const workspaceId = await newWorkspace();
    const created = await runJson([
      "key",
      "create",
      "--workspace",
      workspaceId,
      "--env",
      "live",
      "--scope",
      "send-only",
      "--name",
      "Deploy",
    ]);
    expect(Object.keys(created).sort()).toEqual(["allowedCidrs", "allowedDomains", "environment", "id", "key", "name", "scope"]);
    expect(created).toMatchObject({ allowedCidrs: [], allowedDomains: [] });
    expect(created).toMatchObject({ environment: "live", scope: "send-only", name: "Deploy" });
    expect(created.id).toMatch(/^key_[A-Za-z0-9]{24}$/);
    expect(created.key).toMatch(/^svc_live_[A-Za-z0-9]{32}$/);

    const row = await db.apiKey.findUniqueOrThrow({ where: { id: String(created.id) } });
    expect(row.keyHash).toBe(createHash("sha256").update(String(created.key)).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(String(created.key));

    const revoked = await runJson(["key", "revoke", "--id", String(created.id)]);
    expect(revoked).toMatchObject({ id: created.id, revokedAt: expect.any(String) });
    expect(JSON.stringify(revoked)).not.toContain(row.keyHash);
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: String(created.id) } })).revokedAt).not.toBeNull();
  });

  it("refuses bad options and unknown workspaces, creating nothing", async () => {
    const workspaceId = await newWorkspace();
    const [badEnv, unknownWorkspace, unknownKey] = await Promise.all([
      runFailing(["key", "create", "--workspace", workspaceId, "--env", "prod", "--scope", "send-only"], 1),
      runFailing(["key", "create", "--workspace", "org_doesnotexist", "--env", "test", "--scope", "read-only"], 1),
      runFailing(["key", "revoke", "--id", "key_doesnotexist"], 1),
    ]);
    expect(badEnv).toContain("--env must be one of live, test.");
    expect(unknownWorkspace).toBe("Error: Workspace not found.\n");
    expect(unknownKey).toBe("Error: API key not found.\n");
    expect(await db.apiKey.count({ where: { workspaceId } })).toBe(0);
  });
});

interface AddedDomain {
  id: string;
  domain: string;
  status: string;
  mailFromDomain: string;
  records: { type: string; name: string; value: string; priority?: number; required: boolean }[];
}
interface Verification {
  id: string;
  status: string;
  reason: string | null;
  checks: {
    type: string;
    purpose?: string;
    name: string;
    expected: string;
    found: string[];
    ok: boolean;
    reason: string | null;
    required?: boolean;
    providerState?: { status: string | null; ok: boolean };
  }[];
  provider: { name: string; verifiedForSending: boolean } | null;
}
const required = (checks: Verification["checks"]) => checks.filter((check) => check.required !== false);

function publish(domain: AddedDomain): void {
  const txt = new Map<string, string[]>();
  for (const record of domain.records) {
    if (record.type === "MX") dns.setMx(record.name, [{ priority: record.priority!, exchange: record.value }]);
    else txt.set(record.name, [...(txt.get(record.name) ?? []), record.value]);
  }
  for (const [name, values] of txt) dns.setTxt(name, values);
}

describe("svc domain", () => {
  it("adds a domain, reports unpublished records, and verifies it once they are in DNS", async () => {
    const workspaceId = await newWorkspace();
    const name = `cli-${Math.random().toString(36).slice(2, 10)}.example.test`;
    const added = await runJson<AddedDomain>(["domain", "add", "--workspace", workspaceId, "--domain", name.toUpperCase()]);
    expect(added).toMatchObject({ domain: name, status: "pending", mailFromDomain: `bounce.${name}` });
    expect(added.id).toMatch(/^dom_/);
    expect(added.records.map((record) => [record.type, record.name, record.required])).toEqual([
      ["TXT", `_svc.${name}`, true],
      ["TXT", expect.stringMatching(new RegExp(`^svc[0-9a-f]{10}\\._domainkey\\.${name.replace(/\./g, "\\.")}$`)), true],
      ["MX", `bounce.${name}`, false],
      ["TXT", `bounce.${name}`, false],
    ]);
    expect(added.records[1]?.value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/]{300,}=*$/);
    expect(added.records[2]).toMatchObject({ value: "feedback-smtp.us-east-1.amazonses.com", priority: 10 });
    expect(added.records[3]?.value).toBe("v=spf1 include:amazonses.com ~all");
    // The private key is sealed at rest and never printed.
    const row = await db.domain.findUniqueOrThrow({ where: { id: added.id } });
    expect(row.dkimPrivateKey).toMatch(/^v1\./);
    expect(JSON.stringify(added)).not.toContain("PRIVATE KEY");

    const unpublished = await runJson<Verification>(["domain", "verify", "--id", added.id]);
    expect(unpublished.status).toBe("pending");
    expect(required(unpublished.checks).map((check) => [check.name, check.ok, check.reason])).toEqual(
      added.records.slice(0, 2).map((record) => [record.name, false, "No such name in DNS (NXDOMAIN)."]),
    );
    expect(unpublished.checks.at(-1)).toMatchObject({ purpose: "dmarc", name: `_dmarc.${name}`, expected: "v=DMARC1; p=none;", ok: false });

    // Published as a DNS host would: the long DKIM value split into several strings.
    publish(added);
    const verified = await runJson<Verification>(["domain", "verify", "--id", added.id]);
    expect(verified.id).toBe(added.id);
    expect(verified.status).toBe("verified");
    expect(required(verified.checks)).toEqual(
      added.records.slice(0, 2).map((record, n) => ({
        type: "TXT",
        purpose: n === 0 ? "ownership" : "dkim",
        required: true,
        name: record.name,
        expected: record.value,
        found: [record.value],
        ok: true,
        reason: null,
      })),
    );
    expect(verified.checks.filter((check) => check.purpose?.startsWith("mail_from")).every((check) => check.ok)).toBe(true);
    expect((await db.domain.findUniqueOrThrow({ where: { id: added.id } })).status).toBe("verified");

    const listed = await runJson<{ id: string; status: string }[]>(["domain", "list", "--workspace", workspaceId]);
    expect(listed.map((domain) => [domain.id, domain.status])).toEqual([[added.id, "verified"]]);
    expect(JSON.stringify(listed)).not.toContain("PRIVATE KEY");

    expect(await runFailing(["domain", "add", "--workspace", workspaceId, "--domain", name], 1)).toBe(
      `Error: The domain ${name} is already added to this workspace.\n`,
    );
    expect(await runJson(["domain", "remove", "--id", added.id])).toEqual({ id: added.id, domain: name, removed: true });
    expect(await db.domain.count({ where: { workspaceId } })).toBe(0);
  });

  it("reports a lookup that times out as a failed check with its reason", async () => {
    const workspaceId = await newWorkspace();
    const added = await runJson<{ id: string; records: { name: string; value: string }[] }>([
      "domain",
      "add",
      "--workspace",
      workspaceId,
      "--domain",
      `slow-${Math.random().toString(36).slice(2, 10)}.example.test`,
    ]);
    dns.setTxt(added.records[0]!.name, [added.records[0]!.value]);
    dns.misbehave(added.records[1]!.name, "timeout");
    const result = await runJson<Verification>(["domain", "verify", "--id", added.id]);
    expect(result.status).toBe("pending");
    expect(required(result.checks)).toEqual([
      expect.objectContaining({ ok: true, reason: null }),
      expect.objectContaining({ ok: false, reason: "The DNS lookup timed out." }),
    ]);
  });

  it("lets the operator mark a domain verified without DNS, saying so in its checks", async () => {
    const workspaceId = await newWorkspace();
    // A name has one owner, also across test runs sharing a database: a name of this run.
    const name = `local-trial-${Math.random().toString(36).slice(2, 10)}.test`;
    const added = await runJson<{ id: string }>(["domain", "add", "--workspace", workspaceId, "--domain", name]);
    const rival = await runJson<{ id: string }>(["domain", "add", "--workspace", await newWorkspace(), "--domain", name]);
    const marked = await runJson<{ id: string; status: string; verifiedAt: string }>(["domain", "mark-verified", "--id", added.id]);
    expect(marked).toMatchObject({ id: added.id, status: "verified", verifiedAt: expect.any(String) });
    const row = await db.domain.findUniqueOrThrow({ where: { id: added.id } });
    expect(row.status).toBe("verified");
    expect(JSON.stringify(row.lastChecks)).toContain("marked verified by the operator");
    await runFailing(["domain", "mark-verified", "--id", "dom_doesnotexist"], 1);
    // The override keeps one owner per name: the other claim ended, and cannot be marked too.
    expect(await db.domain.findUniqueOrThrow({ where: { id: rival.id } })).toMatchObject({ status: "failed" });
    expect(await runFailing(["domain", "mark-verified", "--id", rival.id], 1)).toContain(
      `Another workspace of this installation owns ${name}`,
    );
  });

  it("refuses bad domains and unknown workspaces or domains, creating nothing", async () => {
    const workspaceId = await newWorkspace();
    const [url, trailingDot, unknownWorkspace, listUnknown, verifyUnknown] = await Promise.all([
      runFailing(["domain", "add", "--workspace", workspaceId, "--domain", "https://example.com/"], 1),
      runFailing(["domain", "add", "--workspace", workspaceId, "--domain", "example.com."], 1),
      runFailing(["domain", "add", "--workspace", "org_doesnotexist", "--domain", "example.com"], 1),
      runFailing(["domain", "list", "--workspace", "org_doesnotexist"], 1),
      runFailing(["domain", "verify", "--id", "dom_doesnotexist"], 1),
    ]);
    expect(url).toBe("Error: domain: give the bare domain (example.com), not a URL.\n");
    expect(trailingDot).toContain("must not end with a dot");
    expect(unknownWorkspace).toBe("Error: Workspace not found.\n");
    expect(listUnknown).toBe("Error: Workspace not found.\n");
    expect(verifyUnknown).toBe("Error: Domain not found.\n");
    expect(await db.domain.count({ where: { workspaceId } })).toBe(0);
  });
});

describe("svc domain and svc recipient with EMAIL_PROVIDER=ses", () => {
  let aws: AwsLocal;
  beforeAll(async () => {
    aws = await startAwsLocal();
  });
  afterAll(() => aws.close());
  // The SDK warns on stderr that its 2027 releases need Node 22; the CLI's stderr must stay empty here.
  const sesEnv = () => ({
    EMAIL_PROVIDER: "ses",
    AWS_REGION: "us-east-1",
    SES_ENDPOINT: aws.url,
    AWS_ACCESS_KEY_ID: "AKIDLOCAL",
    AWS_SECRET_ACCESS_KEY: "local",
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
  });

  it("adds the domain as an SES identity with our DKIM key, verifies with SES's states, and removes it from SES", async () => {
    const workspaceId = await newWorkspace();
    const name = `ses-${Math.random().toString(36).slice(2, 10)}.example.test`;
    const added = await runJson<AddedDomain>(
      ["domain", "add", "--workspace", workspaceId, "--domain", name, "--mail-from", "mail"],
      sesEnv(),
    );
    expect(added.mailFromDomain).toBe(`mail.${name}`);
    const identity = aws.state.ses.identities.get(name)!;
    expect(`${identity.dkim!.selector}._domainkey.${name}`).toBe(added.records[1]!.name);
    expect(identity.mailFrom?.domain).toBe(`mail.${name}`);

    publish(added);
    const waiting = await runJson<Verification>(["domain", "verify", "--id", added.id], sesEnv());
    expect(waiting).toMatchObject({ status: "pending", provider: { name: "ses", verifiedForSending: false } });
    expect(waiting.checks[1]).toMatchObject({ purpose: "dkim", ok: true, providerState: { status: "PENDING", ok: false } });

    Object.assign(identity, { verifiedForSending: true, verificationStatus: "SUCCESS" });
    identity.dkim!.status = "SUCCESS";
    const verified = await runJson<Verification>(["domain", "verify", "--id", added.id], sesEnv());
    expect(verified).toMatchObject({ status: "verified", reason: null, provider: { verifiedForSending: true } });

    // svc ses status lists each domain with SES's identity states.
    const status = await runJson<{
      domains: Array<{
        id: string;
        status: string;
        ses: { identity: string; verifiedForSending?: boolean; dkim?: { status: string }; mailFrom?: { domain: string } };
      }>;
    }>(["ses", "status"], { ...sesEnv(), SNS_ENDPOINT: aws.url });
    expect(status.domains.find((domain) => domain.id === added.id)).toMatchObject({
      status: "verified",
      ses: { identity: "present", verifiedForSending: true, dkim: { status: "SUCCESS" }, mailFrom: { domain: `mail.${name}` } },
    });

    expect(await runJson(["domain", "remove", "--id", added.id], sesEnv())).toEqual({ id: added.id, domain: name, removed: true });
    expect(aws.state.ses.identities.has(name)).toBe(false);
  });

  it("leaves an identity made outside the install alone (409, reads only) until an operator adopts it with svc ses adopt", async () => {
    const name = `theirs-${Math.random().toString(36).slice(2, 10)}.example.test`;
    // Made outside this install (another application on the account): no install tag.
    aws.state.ses.identities.set(name, {
      identity: name,
      type: "DOMAIN",
      verifiedForSending: true,
      verificationStatus: "SUCCESS",
      dkim: { origin: "AWS_SES", status: "SUCCESS", signingEnabled: true },
      tags: [],
    });
    const workspaceId = await newWorkspace();
    const before = aws.state.calls.length;
    expect(await runFailing(["domain", "add", "--workspace", workspaceId, "--domain", name], 1, sesEnv())).toContain(
      `was not created by it`,
    );
    expect(aws.state.calls.slice(before).every((call) => call === "ses:GetEmailIdentity")).toBe(true);
    expect(aws.state.ses.identities.get(name)!.dkim!.origin).toBe("AWS_SES");

    await db.sesSetup.deleteMany({ where: { region: "us-east-1" } });
    expect(await runFailing(["ses", "adopt", "--identity", name], 1, sesEnv())).toContain("run svc ses setup first");
    await recordSesSetup(db, {
      region: "us-east-1",
      accountId: aws.state.accountId,
      topicArn: `arn:aws:sns:us-east-1:${aws.state.accountId}:svc-ses-events`,
      subscriptionArn: null,
      ingestUrl: "https://ingest.example.com/sns/ses",
      eventDestination: "svc-sns",
      configurationSets: [],
    });
    expect(await runJson(["ses", "adopt", "--identity", name], sesEnv())).toMatchObject({ identity: name, outcome: "adopted" });
    expect(aws.state.ses.identities.get(name)!.tags.map((tag) => tag.Key)).toContain("svc:install");
    const added = await runJson<AddedDomain>(["domain", "add", "--workspace", workspaceId, "--domain", name], sesEnv());
    expect(added.records[0]!.name).toBe(`_svc.${name}`);
  });

  it("adds a test recipient as an SES email identity, pending until SES verifies it", async () => {
    const workspaceId = await newWorkspace();
    const added = await runJson<{ email: string; verification: string }>(
      ["recipient", "add", "--workspace", workspaceId, "--email", "Tester@Example.org"],
      sesEnv(),
    );
    expect(added).toMatchObject({ email: "tester@example.org", verification: "pending" });
    expect(aws.state.ses.confirmationsSent).toContain("tester@example.org");
    aws.state.ses.identities.get("tester@example.org")!.verifiedForSending = true;
    const listed = await runJson<Array<{ verification: string }>>(["recipient", "list", "--workspace", workspaceId], sesEnv());
    expect(listed.map((recipient) => recipient.verification)).toEqual(["verified"]);
  });
});

describe("svc recipient", () => {
  it("adds, lists and removes pre-verified test recipients", async () => {
    const workspaceId = await newWorkspace();
    const added = await runJson(["recipient", "add", "--workspace", workspaceId, "--email", "QA@Example.com"]);
    expect(added).toMatchObject({ workspaceId, email: "qa@example.com" });
    expect(added.id).toMatch(/^rcp_/);
    expect(await runFailing(["recipient", "add", "--workspace", workspaceId, "--email", "qa@EXAMPLE.com"], 1)).toBe(
      "Error: qa@example.com is already a test recipient of this workspace.\n",
    );
    expect(await runFailing(["recipient", "add", "--workspace", workspaceId, "--email", "QA <qa@example.com>"], 1)).toContain("email:");
    const listed = await runJson<{ email: string }[]>(["recipient", "list", "--workspace", workspaceId]);
    expect(listed.map((recipient) => recipient.email)).toEqual(["qa@example.com"]);
    expect(await runFailing(["recipient", "remove", "--workspace", workspaceId], 2)).toBe("Error: Give exactly one of --email or --id.\n");
    expect(await runJson(["recipient", "remove", "--workspace", workspaceId, "--email", "qa@example.com"])).toMatchObject({
      id: added.id,
      removed: true,
    });
    expect(await db.testRecipient.count({ where: { workspaceId } })).toBe(0);
  });
});

describe("usage and configuration errors", () => {
  it("exit 2 with the reason on stderr and nothing on stdout", async () => {
    const [missing, misspelt, stray, unknown] = await Promise.all([
      runFailing(["workspace", "create"], 2),
      runFailing(["workspace", "create", "--name", "X", "--nmae", "Y"], 2),
      runFailing(["workspace", "create", "stray"], 2),
      runFailing(["domain", "frobnicate"], 2),
    ]);
    expect(missing).toBe("Error: Missing required option --name.\n");
    expect(misspelt).toContain("Unknown option --nmae for svc workspace create.");
    expect(stray).toContain("Unexpected argument: stray");
    expect(unknown).toContain("Unknown command: domain frobnicate");
    expect(unknown).toContain("svc domain verify --id DOM_ID");
  });

  it("prints a command's usage on --help", async () => {
    const result = await run(["domain", "add", "--help"]);
    expect(result).toEqual({
      code: 0,
      stdout: "Usage: svc domain add --workspace ID --domain example.com [--mail-from bounce]\n",
      stderr: "",
    });
  });

  it("stop on a bad setting, naming it (exit 78)", async () => {
    const message = await runFailing(["workspace", "create", "--name", "X"], 78, { DNS_SERVERS: "dns.example.com:53" });
    expect(message).toContain("DNS_SERVERS");
  });
});
