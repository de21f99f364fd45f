import { describe, expect, it } from "@jest/globals";
import { newId } from "@svc/db";
import { createWorkspaceFixture } from "../../../test/support/fixtures.ts";
import { insertEmail, newIdentity, newMessageId, notificationTestbed, sesEvent, signedNotification } from "./support.ts";

/** Provider verdicts reach the suppression list with their event, once, whatever the replays. */
const identity = newIdentity();
const t = notificationTestbed("/SimpleNotificationService-suppression.pem", identity);

const bounce = (bounceType: string, bounceSubType: string, addresses: string[], timestamp = "2026-11-22T10:00:02.000Z") => ({
  feedbackId: `fb-${bounceType}-${bounceSubType}`,
  bounceType,
  bounceSubType,
  bouncedRecipients: addresses.map((emailAddress) => ({ emailAddress, action: "failed", status: "5.1.1" })),
  timestamp,
  reportingMTA: "dns; email.example.com",
});

async function emailIn(workspace: Awaited<ReturnType<typeof createWorkspaceFixture>>) {
  const messageId = newMessageId();
  const emailId = await insertEmail(t.ingest.handle, workspace, { providerMessageId: messageId });
  return { messageId, emailId };
}

const entries = (workspaceId: string) => t.db.suppression.findMany({ where: { workspaceId }, orderBy: { address: "asc" } });

describe("suppressions from provider events", () => {
  it("adds a permanent bounce's recipients once, normalised, however often the notification is replayed (20 at once)", async () => {
    const fx = await createWorkspaceFixture(t.ingest.handle);
    const mail = await emailIn(fx);
    const signed = signedNotification(
      identity,
      t.certUrl,
      sesEvent("Bounce", mail, bounce("Permanent", "General", ["  Gone@Example.COM ", "Other <other@example.com>"])),
    );
    expect(await t.ingest.post(signed)).toEqual({ status: 200, json: { status: "stored" } });
    const replays = await Promise.all(Array.from({ length: 20 }, () => t.ingest.post(signed)));
    expect(replays.map((answer) => answer.json.status)).toEqual(Array(20).fill("duplicate"));
    // The same event re-published under a new SNS MessageId: still one.
    const republished = signedNotification(
      identity,
      t.certUrl,
      sesEvent("Bounce", mail, bounce("Permanent", "General", ["gone@example.com"])),
    );
    await t.ingest.post(republished);

    const rows = await entries(fx.workspaceId);
    expect(rows.map((row) => [row.address, row.reason])).toEqual([
      ["gone@example.com", "hard_bounce"],
      ["other@example.com", "hard_bounce"],
    ]);
    const event = await t.db.emailEvent.findFirstOrThrow({ where: { emailId: mail.emailId, type: "bounced" } });
    expect(rows[0]).toMatchObject({ emailId: mail.emailId, eventId: event.id, expiresAt: null });
    expect(rows[0]!.id).toMatch(/^sup_/);
  });

  it("counts SES's account-level suppression list as a hard bounce; a transient bounce and a delay add nothing", async () => {
    const fx = await createWorkspaceFixture(t.ingest.handle);
    const account = await emailIn(fx);
    await t.ingest.post(
      signedNotification(
        identity,
        t.certUrl,
        sesEvent("Bounce", account, bounce("Permanent", "OnAccountSuppressionList", ["listed@example.com"])),
      ),
    );
    const transient = await emailIn(fx);
    expect(
      (
        await t.ingest.post(
          signedNotification(identity, t.certUrl, sesEvent("Bounce", transient, bounce("Transient", "MailboxFull", ["full@example.com"]))),
        )
      ).json,
    ).toEqual({ status: "stored" });
    const delayed = await emailIn(fx);
    await t.ingest.post(
      signedNotification(
        identity,
        t.certUrl,
        sesEvent("DeliveryDelay", delayed, {
          timestamp: "2026-11-22T10:00:03.000Z",
          delayType: "MailboxFull",
          delayedRecipients: [{ emailAddress: "slow@example.com" }],
        }),
      ),
    );
    expect((await entries(fx.workspaceId)).map((row) => [row.address, row.reason])).toEqual([["listed@example.com", "hard_bounce"]]);
  });

  it("a complaint adds its recipients, and upgrades a hard-bounce or manual entry to complaint; another workspace is untouched", async () => {
    const fx = await createWorkspaceFixture(t.ingest.handle);
    const other = await createWorkspaceFixture(t.ingest.handle);
    await t.db.suppression.create({
      data: { id: newId("suppression"), workspaceId: other.workspaceId, address: "angry@example.com", reason: "manual" },
    });
    await t.db.suppression.create({
      data: {
        id: newId("suppression"),
        workspaceId: fx.workspaceId,
        address: "manual@example.com",
        reason: "manual",
        expiresAt: new Date(Date.now() + 60_000),
      },
    });
    const bounced = await emailIn(fx);
    await t.ingest.post(
      signedNotification(identity, t.certUrl, sesEvent("Bounce", bounced, bounce("Permanent", "General", ["angry@example.com"]))),
    );
    const complained = await emailIn(fx);
    await t.ingest.post(
      signedNotification(
        identity,
        t.certUrl,
        sesEvent("Complaint", complained, {
          feedbackId: "fb-complaint",
          timestamp: "2026-11-22T10:00:05.000Z",
          complaintFeedbackType: "abuse",
          complainedRecipients: [{ emailAddress: "ANGRY@example.com" }, { emailAddress: "manual@example.com" }],
        }),
      ),
    );
    const rows = await entries(fx.workspaceId);
    expect(rows.map((row) => [row.address, row.reason, row.emailId, row.expiresAt])).toEqual([
      ["angry@example.com", "complaint", complained.emailId, null],
      ["manual@example.com", "complaint", complained.emailId, null],
    ]);
    expect((await entries(other.workspaceId)).map((row) => [row.address, row.reason])).toEqual([["angry@example.com", "manual"]]);
  });
});
