import { GetAccountCommand, SESv2Client } from "@aws-sdk/client-sesv2";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type AwsLocal, startAwsLocal } from "../src/index.ts";

/**
 * A region made to fail from the control API, as the sender's failover tests need it: errors
 * (503 at once), a black hole (the request taken, never answered) and back to normal; the control
 * API keeps answering throughout, and a malformed request changes nothing.
 */
let aws: AwsLocal;
let ses: SESv2Client;

beforeAll(async () => {
  aws = await startAwsLocal({ region: "eu-south-1" });
  ses = new SESv2Client({
    region: "eu-south-1",
    endpoint: aws.url,
    credentials: { accessKeyId: "AKIDTEST", secretAccessKey: "test-secret" },
    maxAttempts: 1,
    requestHandler: { requestTimeout: 500, throwOnRequestTimeout: true },
  });
});

afterAll(async () => {
  ses.destroy();
  await aws.close();
});

const fault = (body: unknown) => fetch(`${aws.url}/_aws-local/fault`, { method: "POST", body: JSON.stringify(body) });

describe("a failing region", () => {
  it("refuses a malformed fault request with 400, changing nothing", async () => {
    for (const body of [{ mode: "sometimes" }, {}, { mode: "timeouts", delayMs: -1 }, { mode: "errors", eventDelayMs: "x" }]) {
      expect((await fault(body)).status).toBe(400);
      expect(aws.state.fault.mode).toBe("none");
    }
  });

  it("answers 503 in errors mode, never answers in a black hole, and serves again once healed", async () => {
    expect((await fault({ mode: "errors" })).status).toBe(200);
    const refused = await ses
      .send(new GetAccountCommand({}))
      .catch((error: unknown) => error as { $metadata?: { httpStatusCode?: number } });
    expect(refused).toMatchObject({ $metadata: { httpStatusCode: 503 } });

    expect((await fault({ mode: "blackhole" })).status).toBe(200);
    const started = Date.now();
    const unanswered = await ses.send(new GetAccountCommand({})).catch((error: unknown) => error as Error);
    expect(unanswered).toMatchObject({ name: "TimeoutError" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    // The control API still answers while the region is a black hole.
    expect(await (await fault({ mode: "none" })).json()).toMatchObject({ mode: "none", region: "eu-south-1" });

    const account = await ses.send(new GetAccountCommand({}));
    expect(account.SendingEnabled).toBe(true);
  });
});
