import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { APP_CLOSE_BOUND_MS, trickleRequest } from "../../../test/support/trickle.ts";
import { CertificateHost, newIdentity, newMessageId, sesEvent, signedNotification, startIngest } from "./support.ts";

const identity = newIdentity();
const certs = new CertificateHost();
let certUrl: string;

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  await certs.start();
  certUrl = certs.serve("/SimpleNotificationService-outage.pem", identity);
});
afterAll(() => certs.stop());

describe("Postgres down at the ingester", () => {
  it("answers 503 in the error shape and logs a warning, not 500 and an unhandled error", async () => {
    const ingest = await startIngest({
      SNS_CERT_URL_PATTERN: certs.pattern,
      DATABASE_URL: `postgresql://postgres@127.0.0.1:${await closedPort()}/svc`,
    });
    try {
      const signed = signedNotification(
        identity,
        certUrl,
        sesEvent("Delivery", { messageId: newMessageId() }, { timestamp: "2026-11-22T10:00:02.000Z" }),
      );
      expect(await ingest.post(signed)).toEqual({
        status: 503,
        json: { error: expect.stringMatching(/database unreachable/), code: "unavailable" },
      });
      expect(ingest.logs.filter((line) => line.msg === "unhandled error")).toEqual([]);
      // pino's warn level.
      expect(ingest.logs.some((line) => line.level === 40 && /database unavailable/.test(line.msg))).toBe(true);
    } finally {
      await ingest.close();
    }
  });
});

describe("request deadlines at the ingester", () => {
  it("closes a connection that trickles its body past HTTP_REQUEST_TIMEOUT_MS (the headers deadline no longer defeats it)", async () => {
    const ingest = await startIngest({
      SNS_CERT_URL_PATTERN: certs.pattern,
      HTTP_HEADERS_TIMEOUT_MS: "500",
      HTTP_REQUEST_TIMEOUT_MS: "800",
    });
    try {
      const result = await trickleRequest(ingest.url, { path: "/sns/ses", giveUpMs: APP_CLOSE_BOUND_MS });
      expect(result.answer).toMatch(/HTTP\/1\.1 408 /);
    } finally {
      await ingest.close();
    }
  });
});
