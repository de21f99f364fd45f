import { createPrivateKey, createPublicKey, generateKeyPairSync } from "node:crypto";
import { CreateEmailIdentityCommand, ListTagsForResourceCommand, SESv2Client, UntagResourceCommand } from "@aws-sdk/client-sesv2";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import {
  AppError,
  addDomain,
  addTestRecipient,
  createDnsResolver,
  createWorkspace,
  DEFAULT_TEST_RECIPIENT_COOLDOWN_MS,
  type DomainContext,
  type DomainView,
  getDomain,
  listTestRecipients,
  preVerifiedRecipients,
  recheckDomains,
  releaseRemovedTestRecipients,
  removeDomain,
  removeTestRecipient,
  SecretBox,
  sealPlainDkimKeys,
  sqlPool,
  verifyDomain,
} from "@svc/core";
import { newId } from "@svc/db";
import { createLogger } from "@svc/logger";
import { INSTALL_TAG_KEY, SesIdentities } from "@svc/providers";
import { startDnsServer, type TestDnsServer } from "../../../test/support/dns-server.ts";
import { openTestDb } from "../../../test/support/fixtures.ts";
import { FAKE_AWS_CREDENTIALS } from "../../../test/support/ses.ts";
import { type AwsLocal, startAwsLocal } from "../../aws-local/src/index.ts";

// The real SESv2Client signs its requests: it needs credentials, any will do locally.
Object.assign(process.env, FAKE_AWS_CREDENTIALS);

const handle = openTestDb();
const db = handle.prisma;
const log = createLogger("ses-identities-test", "silent");
const secrets = new SecretBox("22".repeat(32));
const INSTALL_ID = "inst_identitiestest";
let aws: AwsLocal;
let dns: TestDnsServer;
let identities: SesIdentities;
let ses: DomainContext;
let resolver: ReturnType<typeof createDnsResolver>;

beforeAll(async () => {
  [aws, dns] = await Promise.all([startAwsLocal({ region: "eu-west-1" }), startDnsServer()]);
  identities = new SesIdentities({ region: "eu-west-1", endpoint: aws.url, installId: INSTALL_ID });
  ses = { secrets, identities, region: "eu-west-1" };
  resolver = createDnsResolver({ servers: [dns.address], timeoutMs: 400, tries: 1 });
});
afterAll(async () => {
  identities.close();
  await Promise.all([aws.close(), dns.close(), handle.close()]);
});

const uniqueDomain = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}.example.test`;
const sesIdentity = (name: string) => aws.state.ses.identities.get(name.toLowerCase());

function publish(domain: DomainView): void {
  const txt = new Map<string, string[]>();
  for (const record of domain.records) {
    if (record.type === "MX") dns.setMx(record.name, [{ priority: record.priority!, exchange: record.value }]);
    else txt.set(record.name, [...(txt.get(record.name) ?? []), record.value]);
  }
  for (const [name, values] of txt) dns.setTxt(name, values);
}

/** Plays SES finding the records: what it does on its own within minutes of their publication. */
function sesVerifies(name: string): void {
  const identity = sesIdentity(name)!;
  identity.verifiedForSending = true;
  identity.verificationStatus = "SUCCESS";
  identity.dkim!.status = "SUCCESS";
  if (identity.mailFrom) identity.mailFrom.status = "SUCCESS";
}

async function newDomain(label: string, input: { mailFrom?: string } = {}): Promise<DomainView> {
  const workspace = await createWorkspace(db, { name: label });
  return addDomain(db, { workspaceId: workspace.id, domain: uniqueDomain(label), ...input }, ses);
}

describe("svc domain add with EMAIL_PROVIDER=ses", () => {
  it("creates the SES identity signing with our selector and the private half of the DKIM record shown, and sets MAIL FROM", async () => {
    const domain = await newDomain("byodkim");
    const dkimRecord = domain.records.find((record) => record.name.includes("._domainkey."))!;
    const identity = sesIdentity(domain.domain);
    expect(identity).toMatchObject({ type: "DOMAIN", verifiedForSending: false });
    expect(identity!.dkim).toMatchObject({ origin: "EXTERNAL", status: "PENDING", signingEnabled: true });
    expect(dkimRecord.name).toBe(`${identity!.dkim!.selector}._domainkey.${domain.domain}`);

    // The key SES was given is exactly the private half of the p= shown.
    const privateKey = createPrivateKey({ key: Buffer.from(identity!.dkim!.privateKey!, "base64"), format: "der", type: "pkcs8" });
    const publicHalf = createPublicKey(privateKey).export({ type: "spki", format: "der" }).toString("base64");
    expect(dkimRecord.value).toBe(`v=DKIM1; k=rsa; p=${publicHalf}`);

    expect(identity!.mailFrom).toEqual({ domain: `bounce.${domain.domain}`, behaviorOnMxFailure: "USE_DEFAULT_VALUE", status: "PENDING" });
    expect(domain.mailFromDomain).toBe(`bounce.${domain.domain}`);
    expect(domain.records.filter((record) => record.name === `bounce.${domain.domain}`)).toEqual([
      { type: "MX", name: `bounce.${domain.domain}`, value: "feedback-smtp.eu-west-1.amazonses.com", priority: 10, required: false },
      { type: "TXT", name: `bounce.${domain.domain}`, value: "v=spf1 include:amazonses.com ~all", required: false },
    ]);
    // At rest the key is sealed; it left the service only in the request to SES.
    const row = await db.domain.findUniqueOrThrow({ where: { id: domain.id } });
    expect(row.dkimPrivateKey).toMatch(/^v1\./);
    expect(JSON.stringify(domain)).not.toContain(identity!.dkim!.privateKey!.slice(0, 40));
  });

  it("takes a custom MAIL FROM subdomain (a label or the full name), and refuses anything but a subdomain", async () => {
    const domain = await newDomain("mailfrom", { mailFrom: "mail" });
    expect(sesIdentity(domain.domain)!.mailFrom?.domain).toBe(`mail.${domain.domain}`);
    const workspace = await createWorkspace(db, { name: "bad mail from" });
    const name = uniqueDomain("x");
    const full = await addDomain(db, { workspaceId: workspace.id, domain: name, mailFrom: `Returns.${name}` }, ses);
    expect(full.mailFromDomain).toBe(`returns.${name}`);
    for (const mailFrom of [uniqueDomain("itself"), "not a name", "bounce@x"]) {
      const domainName = mailFrom.endsWith(".example.test") ? mailFrom : uniqueDomain("y");
      const error = await addDomain(db, { workspaceId: workspace.id, domain: domainName, mailFrom }, ses).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe("validation_failed");
    }
    expect(await db.domain.count({ where: { workspaceId: workspace.id } })).toBe(1);
  });

  it("leaves nothing behind when SES refuses", async () => {
    const other = await createWorkspace(db, { name: "other" });
    const down: DomainContext = {
      ...ses,
      identities: new SesIdentities({ region: "eu-west-1", endpoint: "http://127.0.0.1:9", installId: INSTALL_ID }),
    };
    const refused = (await addDomain(db, { workspaceId: other.id, domain: uniqueDomain("down") }, down).catch(
      (caught: unknown) => caught,
    )) as AppError;
    expect(refused.code).toBe("unavailable");
    expect(refused.message).toContain("Could not create the domain's identity at the email provider");
    expect(await db.domain.count({ where: { workspaceId: other.id } })).toBe(0);
  });
});

describe("identities the install did not create", () => {
  /** An identity made directly through the SDK, as another application on the account would. */
  async function foreignIdentity(name: string, dkim?: { selector: string; key: string }): Promise<void> {
    await new SESv2Client({ region: "eu-west-1", endpoint: aws.url }).send(
      new CreateEmailIdentityCommand({
        EmailIdentity: name,
        ...(dkim ? { DkimSigningAttributes: { DomainSigningSelector: dkim.selector, DomainSigningPrivateKey: dkim.key } } : {}),
      }),
    );
  }
  const writes = (from: number) => aws.state.calls.slice(from).filter((call) => !/ses:(Get|List)/.test(call));

  it("are neither re-keyed nor deleted by a workspace: 409, nothing called but reads; an operator's adoption hands them over", async () => {
    const name = uniqueDomain("foreign");
    const key = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "der" }).toString("base64");
    await foreignIdentity(name, { selector: "theirs", key });
    const workspace = await createWorkspace(db, { name: "foreign" });
    const before = aws.state.calls.length;
    const refused = (await addDomain(db, { workspaceId: workspace.id, domain: name }, ses).catch((caught: unknown) => caught)) as AppError;
    expect(refused.code).toBe("conflict");
    expect(refused.message).toContain("was not created by it");
    expect(refused.message).toContain(`svc ses adopt --identity ${name}`);
    expect(writes(before)).toEqual([]);
    const address = `someone-${Math.random().toString(36).slice(2, 8)}@example.org`;
    await foreignIdentity(address);
    const afterCreate = aws.state.calls.length;
    expect(
      (
        (await addTestRecipient(db, { workspaceId: workspace.id, email: address }, identities).catch(
          (caught: unknown) => caught,
        )) as AppError
      ).code,
    ).toBe("conflict");
    expect(writes(afterCreate)).toEqual([]);
    expect(sesIdentity(name)!.dkim).toMatchObject({ selector: "theirs", privateKey: key });
    expect(await db.domain.count({ where: { workspaceId: workspace.id } })).toBe(0);
    expect(await db.testRecipient.count({ where: { workspaceId: workspace.id } })).toBe(0);

    // Removal deletes only ours.
    expect(await identities.delete(name)).toBe("not_ours");
    expect(sesIdentity(name)).toBeDefined();

    // The operator adopts it (svc ses adopt): now the claim that proves the name re-keys it.
    expect(await identities.adopt(name, aws.state.accountId)).toBe("adopted");
    expect(await identities.adopt(name, aws.state.accountId)).toBe("already_ours");
    const tags = await new SESv2Client({ region: "eu-west-1", endpoint: aws.url }).send(
      new ListTagsForResourceCommand({ ResourceArn: `arn:aws:ses:eu-west-1:${aws.state.accountId}:identity/${name}` }),
    );
    expect(tags.Tags).toEqual([{ Key: INSTALL_TAG_KEY, Value: INSTALL_ID }]);
    const domain = await addDomain(db, { workspaceId: workspace.id, domain: name }, ses);
    expect(sesIdentity(name)!.dkim!.selector).toBe("theirs"); // adding proves nothing
    publish(domain);
    await verifyDomain(db, domain.id, { resolver }, ses);
    expect(sesIdentity(name)!.dkim!.selector).toBe(domain.records[1]!.name.split(".")[0]);
  });

  it("an identity whose tag was removed is no longer touched by the domain's own checks", async () => {
    const domain = await newDomain("untagged");
    publish(domain);
    sesVerifies(domain.domain);
    expect((await verifyDomain(db, domain.id, { resolver }, ses)).status).toBe("verified");
    await new SESv2Client({ region: "eu-west-1", endpoint: aws.url }).send(
      new UntagResourceCommand({
        ResourceArn: `arn:aws:ses:eu-west-1:${aws.state.accountId}:identity/${domain.domain}`,
        TagKeys: [INSTALL_TAG_KEY],
      }),
    );
    const before = aws.state.calls.length;
    const result = await verifyDomain(db, domain.id, { resolver }, ses);
    expect(result.status).toBe("failed");
    expect(result.reason).toContain("was not created by this installation");
    await removeDomain(db, domain.id, ses);
    expect(writes(before)).toEqual([]);
    expect(sesIdentity(domain.domain)).toBeDefined();
  });
});

describe("claims of a domain name", () => {
  it("racing adds leave one identity with one key; the workspace whose DNS proves the name owns it, the other's claim fails saying why", async () => {
    const name = uniqueDomain("race");
    const [a, b] = await Promise.all([createWorkspace(db, { name: "A" }), createWorkspace(db, { name: "B" })]);
    const [first, second] = await Promise.all([
      addDomain(db, { workspaceId: a.id, domain: name }, ses),
      addDomain(db, { workspaceId: b.id, domain: name }, ses),
    ]);
    expect(first.records[0]!.value).not.toBe(second.records[0]!.value); // each its own token
    const selectorOf = (domain: DomainView) => domain.records[1]!.name.split(".")[0];
    const creates = aws.state.calls.filter((call) => call === "ses:PutEmailIdentityDkimSigningAttributes").length;
    const identity = sesIdentity(name)!;
    expect([selectorOf(first), selectorOf(second)]).toContain(identity.dkim!.selector);
    expect(aws.state.calls.filter((call) => call === "ses:PutEmailIdentityDkimSigningAttributes").length).toBe(creates); // nobody re-keyed

    // B's DNS proves the name (both check at once): B owns it, A's claim fails with why.
    publish(second);
    dns.setTxt(first.records[0]!.name, [second.records[0]!.value]);
    const [checkA, checkB] = await Promise.all([
      verifyDomain(db, first.id, { resolver }, ses),
      verifyDomain(db, second.id, { resolver }, ses),
    ]);
    expect(checkB.status).toBe("pending"); // SES has yet to verify B's key
    // A's check answers what it read: "failed" once B's claim was in, "pending" if it finished
    // first (B's claim then ended A's). Stored, A's claim is failed either way.
    expect(["failed", "pending"]).toContain(checkA.status);
    expect(sesIdentity(name)!.dkim!.selector).toBe(selectorOf(second));
    const lost = await getDomain(db, a.id, first.id);
    expect(lost).toMatchObject({ status: "failed" });
    expect(lost.failureReason).toContain(`Another workspace of this installation proved control of ${name} first`);
    expect(lost.failureReason).not.toContain(b.id);
    sesVerifies(name);
    expect((await verifyDomain(db, second.id, { resolver }, ses)).status).toBe("verified");
    expect((await verifyDomain(db, first.id, { resolver }, ses)).status).toBe("failed");

    // Two claims proven at once: exactly one owns the name.
    const twice = uniqueDomain("both");
    const [x, y] = await Promise.all([
      addDomain(db, { workspaceId: a.id, domain: twice }, ses),
      addDomain(db, { workspaceId: b.id, domain: twice }, ses),
    ]);
    publish(x);
    dns.setTxt(x.records[0]!.name, [x.records[0]!.value, y.records[0]!.value]);
    const outcomes = await Promise.all([verifyDomain(db, x.id, { resolver }, ses), verifyDomain(db, y.id, { resolver }, ses)]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["failed", "pending"]);
    expect(await db.domain.count({ where: { name: twice, provenAt: { not: null } } })).toBe(1);
    const winner = outcomes.find((outcome) => outcome.status === "pending")!;
    expect(sesIdentity(twice)!.dkim!.selector).toBe(selectorOf(winner.id === x.id ? x : y));

    // A third workspace cannot claim a proven name; removing A's lost claim leaves B's identity.
    const c = await createWorkspace(db, { name: "C" });
    expect(((await addDomain(db, { workspaceId: c.id, domain: name }, ses).catch((caught: unknown) => caught)) as AppError).code).toBe(
      "conflict",
    );
    await removeDomain(db, first.id, ses);
    expect(sesIdentity(name)).toBeDefined();
  });

  it("a claim never proven expires after the configured time", async () => {
    const short: DomainContext = { ...ses, claimTtlMs: 3_600_000 };
    const workspace = await createWorkspace(db, { name: "expiry" });
    const domain = await addDomain(db, { workspaceId: workspace.id, domain: uniqueDomain("expiry") }, short);
    await db.domain.update({ where: { id: domain.id }, data: { createdAt: new Date(Date.now() - 2 * 3_600_000) } });
    publish(domain);
    const result = await recheckDomains(handle, { resolver, maxAgeMs: 0, log, deliveries: null, workspaceIds: [workspace.id] }, short);
    expect(result.claimsExpired).toBeGreaterThanOrEqual(1);
    const expired = await getDomain(db, workspace.id, domain.id);
    expect(expired.status).toBe("failed");
    expect(expired.failureReason).toContain("expired");
    expect((await verifyDomain(db, domain.id, { resolver }, short)).status).toBe("failed");
  });
});

describe("svc domain verify with EMAIL_PROVIDER=ses", () => {
  it("reports DNS and SES states per record, and verifies only once SES sends from the identity", async () => {
    const domain = await newDomain("states");
    publish(domain);
    const waiting = await verifyDomain(db, domain.id, { resolver }, ses);
    expect(waiting.status).toBe("pending");
    expect(waiting.reason).toContain("SES has not verified the domain yet (DKIM PENDING)");
    const byPurpose = Object.fromEntries(waiting.checks.map((check) => [check.purpose, check]));
    expect(byPurpose.dkim).toMatchObject({
      ok: true,
      providerState: { provider: "ses", status: "PENDING", ok: false, reason: "SES reports PENDING." },
    });
    expect(byPurpose.mail_from_mx).toMatchObject({
      type: "MX",
      ok: true,
      found: ["10 feedback-smtp.eu-west-1.amazonses.com"],
      providerState: { status: "PENDING" },
    });
    expect(byPurpose.mail_from_spf).toMatchObject({ ok: true, providerState: { status: "PENDING" } });
    // DMARC: absent, so the recommended record is shown with why; it blocks nothing.
    expect(byPurpose.dmarc).toMatchObject({ name: `_dmarc.${domain.domain}`, ok: false, required: false, expected: "v=DMARC1; p=none;" });
    expect(byPurpose.dmarc!.reason).toContain("Recommended");
    expect(waiting.provider).toMatchObject({
      name: "ses",
      verifiedForSending: false,
      dkim: { status: "PENDING" },
      mailFrom: { status: "PENDING" },
    });

    sesVerifies(domain.domain);
    dns.setTxt(`_dmarc.${domain.domain}`, ["v=DMARC1; p=quarantine; rua=mailto:d@example.test"]);
    const verified = await verifyDomain(db, domain.id, { resolver }, ses);
    expect(verified.status).toBe("verified");
    expect(verified.reason).toBeNull();
    expect(verified.checks.every((check) => check.ok && (check.providerState?.ok ?? true))).toBe(true);
    const stored = await getDomain(db, domain.workspaceId, domain.id);
    expect(stored.providerState).toMatchObject({ verifiedForSending: true, dkim: { status: "SUCCESS", origin: "EXTERNAL" } });
    expect(stored.lastVerifiedAt).not.toBeNull();
  });

  it("says what was found instead when a MAIL FROM record is wrong, without blocking sending", async () => {
    const domain = await newDomain("wrongmx");
    publish(domain);
    dns.setMx(`bounce.${domain.domain}`, [{ priority: 10, exchange: "mx.elsewhere.example" }]);
    sesVerifies(domain.domain);
    const result = await verifyDomain(db, domain.id, { resolver }, ses);
    expect(result.status).toBe("verified");
    const mx = result.checks.find((check) => check.purpose === "mail_from_mx")!;
    expect(mx).toMatchObject({
      ok: false,
      found: ["10 mx.elsewhere.example"],
      expected: "10 feedback-smtp.eu-west-1.amazonses.com",
      required: false,
    });
  });

  it("re-creates an identity deleted at SES with the domain's own key", async () => {
    const domain = await newDomain("repair");
    const selector = sesIdentity(domain.domain)!.dkim!.selector;
    const key = sesIdentity(domain.domain)!.dkim!.privateKey;
    aws.state.ses.identities.delete(domain.domain);
    publish(domain); // only the name's owner (its DNS proved it) writes to SES
    const result = await verifyDomain(db, domain.id, { resolver }, ses);
    expect(result.status).toBe("pending");
    expect(sesIdentity(domain.domain)!.dkim).toMatchObject({ selector, privateKey: key });
  });
});

describe("the scheduled re-check with EMAIL_PROVIDER=ses", () => {
  it("fails a verified domain whose DKIM record vanished, or that SES failed, and says why", async () => {
    const vanished = await newDomain("vanished");
    const sesFailed = await newDomain("sesfailed");
    for (const domain of [vanished, sesFailed]) {
      publish(domain);
      sesVerifies(domain.domain);
      expect((await verifyDomain(db, domain.id, { resolver }, ses)).status).toBe("verified");
    }
    dns.remove(vanished.records[1]!.name);
    const identity = sesIdentity(sesFailed.domain)!;
    identity.verifiedForSending = false;
    identity.dkim!.status = "FAILED";

    const result = await recheckDomains(
      handle,
      { resolver, maxAgeMs: 0, log, deliveries: null, workspaceIds: [vanished.workspaceId, sesFailed.workspaceId] },
      ses,
    );
    expect(result).toMatchObject({ checked: 2, errors: 0 });
    expect(result.failed.map((entry) => entry.id).sort()).toEqual([vanished.id, sesFailed.id].sort());
    const first = await getDomain(db, vanished.workspaceId, vanished.id);
    expect(first.status).toBe("failed");
    expect(first.failureReason).toContain(`TXT ${vanished.records[1]!.name}: No such name in DNS (NXDOMAIN).`);
    const second = await getDomain(db, sesFailed.workspaceId, sesFailed.id);
    expect(second.status).toBe("failed");
    expect(second.failureReason).toContain("SES reports the domain's DKIM verification FAILED");
  });
});

describe("svc domain remove with EMAIL_PROVIDER=ses", () => {
  it("deletes the SES identity, and keeps the domain when SES cannot be reached", async () => {
    const domain = await newDomain("remove");
    const down: DomainContext = {
      ...ses,
      identities: new SesIdentities({ region: "eu-west-1", endpoint: "http://127.0.0.1:9", installId: INSTALL_ID }),
    };
    const refused = (await removeDomain(db, domain.id, down).catch((caught: unknown) => caught)) as AppError;
    expect(refused.code).toBe("unavailable");
    expect(await db.domain.count({ where: { id: domain.id } })).toBe(1);

    await removeDomain(db, domain.id, ses);
    expect(sesIdentity(domain.domain)).toBeUndefined();
    expect(await db.domain.count({ where: { id: domain.id } })).toBe(0);
  });
});

describe("test recipients with EMAIL_PROVIDER=ses", () => {
  it("become SES email identities, and count as pre-verified only once SES says so", async () => {
    const workspace = await createWorkspace(db, { name: "recipients" });
    const address = `tester-${Math.random().toString(36).slice(2, 8)}@example.org`;
    const added = await addTestRecipient(db, { workspaceId: workspace.id, email: address }, identities);
    expect(added.verification).toBe("pending");
    expect(sesIdentity(address)).toMatchObject({ type: "EMAIL_ADDRESS", verifiedForSending: false });
    expect(aws.state.ses.confirmationsSent).toContain(address);
    // The sender's check: not deliverable yet.
    expect(await preVerifiedRecipients(sqlPool(handle), workspace.id, [address])).toEqual([]);

    sesIdentity(address)!.verifiedForSending = true; // the recipient clicked SES's link
    expect((await listTestRecipients(db, workspace.id, identities)).map((recipient) => recipient.verification)).toEqual(["verified"]);
    expect(await preVerifiedRecipients(sqlPool(handle), workspace.id, [address])).toEqual([address]);

    await removeTestRecipient(db, workspace.id, { email: address }, identities);
    expect(await listTestRecipients(db, workspace.id, identities)).toEqual([]);
    expect(await preVerifiedRecipients(sqlPool(handle), workspace.id, [address])).toEqual([]);
    // Kept through the cooldown, then released with its identity.
    expect(sesIdentity(address)).toBeDefined();
    const later = new Date(Date.now() + DEFAULT_TEST_RECIPIENT_COOLDOWN_MS + 60_000);
    expect(await releaseRemovedTestRecipients(db, identities, DEFAULT_TEST_RECIPIENT_COOLDOWN_MS, later)).toBeGreaterThanOrEqual(1);
    expect(sesIdentity(address)).toBeUndefined();
    expect(await db.testRecipient.count({ where: { workspaceId: workspace.id } })).toBe(0);
  });

  it("mail a workspace's chosen addresses at most its daily number of verification links; another workspace is not limited by it", async () => {
    const [workspace, other] = await Promise.all([createWorkspace(db, { name: "cap" }), createWorkspace(db, { name: "cap-other" })]);
    const address = (n: number) => `capped-${n}-${Math.random().toString(36).slice(2, 8)}@example.org`;
    const limits = { verificationsPerDay: 2 };
    await addTestRecipient(db, { workspaceId: workspace.id, email: address(1) }, identities, limits);
    await addTestRecipient(db, { workspaceId: workspace.id, email: address(2) }, identities, limits);
    const mailed = aws.state.ses.confirmationsSent.length;
    const third = address(3);
    const refused = (await addTestRecipient(db, { workspaceId: workspace.id, email: third }, identities, limits).catch(
      (caught: unknown) => caught,
    )) as AppError;
    expect(refused).toBeInstanceOf(AppError);
    expect(refused.code).toBe("rate_limited");
    expect(refused.status).toBe(429);
    expect(aws.state.ses.confirmationsSent.length).toBe(mailed);
    expect(sesIdentity(third)).toBeUndefined();
    expect(await db.testRecipient.count({ where: { workspaceId: workspace.id } })).toBe(2);
    await addTestRecipient(db, { workspaceId: other.id, email: address(4) }, identities, limits);
  });

  it("removing and adding an address again and again mails it one verification link, and counts once", async () => {
    const workspace = await createWorkspace(db, { name: "cycle" });
    const address = `cycled-${Math.random().toString(36).slice(2, 8)}@example.org`;
    const limits = { verificationsPerDay: 2 };
    for (let round = 0; round < 5; round++) {
      const added = await addTestRecipient(db, { workspaceId: workspace.id, email: address }, identities, limits);
      expect(added.email).toBe(address);
      await removeTestRecipient(db, workspace.id, { email: address }, identities);
    }
    expect(aws.state.ses.confirmationsSent.filter((sent) => sent === address)).toHaveLength(1);
    // The daily count was spent once: another new address still fits.
    await addTestRecipient(db, { workspaceId: workspace.id, email: `second-${address}` }, identities, limits);
  });
});

describe("DKIM keys at rest", () => {
  it("seals keys an older version stored as PEM, once, keeping the same key", async () => {
    const workspace = await createWorkspace(db, { name: "legacy" });
    const pem = createPrivateKey({
      key: Buffer.from(sesIdentity((await newDomain("keysource")).domain)!.dkim!.privateKey!, "base64"),
      format: "der",
      type: "pkcs8",
    })
      .export({ type: "pkcs8", format: "pem" })
      .toString();
    const id = newId("domain");
    await db.domain.create({
      data: {
        id,
        workspaceId: workspace.id,
        name: uniqueDomain("legacy"),
        records: [],
        verificationToken: "t",
        dkimSelector: "svcold",
        dkimPublicKey: "k",
        dkimPrivateKey: pem,
      },
    });
    expect(await sealPlainDkimKeys(db, secrets)).toBeGreaterThanOrEqual(1);
    const sealed = (await db.domain.findUniqueOrThrow({ where: { id } })).dkimPrivateKey;
    expect(sealed).toMatch(/^v1\./);
    expect(secrets.open(sealed)).toBe(pem);
    await sealPlainDkimKeys(db, secrets);
    expect((await db.domain.findUniqueOrThrow({ where: { id } })).dkimPrivateKey).toBe(sealed);
  });
});
