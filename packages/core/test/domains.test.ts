import { createPrivateKey, createPublicKey, sign, verify } from "node:crypto";
import { getServers } from "node:dns";
import type { Resolver } from "node:dns/promises";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import {
  AppError,
  addDomain as addDomainWith,
  createDnsResolver,
  createWorkspace,
  type DomainView,
  getDomain,
  listDomains,
  type RecordCheck,
  removeDomain as removeDomainWith,
  SecretBox,
  verifyDomain as verifyDomainWith,
} from "@svc/core";
import { startDnsServer, type TestDnsServer } from "../../../test/support/dns-server.ts";
import { createWorkspaceFixture, openTestDb } from "../../../test/support/fixtures.ts";
import { type CheckOutcome, dkimValueMatches, providerVerdict, statusAfterCheck } from "../src/domains/checks.ts";
import { parseDomainName } from "../src/domains/name.ts";

/** The simulator's context: no provider identities, everything checked locally. */
const secrets = new SecretBox("11".repeat(32));
const local = { secrets, identities: null, region: "us-east-1" };
const addDomain = (prisma: typeof db, input: Parameters<typeof addDomainWith>[1]) => addDomainWith(prisma, input, local);
const verifyDomain = (prisma: typeof db, id: string, options: Parameters<typeof verifyDomainWith>[2]) =>
  verifyDomainWith(prisma, id, options, local);
const removeDomain = (prisma: typeof db, id: string, workspaceId?: string) => removeDomainWith(prisma, id, local, workspaceId);
/** The checks that decide verification (ownership and DKIM), without the MAIL FROM and DMARC advice. */
const required = (checks: RecordCheck[]) => checks.filter((check) => check.required !== false);

const handle = openTestDb();
const db = handle.prisma;
let dns: TestDnsServer;
let resolver: ReturnType<typeof createDnsResolver>;

beforeAll(async () => {
  dns = await startDnsServer();
  // One short attempt: the timeout case must not slow the suite down.
  resolver = createDnsResolver({ servers: [dns.address], timeoutMs: 400, tries: 1 });
});
afterAll(async () => {
  await dns.close();
  await handle.close();
});

const uniqueDomain = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}.example.test`;

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

/** Publishes the domain's records on the test DNS server, as its owner would (TXT records sharing a name together). */
function publish(domain: DomainView): void {
  const txt = new Map<string, string[]>();
  for (const record of domain.records) {
    if (record.type === "MX") dns.setMx(record.name, [{ priority: record.priority!, exchange: record.value }]);
    else txt.set(record.name, [...(txt.get(record.name) ?? []), record.value]);
  }
  for (const [name, values] of txt) dns.setTxt(name, values);
}

describe("parseDomainName", () => {
  it("lower-cases and accepts ordinary names", () => {
    expect(parseDomainName("Mail.Example.COM")).toBe("mail.example.com");
    expect(parseDomainName("  xn--mnchen-3ya.de ")).toBe("xn--mnchen-3ya.de");
    expect(parseDomainName(`${"a".repeat(63)}.example.com`)).toBe(`${"a".repeat(63)}.example.com`);
  });

  it.each([
    ["", "must not be empty"],
    ["https://example.com", "not a URL"],
    ["user@example.com", "not an email address"],
    ["example.com.", "must not end with a dot"],
    ["example.com/path", "bare domain"],
    ["example.com:25", "bare domain"],
    ["exa mple.com", "bare domain"],
    ["localhost", "at least two labels"],
    ["a..example.com", "empty labels"],
    [".example.com", "empty labels"],
    ["-bad.example.com", "hyphen"],
    ["bad-.example.com", "hyphen"],
    ["under_score.example.com", "letters, digits and hyphens"],
    ["münchen.de", "punycode"],
    ["192.168.0.1", "not an IP address"],
    [`${"a".repeat(64)}.example.com`, "at most 63"],
    [`${"abcdefghi.".repeat(26)}com`, "at most 253"],
  ])("rejects %j (%s)", (input, message) => {
    expect(() => parseDomainName(input)).toThrow(message);
  });
});

describe("addDomain", () => {
  it("creates a pending domain with an ownership record and a DKIM record of a fresh RSA-2048 key", async () => {
    const workspace = await createWorkspace(db, { name: "Domains" });
    const domain = await addDomain(db, { workspaceId: workspace.id, domain: "News.Example.TEST" });
    expect(domain).toMatchObject({
      workspaceId: workspace.id,
      domain: "news.example.test",
      status: "pending",
      verifiedAt: null,
      lastChecks: null,
    });
    expect(domain.id).toMatch(/^dom_[A-Za-z0-9]{24}$/);
    const [ownership, dkim] = domain.records;
    expect(ownership).toEqual({
      type: "TXT",
      name: "_svc.news.example.test",
      value: expect.stringMatching(/^svc-verification=[A-Za-z0-9]{32}$/),
      required: true,
    });
    expect(dkim?.type).toBe("TXT");
    expect(dkim?.name).toMatch(/^svc[0-9a-f]{10}\._domainkey\.news\.example\.test$/);
    expect(dkim?.value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/]+=*$/);

    // The published key is the public half of the stored private key, and 2048 bits long.
    const row = await db.domain.findUniqueOrThrow({ where: { id: domain.id } });
    const publicKey = createPublicKey({ key: Buffer.from(dkim!.value.split("p=")[1]!, "base64"), format: "der", type: "spki" });
    expect(publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    // Sealed at rest: no PEM in the row, and it opens with the service's key.
    expect(row.dkimPrivateKey).not.toContain("PRIVATE KEY");
    const signature = sign("sha256", Buffer.from("probe"), createPrivateKey(secrets.open(row.dkimPrivateKey)));
    expect(verify("sha256", Buffer.from("probe"), publicKey, signature)).toBe(true);
    // The private key is never part of what callers see.
    expect(JSON.stringify(domain)).not.toContain("PRIVATE KEY");
    expect(JSON.stringify(await listDomains(db, workspace.id))).not.toContain("PRIVATE KEY");
  });

  it("refuses a duplicate in the same workspace (whatever its case) but allows it in another", async () => {
    const a = await createWorkspace(db, { name: "A" });
    const b = await createWorkspace(db, { name: "B" });
    const name = uniqueDomain("dup");
    const first = await addDomain(db, { workspaceId: a.id, domain: name });
    const error = await errorOf(addDomain(db, { workspaceId: a.id, domain: name.toUpperCase() }));
    expect(error.code).toBe("conflict");
    expect(error.message).toBe(`The domain ${name} is already added to this workspace.`);
    const other = await addDomain(db, { workspaceId: b.id, domain: name });
    // Each workspace proves control with its own token and its own DKIM selector.
    expect(other.records[0]?.value).not.toBe(first.records[0]?.value);
    expect(other.records[1]?.name).not.toBe(first.records[1]?.name);
    expect(await db.domain.count({ where: { name } })).toBe(2);
  });

  it("lets exactly one of several concurrent adds of one name through", async () => {
    const workspace = await createWorkspace(db, { name: "Race" });
    const name = uniqueDomain("race");
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => addDomain(db, { workspaceId: workspace.id, domain: name })));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results) {
      if (result.status === "rejected") expect((result.reason as AppError).code).toBe("conflict");
    }
    expect(await db.domain.count({ where: { workspaceId: workspace.id } })).toBe(1);
  });

  it("refuses bad input and unknown workspaces, creating nothing", async () => {
    const workspace = await createWorkspace(db, { name: "Bad input" });
    expect((await errorOf(addDomain(db, { workspaceId: workspace.id, domain: "http://example.com" }))).code).toBe("validation_failed");
    const tooLong = `${"abcdefghi.".repeat(23)}com`; // 233 characters: valid alone, but its DKIM name would not fit
    expect((await errorOf(addDomain(db, { workspaceId: workspace.id, domain: tooLong }))).message).toContain("DKIM record name fits");
    expect((await errorOf(addDomain(db, { workspaceId: "org_missing", domain: uniqueDomain("x") }))).code).toBe("not_found");
    expect(await db.domain.count({ where: { workspaceId: workspace.id } })).toBe(0);
  });
});

describe("getDomain, listDomains, removeDomain", () => {
  it("are scoped to the workspace", async () => {
    const a = await createWorkspace(db, { name: "A" });
    const b = await createWorkspace(db, { name: "B" });
    const first = await addDomain(db, { workspaceId: a.id, domain: uniqueDomain("one") });
    const second = await addDomain(db, { workspaceId: a.id, domain: uniqueDomain("two") });
    expect((await listDomains(db, a.id)).map((domain) => domain.id)).toEqual([second.id, first.id]);
    expect(await listDomains(db, b.id)).toEqual([]);
    expect((await getDomain(db, a.id, first.id)).domain).toBe(first.domain);
    expect((await errorOf(getDomain(db, b.id, first.id))).message).toBe("Domain not found.");
    expect((await errorOf(removeDomain(db, first.id, b.id))).code).toBe("not_found");
    expect((await errorOf(verifyDomain(db, first.id, { resolver, workspaceId: b.id }))).code).toBe("not_found");
    expect((await removeDomain(db, first.id, a.id)).id).toBe(first.id);
    expect((await errorOf(getDomain(db, a.id, first.id))).code).toBe("not_found");
    expect((await listDomains(db, a.id)).map((domain) => domain.id)).toEqual([second.id]);
  });
});

describe("verifyDomain against a real DNS server", () => {
  it("stays pending with per-record reasons until the records are published, then verifies", async () => {
    const workspace = await createWorkspace(db, { name: "Verify" });
    const domain = await addDomain(db, { workspaceId: workspace.id, domain: uniqueDomain("verify") });

    const before = await verifyDomain(db, domain.id, { resolver });
    expect(before.status).toBe("pending");
    expect(required(before.checks)).toHaveLength(2);
    for (const check of required(before.checks)) {
      expect(check).toMatchObject({ type: "TXT", ok: false, found: [], reason: "No such name in DNS (NXDOMAIN)." });
    }
    expect(required(before.checks).map((check) => check.name)).toEqual(
      domain.records.filter((record) => record.required).map((record) => record.name),
    );
    expect(required(before.checks).map((check) => check.expected)).toEqual(
      domain.records.filter((record) => record.required).map((record) => record.value),
    );

    publish(domain); // the DKIM value is over 255 bytes, so the server splits it into several strings
    const after = await verifyDomain(db, domain.id, { resolver });
    expect(after).toMatchObject({ id: domain.id, domain: domain.domain, status: "verified" });
    expect(required(after.checks).every((check) => check.ok && check.reason === null)).toBe(true);
    expect(required(after.checks).map((check) => check.found)).toEqual(
      domain.records.filter((record) => record.required).map((record) => [record.value]),
    );

    const stored = await getDomain(db, workspace.id, domain.id);
    expect(stored.status).toBe("verified");
    expect(stored.verifiedAt).not.toBeNull();
    expect(stored.lastCheckedAt).not.toBeNull();
    expect(stored.lastChecks).toEqual(after.checks);
  });

  it("joins a DKIM value split across strings at arbitrary points, and tolerates re-spacing", async () => {
    const workspace = await createWorkspace(db, { name: "Split" });
    const domain = await addDomain(db, { workspaceId: workspace.id, domain: uniqueDomain("split") });
    const [ownership, dkim] = domain.records as [DomainView["records"][0], DomainView["records"][0]];
    dns.setTxt(ownership.name, ["unrelated=1", ["svc-verification=", ownership.value.slice("svc-verification=".length)]]);
    const key = dkim.value.slice(dkim.value.indexOf("p=") + 2);
    dns.setTxt(dkim.name, [["v=DKIM1;k=rsa;", `p=${key.slice(0, 100)}`, key.slice(100, 101), key.slice(101)]]);
    const result = await verifyDomain(db, domain.id, { resolver });
    expect(result.status).toBe("verified");
    expect(result.checks[0]?.found).toEqual(["unrelated=1", ownership.value]);
    expect(result.checks[1]?.found).toEqual([`v=DKIM1;k=rsa;p=${key}`]);
  });

  it("does not verify when one record is wrong, and says which", async () => {
    const workspace = await createWorkspace(db, { name: "Wrong" });
    const domain = await addDomain(db, { workspaceId: workspace.id, domain: uniqueDomain("wrong") });
    const [ownership, dkim] = domain.records as [DomainView["records"][0], DomainView["records"][0]];
    dns.setTxt(ownership.name, ["svc-verification=not-the-token"]);
    dns.setTxt(dkim.name, [dkim.value]);
    const result = await verifyDomain(db, domain.id, { resolver });
    expect(result.status).toBe("pending");
    expect(result.checks[0]).toEqual({
      type: "TXT",
      purpose: "ownership",
      required: true,
      name: ownership.name,
      expected: ownership.value,
      found: ["svc-verification=not-the-token"],
      ok: false,
      reason: "No TXT record at this name has the expected value.",
    });
    expect(result.checks[1]?.ok).toBe(true);

    // Another key under the right selector does not count either.
    dns.setTxt(ownership.name, [ownership.value]);
    dns.setTxt(dkim.name, [dkim.value.replace(/p=.{8}/, "p=AAAAAAAA")]);
    const wrongKey = await verifyDomain(db, domain.id, { resolver });
    expect(wrongKey.status).toBe("pending");
    expect(required(wrongKey.checks).map((check) => check.ok)).toEqual([true, false]);
    expect((await getDomain(db, workspace.id, domain.id)).verifiedAt).toBeNull();
  });

  it("fails a verified domain whose records disappear, and re-verifies it when they return", async () => {
    const workspace = await createWorkspace(db, { name: "Lapse" });
    const domain = await addDomain(db, { workspaceId: workspace.id, domain: uniqueDomain("lapse") });
    publish(domain);
    expect((await verifyDomain(db, domain.id, { resolver })).status).toBe("verified");
    const firstVerifiedAt = (await getDomain(db, workspace.id, domain.id)).verifiedAt;

    dns.remove(domain.records[1]!.name);
    const lapsed = await verifyDomain(db, domain.id, { resolver, workspaceId: workspace.id });
    expect(lapsed.status).toBe("failed");
    expect(required(lapsed.checks).map((check) => [check.ok, check.reason])).toEqual([
      [true, null],
      [false, "No such name in DNS (NXDOMAIN)."],
    ]);
    expect((await db.domain.findUniqueOrThrow({ where: { id: domain.id } })).status).toBe("failed");

    publish(domain);
    expect((await verifyDomain(db, domain.id, { resolver })).status).toBe("verified");
    const reverified = await getDomain(db, workspace.id, domain.id);
    expect(reverified.status).toBe("verified");
    expect(reverified.verifiedAt! >= firstVerifiedAt!).toBe(true);
  });

  it("reports timeouts and server failures per record, without failing a verified domain for them", async () => {
    const workspace = await createWorkspace(db, { name: "Outage" });
    const domain = await addDomain(db, { workspaceId: workspace.id, domain: uniqueDomain("outage") });
    publish(domain);
    expect((await verifyDomain(db, domain.id, { resolver })).status).toBe("verified");

    dns.misbehave(domain.records[0]!.name, "timeout");
    dns.misbehave(domain.records[1]!.name, "servfail");
    const outage = await verifyDomain(db, domain.id, { resolver });
    expect(outage.status).toBe("verified");
    expect(required(outage.checks).map((check) => [check.ok, check.reason])).toEqual([
      [false, "The DNS lookup timed out."],
      [false, "The DNS server failed to answer (SERVFAIL)."],
    ]);
    dns.misbehave(domain.records[0]!.name, null);
    dns.misbehave(domain.records[1]!.name, null);
  });

  it("checks a hand-inserted row against records rebuilt from its columns, never vacuously", async () => {
    const fixture = await createWorkspaceFixture(handle, { plan: "free", domain: uniqueDomain("fixture") });
    const row = await db.domain.findFirstOrThrow({ where: { workspaceId: fixture.workspaceId } });
    const result = await verifyDomain(db, row.id, { resolver });
    expect(required(result.checks)).toHaveLength(2);
    expect(result.checks[0]?.name).toBe(`_svc.${fixture.domain}`);
    expect(result.status).toBe("failed");
  });

  it("queries the configured servers, or the system's when none are given", () => {
    expect((createDnsResolver({ servers: ["127.0.0.1:5353", "[::1]:5300"] }) as Resolver).getServers()).toEqual([
      "127.0.0.1:5353",
      "[::1]:5300",
    ]);
    expect((createDnsResolver({ servers: [] }) as Resolver).getServers()).toEqual(getServers());
  });
});

describe("matching rules", () => {
  const key = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAuo";
  const expected = `v=DKIM1; k=rsa; p=${key}`;

  it("compares DKIM records by key, type and version", () => {
    expect(dkimValueMatches(expected, expected)).toBe(true);
    expect(dkimValueMatches(`k=rsa;v=DKIM1;p=${key.slice(0, 10)} ${key.slice(10)};`, expected)).toBe(true);
    expect(dkimValueMatches(`p=${key}`, expected)).toBe(true);
    expect(dkimValueMatches(`v=DKIM1; k=ed25519; p=${key}`, expected)).toBe(false);
    expect(dkimValueMatches(`v=DKIM2; k=rsa; p=${key}`, expected)).toBe(false);
    expect(dkimValueMatches("v=DKIM1; k=rsa; p=", expected)).toBe(false);
    expect(dkimValueMatches(`v=DKIM1; k=rsa; p=${key}x`, expected)).toBe(false);
  });

  it("moves the status only as documented", () => {
    const ok: CheckOutcome = { check: { type: "TXT", name: "n", expected: "e", found: ["e"], ok: true, reason: null }, transient: false };
    const wrong: CheckOutcome = { check: { ...ok.check, found: [], ok: false, reason: "gone" }, transient: false };
    const timeout: CheckOutcome = { check: { ...wrong.check, reason: "timed out" }, transient: true };
    expect(statusAfterCheck("pending", [ok, ok])).toBe("verified");
    expect(statusAfterCheck("failed", [ok, ok])).toBe("verified");
    expect(statusAfterCheck("pending", [ok, wrong])).toBe("pending");
    expect(statusAfterCheck("verified", [ok, wrong])).toBe("failed");
    expect(statusAfterCheck("verified", [ok, timeout])).toBe("verified");
    expect(statusAfterCheck("verified", [timeout, wrong])).toBe("failed");
    expect(statusAfterCheck("failed", [ok, timeout])).toBe("failed");
    expect(statusAfterCheck("pending", [])).toBe("pending");
  });

  it("lets advice records (MAIL FROM, DMARC) fail without blocking, and weighs the provider's verdict", () => {
    const ok: CheckOutcome = { check: { type: "TXT", name: "n", expected: "e", found: ["e"], ok: true, reason: null }, transient: false };
    const advice: CheckOutcome = {
      check: { type: "MX", purpose: "mail_from_mx", name: "m", expected: "10 x", found: [], ok: false, reason: "gone", required: false },
      transient: false,
    };
    expect(statusAfterCheck("pending", [ok, ok, advice])).toBe("verified");
    expect(statusAfterCheck("verified", [ok, ok, advice])).toBe("verified");

    const waiting = providerVerdict("ses", {
      verifiedForSending: false,
      verificationStatus: "PENDING",
      dkim: { status: "PENDING", signingEnabled: true, origin: "EXTERNAL", selector: null },
      mailFrom: null,
      ours: true,
    });
    const failed = providerVerdict("ses", {
      verifiedForSending: false,
      verificationStatus: "FAILED",
      dkim: { status: "FAILED", signingEnabled: true, origin: "EXTERNAL", selector: null },
      mailFrom: null,
      ours: true,
    });
    const sending = providerVerdict("ses", {
      verifiedForSending: true,
      verificationStatus: "SUCCESS",
      dkim: { status: "SUCCESS", signingEnabled: true, origin: "EXTERNAL", selector: null },
      mailFrom: null,
      ours: true,
    });
    const missing = providerVerdict("ses", null);
    // DNS alone is not enough: SES must send from it.
    expect(statusAfterCheck("pending", [ok, ok], waiting)).toBe("pending");
    expect(statusAfterCheck("pending", [ok, ok], sending)).toBe("verified");
    // SES re-checking is not a failure; SES failing it, or losing it, is.
    expect(statusAfterCheck("verified", [ok, ok], waiting)).toBe("verified");
    expect(statusAfterCheck("verified", [ok, ok], failed)).toBe("failed");
    expect(statusAfterCheck("verified", [ok, ok], missing)).toBe("failed");
    expect(failed.reason).toContain("DKIM verification FAILED");
    expect(missing.reason).toBe("SES has no identity for this domain.");
  });
});
