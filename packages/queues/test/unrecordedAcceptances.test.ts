import { afterAll, describe, expect, it } from "@jest/globals";
import { createWorkerConnection, UnrecordedAcceptances } from "@svc/queues";
import { TEST_REDIS_URL, uniquePrefix } from "../../../test/support/env.ts";

const redis = createWorkerConnection(TEST_REDIS_URL);
afterAll(() => redis.disconnect());

describe("UnrecordedAcceptances (Redis)", () => {
  const acceptance = { emailId: "email_1", provider: "ses", providerMessageId: "0100019a-msg" };

  it("keeps an acceptance under the email's id until it is dropped, expiring after its time to live", async () => {
    const prefix = uniquePrefix("acceptances");
    const kept = new UnrecordedAcceptances(redis, prefix, 60_000);
    expect(await kept.find("email_1")).toBeNull();
    await kept.keep(acceptance);
    expect(await kept.find("email_1")).toEqual(acceptance);
    expect(await kept.find("email_2")).toBeNull();
    const ttl = await redis.pttl(`${prefix}:unrecorded-acceptance:email_1`);
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    await kept.drop("email_1");
    expect(await kept.find("email_1")).toBeNull();
  });

  it("is shared by every sender of the install (one prefix), and apart from another install's", async () => {
    const prefix = uniquePrefix("acceptances");
    await new UnrecordedAcceptances(redis, prefix, 60_000).keep(acceptance);
    expect(await new UnrecordedAcceptances(redis, prefix, 60_000).find("email_1")).toEqual(acceptance);
    expect(await new UnrecordedAcceptances(redis, uniquePrefix("acceptances"), 60_000).find("email_1")).toBeNull();
  });

  it("reads a value that is not one of its own as nothing kept", async () => {
    const prefix = uniquePrefix("acceptances");
    const kept = new UnrecordedAcceptances(redis, prefix, 60_000);
    await redis.set(`${prefix}:unrecorded-acceptance:email_1`, "not json");
    expect(await kept.find("email_1")).toBeNull();
    await redis.set(`${prefix}:unrecorded-acceptance:email_1`, JSON.stringify({ provider: "ses" }));
    expect(await kept.find("email_1")).toBeNull();
  });
});
