import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, test } from "@jest/globals";
import { Webhook } from "standardwebhooks";
import {
  computeSignature,
  standardWebhooksKey,
  standardWebhooksSecret,
  type VerifyResult,
  verifyWebhook,
  webhookRequestHeaders,
} from "../src/index.ts";

interface Vector {
  note: string;
  secret: string;
  timestamp: string;
  body: string;
  signature: string;
}

const vectors = (JSON.parse(readFileSync(new URL("./vectors.json", import.meta.url), "utf8")) as { vectors: Vector[] }).vectors;

const SECRET = "whsec_test-secret-for-the-verifier-0123456789abcdef";
const BODY =
  '{"id":"wd_abc","type":"email.event","createdAt":"2026-01-01T00:00:00.000Z","data":{"emailId":"email_x","event":{"eventId":"evt_y","type":"bounced","eventTimestamp":"2026-01-01T00:00:00.000Z"}}}';
const TS = 1_767_225_600;
const AT_TS = TS * 1000;

function signedHeaders(overrides: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    "x-service-timestamp": String(TS),
    "x-service-signature": computeSignature(SECRET, TS, BODY),
    ...overrides,
  };
}

function reason(result: VerifyResult): string {
  return result.ok ? "ok" : result.reason;
}

describe("test vectors (computed independently with openssl)", () => {
  test.each(vectors.map((v) => [v.note, v] as const))("%s", (_note, vector) => {
    expect(computeSignature(vector.secret, vector.timestamp, vector.body)).toBe(vector.signature);
    const result = verifyWebhook({
      rawBody: Buffer.from(vector.body, "utf8"),
      headers: { "X-Service-Signature": vector.signature, "X-Service-Timestamp": vector.timestamp },
      secret: vector.secret,
      now: Number(vector.timestamp) * 1000,
    });
    expect(result).toEqual({ ok: true, timestamp: Number(vector.timestamp), scheme: "service" });
  });

  test("a random body and secret agree with openssl dgst -sha256 -hmac", () => {
    const secret = `whsec_${randomBytes(32).toString("base64url")}`;
    const body = JSON.stringify({ random: randomBytes(64).toString("base64"), text: "ünïcødé\n" });
    const timestamp = Math.floor(Date.now() / 1000);
    const openssl = execFileSync("openssl", ["dgst", "-sha256", "-hmac", secret, "-r"], { input: `${timestamp}.${body}` })
      .toString()
      .split(" ")[0];
    expect(computeSignature(secret, timestamp, body)).toBe(openssl);
  });
});

describe("verifyWebhook", () => {
  test("accepts a correctly signed request, with headers in any case and the body as string, Buffer or Uint8Array", () => {
    const upper = { "X-SERVICE-TIMESTAMP": String(TS), "X-Service-Signature": computeSignature(SECRET, TS, BODY) };
    for (const rawBody of [BODY, Buffer.from(BODY), new Uint8Array(Buffer.from(BODY))]) {
      expect(verifyWebhook({ rawBody, headers: upper, secret: SECRET, now: AT_TS })).toEqual({
        ok: true,
        timestamp: TS,
        scheme: "service",
      });
    }
    expect(verifyWebhook({ rawBody: BODY, headers: signedHeaders(), secret: SECRET, now: new Date(AT_TS) }).ok).toBe(true);
  });

  test("accepts a fetch Headers object", () => {
    const headers = new Headers({ "X-Service-Timestamp": String(TS), "X-Service-Signature": computeSignature(SECRET, TS, BODY) });
    expect(verifyWebhook({ rawBody: BODY, headers, secret: SECRET, now: AT_TS }).ok).toBe(true);
  });

  test("accepts the headers the dispatcher sends", () => {
    const headers = webhookRequestHeaders({ secret: SECRET, rawBody: BODY, eventType: "bounced", deliveryId: "wd_abc", timestamp: TS });
    expect(headers).toEqual({
      "content-type": "application/json",
      "user-agent": "Service-Webhook/1.0",
      "x-service-timestamp": String(TS),
      "x-service-signature": computeSignature(SECRET, TS, BODY),
      "x-service-event-type": "bounced",
      "x-service-delivery-id": "wd_abc",
      "webhook-id": "wd_abc",
      "webhook-timestamp": String(TS),
      "webhook-signature": expect.stringMatching(/^v1,[A-Za-z0-9+/]{43}=$/),
    });
    expect(verifyWebhook({ rawBody: BODY, headers, secret: SECRET, now: AT_TS }).ok).toBe(true);
  });

  test("rejects a missing signature or timestamp header", () => {
    expect(
      reason(verifyWebhook({ rawBody: BODY, headers: signedHeaders({ "x-service-signature": undefined }), secret: SECRET, now: AT_TS })),
    ).toBe("missing_signature");
    expect(
      reason(verifyWebhook({ rawBody: BODY, headers: signedHeaders({ "x-service-timestamp": undefined }), secret: SECRET, now: AT_TS })),
    ).toBe("missing_timestamp");
    expect(reason(verifyWebhook({ rawBody: BODY, headers: {}, secret: SECRET, now: AT_TS }))).toBe("missing_signature");
    expect(
      reason(verifyWebhook({ rawBody: BODY, headers: signedHeaders({ "x-service-signature": "" }), secret: SECRET, now: AT_TS })),
    ).toBe("missing_signature");
  });

  test("rejects a stale timestamp: 300 seconds old passes, 301 does not", () => {
    expect(verifyWebhook({ rawBody: BODY, headers: signedHeaders(), secret: SECRET, now: AT_TS + 300_000 }).ok).toBe(true);
    const stale = verifyWebhook({ rawBody: BODY, headers: signedHeaders(), secret: SECRET, now: AT_TS + 301_000 });
    expect(stale).toEqual({ ok: false, reason: "timestamp_too_old", message: expect.stringContaining("301 seconds old") });
  });

  test("rejects a future timestamp: 30 seconds ahead passes, 31 does not", () => {
    expect(verifyWebhook({ rawBody: BODY, headers: signedHeaders(), secret: SECRET, now: AT_TS - 30_000 }).ok).toBe(true);
    expect(reason(verifyWebhook({ rawBody: BODY, headers: signedHeaders(), secret: SECRET, now: AT_TS - 31_000 }))).toBe(
      "timestamp_in_future",
    );
  });

  test("rejects a tampered body, including a re-serialised one", () => {
    const tampered = BODY.replace("bounced", "delivered");
    expect(reason(verifyWebhook({ rawBody: tampered, headers: signedHeaders(), secret: SECRET, now: AT_TS }))).toBe("signature_mismatch");
    const reserialised = JSON.stringify(JSON.parse(BODY), null, 1);
    expect(reason(verifyWebhook({ rawBody: reserialised, headers: signedHeaders(), secret: SECRET, now: AT_TS }))).toBe(
      "signature_mismatch",
    );
  });

  test("rejects a wrong secret", () => {
    expect(reason(verifyWebhook({ rawBody: BODY, headers: signedHeaders(), secret: `${SECRET}x`, now: AT_TS }))).toBe("signature_mismatch");
  });

  test("rejects a signature replayed with another timestamp", () => {
    const headers = signedHeaders({ "x-service-timestamp": String(TS + 10) });
    expect(reason(verifyWebhook({ rawBody: BODY, headers, secret: SECRET, now: AT_TS }))).toBe("signature_mismatch");
  });

  test("rejects malformed headers", () => {
    for (const timestamp of ["abc", "1.5", "-5", "1e9", " 1767225600"]) {
      expect(
        reason(verifyWebhook({ rawBody: BODY, headers: signedHeaders({ "x-service-timestamp": timestamp }), secret: SECRET, now: AT_TS })),
      ).toBe("malformed_timestamp");
    }
    const good = computeSignature(SECRET, TS, BODY);
    for (const signature of [good.slice(0, 63), `${good}00`, `sha256=${good}`, "z".repeat(64)]) {
      expect(
        reason(verifyWebhook({ rawBody: BODY, headers: signedHeaders({ "x-service-signature": signature }), secret: SECRET, now: AT_TS })),
      ).toBe("malformed_signature");
    }
    // Sent twice: Node hands over an array (or a joined string), which is never accepted.
    const twice = { "x-service-timestamp": String(TS), "x-service-signature": [good, good] };
    expect(reason(verifyWebhook({ rawBody: BODY, headers: twice, secret: SECRET, now: AT_TS }))).toBe("malformed_signature");
  });

  test("throws on programming errors: a parsed body or an empty secret", () => {
    const parsed = JSON.parse(BODY) as unknown as string;
    expect(() => verifyWebhook({ rawBody: parsed, headers: signedHeaders(), secret: SECRET, now: AT_TS })).toThrow(/raw request body/);
    expect(() => verifyWebhook({ rawBody: BODY, headers: signedHeaders(), secret: "", now: AT_TS })).toThrow(TypeError);
  });
});

describe("Standard Webhooks headers", () => {
  // A secret as generateSigningSecret makes them: whsec_ + 32 bytes in standard base64, unpadded.
  const secret = `whsec_${randomBytes(32).toString("base64").replace(/=+$/, "")}`;
  const now = Math.floor(Date.now() / 1000);
  const headers = () => webhookRequestHeaders({ secret, rawBody: BODY, eventType: "bounced", deliveryId: "wd_abc", timestamp: now });
  const standardOnly = (all: Record<string, string>) => ({
    "webhook-id": all["webhook-id"]!,
    "webhook-timestamp": all["webhook-timestamp"]!,
    "webhook-signature": all["webhook-signature"]!,
  });

  test("the standardwebhooks library verifies them with the subscription's secret as shown", () => {
    expect(new Webhook(secret).verify(BODY, headers())).toEqual(JSON.parse(BODY));
    expect(new Webhook(secret).verify(BODY, standardOnly(headers()))).toEqual(JSON.parse(BODY));
  });

  test("the library's own signature equals ours", () => {
    const all = headers();
    expect(all["webhook-signature"]).toBe(new Webhook(secret).sign("wd_abc", new Date(now * 1000), BODY));
  });

  test("tampering with body, id or timestamp fails the library and our verifier", () => {
    const all = standardOnly(headers());
    const tampered: Array<[string, Record<string, string>]> = [
      [BODY.replace("bounced", "delivered"), all],
      [BODY, { ...all, "webhook-id": "wd_abd" }],
      [BODY, { ...all, "webhook-timestamp": String(now - 1) }],
    ];
    for (const [body, hdrs] of tampered) {
      expect(() => new Webhook(secret).verify(body, hdrs)).toThrow();
      expect(reason(verifyWebhook({ rawBody: body, headers: hdrs, secret }))).toBe("signature_mismatch");
    }
  });

  test("our verifier accepts the Standard Webhooks headers alone, and says which scheme it checked", () => {
    expect(verifyWebhook({ rawBody: BODY, headers: standardOnly(headers()), secret })).toEqual({
      ok: true,
      timestamp: now,
      scheme: "standard",
    });
    expect(verifyWebhook({ rawBody: BODY, headers: headers(), secret })).toEqual({ ok: true, timestamp: now, scheme: "service" });
  });

  test("our verifier rejects a missing id, a stale timestamp, a malformed or other-version signature", () => {
    const all = standardOnly(headers());
    expect(reason(verifyWebhook({ rawBody: BODY, headers: { ...all, "webhook-id": "" }, secret }))).toBe("missing_id");
    expect(reason(verifyWebhook({ rawBody: BODY, headers: all, secret, now: (now + 301) * 1000 }))).toBe("timestamp_too_old");
    expect(reason(verifyWebhook({ rawBody: BODY, headers: { ...all, "webhook-signature": "v1,abc" }, secret }))).toBe(
      "malformed_signature",
    );
    expect(
      reason(
        verifyWebhook({ rawBody: BODY, headers: { ...all, "webhook-signature": all["webhook-signature"]!.replace("v1,", "v2,") }, secret }),
      ),
    ).toBe("malformed_signature");
    // Several signatures, space-separated (a receiver may see one per key during a rotation): any one matching passes.
    const two = { ...all, "webhook-signature": `v1,${Buffer.alloc(32).toString("base64")} ${all["webhook-signature"]}` };
    expect(verifyWebhook({ rawBody: BODY, headers: two, secret }).ok).toBe(true);
  });

  test("a secret made in base64url has the same key, and standardWebhooksSecret gives the form the library takes", () => {
    const bytes = Buffer.from("fb".repeat(32), "hex"); // encodes with - and _ in base64url
    const legacy = `whsec_${bytes.toString("base64url")}`;
    expect(standardWebhooksKey(legacy)).toEqual(bytes);
    const all = webhookRequestHeaders({ secret: legacy, rawBody: BODY, eventType: "bounced", deliveryId: "wd_abc", timestamp: now });
    expect(new Webhook(standardWebhooksSecret(legacy)).verify(BODY, all)).toEqual(JSON.parse(BODY));
    expect(verifyWebhook({ rawBody: BODY, headers: standardOnly(all), secret: legacy }).ok).toBe(true);
  });

  test("a secret that is not whsec_<base64> is the key as raw bytes (the libraries' raw format)", () => {
    const odd = "not a whsec secret!";
    const all = webhookRequestHeaders({ secret: odd, rawBody: BODY, eventType: "bounced", deliveryId: "wd_abc", timestamp: now });
    expect(new Webhook(odd, { format: "raw" }).verify(BODY, all)).toEqual(JSON.parse(BODY));
  });
});
