import { describe, expect, it } from "@jest/globals";
import { bareAddress } from "../src/addresses/parse.ts";
import { splitRecipients } from "../src/sending/recipients.ts";
import { decideRetry } from "../src/sending/retry.ts";

describe("decideRetry", () => {
  const policy = { windowMs: 24 * 3_600_000, baseDelayMs: 5_000, maxDelayMs: 15 * 60_000 };
  const queuedAt = new Date("2026-01-01T00:00:00Z");
  const start = queuedAt.getTime();
  const noJitter = () => 0;

  it("doubles the delay with each attempt, up to the cap", () => {
    const delays = [1, 2, 3, 4, 10, 40].map((attempts) => {
      const decision = decideRetry(policy, attempts, queuedAt, start, noJitter);
      return "retryAt" in decision ? decision.retryAt - start : null;
    });
    expect(delays).toEqual([5_000, 10_000, 20_000, 40_000, 900_000, 900_000]);
  });

  it("jitters by at most 20% downwards", () => {
    const decision = decideRetry(policy, 1, queuedAt, start, () => 0.999999);
    expect("retryAt" in decision && decision.retryAt - start).toBe(4_000);
  });

  it("places the last retry at the end of the window and gives up after it", () => {
    const nearEnd = start + policy.windowMs - 1_000;
    expect(decideRetry(policy, 30, queuedAt, nearEnd, noJitter)).toEqual({ retryAt: start + policy.windowMs });
    expect(decideRetry(policy, 31, queuedAt, start + policy.windowMs, noJitter)).toEqual({ giveUp: true });
  });
});

describe("test recipients", () => {
  it("compares bare addresses case-insensitively and keeps the original form", () => {
    expect(bareAddress("Zoë Example <Zoe@Example.COM>")).toBe("zoe@example.com");
    expect(bareAddress(" Plain@Example.com ")).toBe("plain@example.com");
    expect(splitRecipients(["A <A@x.test>", "b@x.test", "C@X.TEST"], new Set(["a@x.test", "c@x.test"]))).toEqual({
      allowed: ["A <A@x.test>", "C@X.TEST"],
      dropped: ["b@x.test"],
    });
  });
});
