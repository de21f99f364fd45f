import { request as httpRequest } from "node:http";
import { describe, expect, it } from "@jest/globals";
import { newIdentity, notificationTestbed, sesEvent, signedNotification } from "./support.ts";

const identity = newIdentity();
const t = notificationTestbed("/SimpleNotificationService-hostile.pem", identity);

describe("hostile input at the ingester", () => {
  it("keeps a signed event whose mail.messageId holds U+0000 as unreadable (200, SNS stops retrying) instead of a 500", async () => {
    for (const eventType of ["Delivery", "Bounce"]) {
      const signed = signedNotification(
        identity,
        t.certUrl,
        sesEvent(eventType, { messageId: "0100-bad\u0000id" }, { timestamp: "2026-11-22T10:00:02.000Z" }),
      );
      expect(await t.ingest.post(signed)).toEqual({ status: 200, json: { status: "unreadable" } });
      const kept = await t.db.unmatchedNotification.findMany({ where: { snsMessageId: signed.MessageId } });
      expect(kept).toHaveLength(1);
      expect(kept[0]!.providerMessageId).toBeNull();
    }
    expect(t.ingest.logs.filter((line) => line.msg === "unhandled error")).toEqual([]);
  });

  it("answers 400 for a malformed percent-escape in the path", async () => {
    const { hostname, port } = new URL(t.ingest.url);
    for (const path of ["/sns/%ff%fe", "/%", "/sns/%E0%A4%A"]) {
      const answer = await new Promise<{ status: number; body: unknown }>((resolve, reject) => {
        httpRequest({ hostname, port, path, method: "POST" }, (res) => {
          let text = "";
          res.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
          res.on("end", () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
        })
          .on("error", reject)
          .end();
      });
      expect(answer).toEqual({ status: 400, body: { error: "The request path has a malformed percent-escape.", code: "bad_request" } });
    }
  });
});

describe("unmatched notifications are bounded", () => {
  it("keeps at most 64 KB of a large notification that matches no email", async () => {
    const padding = "é".repeat(100_000); // 200 KB of UTF-8, under SNS's 256 KB
    const signed = signedNotification(
      identity,
      t.certUrl,
      sesEvent(
        "Delivery",
        { messageId: `0100-unmatched-${Date.now()}`, emailId: "email_doesnotexist000000000000" },
        { timestamp: "2026-11-22T10:00:07.000Z", padding },
      ),
    );
    expect(await t.ingest.post(signed)).toEqual({ status: 200, json: { status: "unmatched" } });
    const kept = await t.db.unmatchedNotification.findFirstOrThrow({ where: { snsMessageId: signed.MessageId } });
    const bytes = Buffer.byteLength(kept.body, "utf8");
    expect(bytes).toBeLessThanOrEqual(64 * 1024);
    expect(bytes).toBeGreaterThan(64 * 1024 - 4);
    expect(kept.body).not.toContain("\uFFFD");
    expect(JSON.stringify(JSON.parse(JSON.stringify(signed))).startsWith(kept.body)).toBe(true);
  });
});
