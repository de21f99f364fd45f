import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import {
  addDomain,
  createApiKey,
  createDnsResolver,
  createWorkspace,
  type DomainView,
  failEmailsFromDomain,
  markDomainVerified,
  recheckDomains,
  SecretBox,
  verifyDomain,
} from "@svc/core";
import { addressDomain, bareAddress } from "@svc/core/addresses";
import { type EmailStatus, newId } from "@svc/db";
import { createLogger } from "@svc/logger";
import { createProducerConnection, Producer } from "@svc/queues";
import request from "supertest";
import { startDnsServer, type TestDnsServer } from "../../../test/support/dns-server.ts";
import { TEST_REDIS_URL } from "../../../test/support/env.ts";
import { openTestDb } from "../../../test/support/fixtures.ts";
import { queuedDeliveryIds } from "../../../test/support/webhookJobs.ts";
import { type ApiInstance, bearer, sendBody, startApi } from "./harness.ts";

const handle = openTestDb();
const db = handle.prisma;
const log = createLogger("domain-recheck-test", "silent");
/** The simulator's context: the same commands and records, checked locally. */
const local = { secrets: new SecretBox("33".repeat(32)), identities: null, region: "us-east-1" };
let api: ApiInstance;
let dns: TestDnsServer;
let resolver: ReturnType<typeof createDnsResolver>;

beforeAll(async () => {
  [api, dns] = await Promise.all([startApi(), startDnsServer()]);
  resolver = createDnsResolver({ servers: [dns.address], timeoutMs: 400, tries: 1 });
});
afterAll(async () => {
  await Promise.all([api.close(), dns.close()]);
  await handle.close();
});

function publish(domain: DomainView): void {
  const txt = new Map<string, string[]>();
  for (const record of domain.records) {
    if (record.type === "MX") dns.setMx(record.name, [{ priority: record.priority!, exchange: record.value }]);
    else txt.set(record.name, [...(txt.get(record.name) ?? []), record.value]);
  }
  for (const [name, values] of txt) dns.setTxt(name, values);
}

describe("the scheduled domain re-check", () => {
  it("leaves a domain the operator marked verified without DNS alone (a local trial keeps sending)", async () => {
    const workspace = await createWorkspace(db, { name: "Override", plan: "unlimited" });
    const domain = await addDomain(db, { workspaceId: workspace.id, domain: `trial-${Date.now()}.example.test` }, local);
    await markDomainVerified(db, domain.id);
    const result = await recheckDomains(handle, { resolver, maxAgeMs: 0, log, deliveries: null, workspaceIds: [workspace.id] }, local);
    expect(result).toMatchObject({ checked: 0, failed: [] });
    expect((await db.domain.findUniqueOrThrow({ where: { id: domain.id } })).status).toBe("verified");
  });

  it("turns a domain whose DKIM record vanished into failed, and the next send from it gets 403 saying why and when it was last verified", async () => {
    const workspace = await createWorkspace(db, { name: "Recheck", plan: "unlimited" });
    const key = await createApiKey(db, { workspaceId: workspace.id, environment: "live", scope: "send-only" });
    const domain = await addDomain(db, { workspaceId: workspace.id, domain: `recheck-${Date.now()}.example.test` }, local);
    publish(domain);
    expect((await verifyDomain(db, domain.id, { resolver }, local)).status).toBe("verified");
    const send = () => request(api.url).post("/emails").set(bearer(key.key)).send(sendBody(domain.domain));
    expect((await send()).status).toBe(202);

    // Checked recently: not due yet, nothing changes.
    const mine = [workspace.id];
    const early = await recheckDomains(handle, { resolver, maxAgeMs: 3_600_000, log, deliveries: null, workspaceIds: mine }, local);
    expect(early.checked).toBe(0);
    expect(early.failed.map((entry) => entry.id)).not.toContain(domain.id);

    const dkim = domain.records.find((record) => record.name.includes("._domainkey."))!;
    dns.remove(dkim.name);
    const lastVerifiedAt = (await db.domain.findUniqueOrThrow({ where: { id: domain.id } })).lastVerifiedAt!;
    const result = await recheckDomains(handle, { resolver, maxAgeMs: 0, log, deliveries: null, workspaceIds: mine }, local);
    expect(result.failed).toContainEqual({
      id: domain.id,
      workspaceId: workspace.id,
      domain: domain.domain,
      reason: expect.stringContaining(dkim.name),
      emailsFailed: expect.any(Number),
    });
    expect((await db.domain.findUniqueOrThrow({ where: { id: domain.id } })).status).toBe("failed");

    const emailsBefore = await db.email.count({ where: { organizationId: workspace.id } });
    const refused = await send();
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("domain_not_verified");
    expect(refused.body.error).toContain(`The from domain ${domain.domain} is not verified for this workspace.`);
    expect(refused.body.error).toContain(`TXT ${dkim.name}: No such name in DNS (NXDOMAIN).`);
    expect(refused.body.error).toContain(`Last seen verified: ${lastVerifiedAt.toISOString()}.`);
    expect(await db.email.count({ where: { organizationId: workspace.id } })).toBe(emailsBefore);

    // The record comes back: the next re-check verifies it again and sending resumes.
    publish(domain);
    const back = await recheckDomains(handle, { resolver, maxAgeMs: 0, log, deliveries: null, workspaceIds: mine }, local);
    expect(back).toMatchObject({ checked: 1, verified: 1, failed: [] });
    expect((await send()).status).toBe(202);
  });

  it("ends every waiting email from a domain that failed (queued, retrying, scheduled) with a failed event and its webhooks; others are left", async () => {
    const workspace = await createWorkspace(db, { name: "Recheck emails", plan: "unlimited" });
    const key = await createApiKey(db, { workspaceId: workspace.id, environment: "live", scope: "send-only" });
    const domain = await addDomain(db, { workspaceId: workspace.id, domain: `fails-${Date.now()}.example.test` }, local);
    publish(domain);
    expect((await verifyDomain(db, domain.id, { resolver }, local)).status).toBe("verified");
    const other = await addDomain(db, { workspaceId: workspace.id, domain: `stays-${Date.now()}.example.test` }, local);
    await markDomainVerified(db, other.id);
    const subscription = await db.webhookSubscription.create({
      data: {
        id: newId("webhook"),
        workspaceId: workspace.id,
        url: "https://hooks.example.com/failed",
        events: ["failed"],
        secretEncrypted: "v1.x.y.z",
      },
    });
    const email = async (from: string, status: EmailStatus, extra: { attempts?: number; scheduledAt?: Date } = {}) => {
      const id = newId("email");
      await db.email.create({
        data: {
          id,
          organizationId: workspace.id,
          apiKeyId: key.id,
          environment: "live",
          from,
          // As the API stores it when it accepts the email.
          fromDomain: addressDomain(bareAddress(from)),
          to: ["r@example.org"],
          subject: "s",
          text: "t",
          status,
          tags: [{ name: "k", value: "v" }],
          ...extra,
        },
      });
      return id;
    };
    const queued = await email(`Shop <news@${domain.domain.toUpperCase()}>`, "queued");
    const retrying = await email(`news@${domain.domain}`, "queued", { attempts: 3 });
    const scheduled = await email(`news@${domain.domain}`, "scheduled", { scheduledAt: new Date(Date.now() + 86_400_000) });
    await db.emailAttachment.create({ data: { emailId: scheduled, position: 0, content: Buffer.from("file") } });
    const claimed = await email(`news@${domain.domain}`, "sending");
    const delivered = await email(`news@${domain.domain}`, "delivered");
    const otherDomain = await email(`news@${other.domain}`, "queued");

    const redis = createProducerConnection(TEST_REDIS_URL);
    const deliveries = new Producer("webhookDelivery", redis, `recheck-${Date.now()}`);
    try {
      dns.remove(domain.records.find((record) => record.name.includes("._domainkey."))!.name);
      const result = await recheckDomains(handle, { resolver, maxAgeMs: 0, log, deliveries, workspaceIds: [workspace.id] }, local);
      expect(result.failed).toEqual([expect.objectContaining({ id: domain.id, emailsFailed: 3 })]);

      const statuses = new Map(
        (await db.email.findMany({ where: { organizationId: workspace.id }, select: { id: true, status: true } })).map((row) => [
          row.id,
          row.status,
        ]),
      );
      expect([queued, retrying, scheduled].map((id) => statuses.get(id))).toEqual(["failed", "failed", "failed"]);
      expect([claimed, delivered, otherDomain].map((id) => statuses.get(id))).toEqual(["sending", "delivered", "queued"]);
      expect(await db.emailAttachment.count({ where: { emailId: scheduled } })).toBe(0);

      const events = await db.emailEvent.findMany({ where: { email: { organizationId: workspace.id } } });
      const queuedDeliveries = await queuedDeliveryIds(deliveries);
      expect(events.map((event) => event.emailId).sort()).toEqual([queued, retrying, scheduled].sort());
      for (const event of events) {
        expect(event.type).toBe("failed");
        expect(JSON.parse(event.payloadJson)).toEqual({
          source: "svc",
          reason: "domain_not_verified",
          message: expect.stringContaining(`The from domain ${domain.domain} failed its re-check`),
        });
        const [delivery, ...more] = await db.webhookDelivery.findMany({ where: { eventId: event.id } });
        expect(more).toEqual([]);
        expect(delivery!.subscriptionId).toBe(subscription.id);
        expect(JSON.parse(delivery!.body)).toMatchObject({
          id: delivery!.id,
          data: { emailId: event.emailId, tags: [{ name: "k", value: "v" }], event: { eventId: event.id, type: "failed" } },
        });
        expect(queuedDeliveries).toContain(delivery!.id);
      }
      const row = await db.email.findUniqueOrThrow({ where: { id: queued } });
      expect(row.errorMessage).toContain("failed its re-check");
      expect(row.failedAt).toBeInstanceOf(Date);
    } finally {
      await deliveries.close();
      redis.disconnect();
    }
  });

  it("fails the emails the API accepted in every from form, comments included, when their domain fails", async () => {
    const workspace = await createWorkspace(db, { name: "Comment forms", plan: "unlimited" });
    const key = await createApiKey(db, { workspaceId: workspace.id, environment: "live", scope: "send-only" });
    const domain = await addDomain(db, { workspaceId: workspace.id, domain: `comments-${Date.now()}.example.test` }, local);
    publish(domain);
    expect((await verifyDomain(db, domain.id, { resolver }, local)).status).toBe("verified");
    const forms = [
      `Acme (support) <hello@${domain.domain}>`,
      `hello@${domain.domain.toUpperCase()} (Acme)`,
      `Acme <hello@${domain.domain}> (team)`,
      `"Acme, Inc." <hello@${domain.domain}>`,
    ];
    const ids: string[] = [];
    for (const from of forms) {
      // Scheduled: no sender takes them meanwhile; the re-check ends scheduled emails too.
      const scheduledAt = new Date(Date.now() + 86_400_000).toISOString();
      const res = await request(api.url).post("/emails").set(bearer(key.key)).send(sendBody(domain.domain, { from, scheduledAt }));
      expect({ from, status: res.status }).toEqual({ from, status: 202 });
      ids.push(res.body.id as string);
    }
    const rows = await db.email.findMany({ where: { id: { in: ids } }, select: { fromDomain: true } });
    expect(rows.map((row) => row.fromDomain)).toEqual(forms.map(() => domain.domain));

    dns.remove(domain.records.find((record) => record.name.includes("._domainkey."))!.name);
    const result = await recheckDomains(handle, { resolver, maxAgeMs: 0, log, deliveries: null, workspaceIds: [workspace.id] }, local);
    expect(result.failed).toEqual([expect.objectContaining({ id: domain.id, emailsFailed: forms.length })]);
    const statuses = await db.email.findMany({ where: { id: { in: ids } }, select: { status: true } });
    expect(statuses.map((row) => row.status)).toEqual(forms.map(() => "failed"));
  });

  it("fails a domain's emails in bounded batches, each with its own events", async () => {
    const workspace = await createWorkspace(db, { name: "Batches", plan: "unlimited" });
    const key = await createApiKey(db, { workspaceId: workspace.id, environment: "live", scope: "send-only" });
    const name = `batches-${Date.now()}.example.test`;
    const ids = Array.from({ length: 5 }, () => newId("email"));
    await db.email.createMany({
      data: ids.map((id) => ({
        id,
        organizationId: workspace.id,
        apiKeyId: key.id,
        environment: "live" as const,
        from: `a@${name}`,
        fromDomain: name,
        to: ["r@example.org"],
        subject: "s",
        text: "t",
        status: "queued" as const,
      })),
    });
    const ended = await failEmailsFromDomain(handle.pool, { workspaceId: workspace.id, domain: name, message: "gone" }, null, {
      batchSize: 2,
    });
    expect(ended).toBe(5);
    expect(await db.email.count({ where: { id: { in: ids }, status: "failed" } })).toBe(5);
    expect(await db.emailEvent.count({ where: { emailId: { in: ids }, type: "failed" } })).toBe(5);
    // A second run finds nothing left to end and records nothing twice.
    expect(
      await failEmailsFromDomain(handle.pool, { workspaceId: workspace.id, domain: name, message: "gone" }, null, { batchSize: 2 }),
    ).toBe(0);
    expect(await db.emailEvent.count({ where: { emailId: { in: ids } } })).toBe(5);
  });
});
