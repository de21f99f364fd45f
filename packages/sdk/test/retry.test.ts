import { describe, expect, it } from "@jest/globals";
import { backoffDelayMs, DEFAULT_RETRY_POLICY, isRetryableStatus, parseRetryAfter } from "../src/retry.ts";

describe("retry rules", () => {
  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(parseRetryAfter("7", now)).toBe(7);
    expect(parseRetryAfter("Thu, 01 Jan 2026 00:00:30 GMT", now)).toBe(30);
    expect(parseRetryAfter("Wed, 31 Dec 2025 00:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it("retries 5xx and rate limits, not the daily limit (it resets tomorrow) nor other 4xx", () => {
    expect(isRetryableStatus(503, "unavailable", null)).toBe(true);
    expect(isRetryableStatus(502, undefined, null)).toBe(true);
    expect(isRetryableStatus(429, "rate_limited", null)).toBe(true);
    expect(isRetryableStatus(429, "daily_limit_reached", null)).toBe(false);
    expect(isRetryableStatus(422, "validation_failed", null)).toBe(false);
    expect(isRetryableStatus(409, "conflict", 3)).toBe(false);
  });

  it("backs off exponentially with full jitter, capped", () => {
    expect(backoffDelayMs(DEFAULT_RETRY_POLICY, 0, () => 1)).toBe(500);
    expect(backoffDelayMs(DEFAULT_RETRY_POLICY, 3, () => 1)).toBe(4000);
    expect(backoffDelayMs(DEFAULT_RETRY_POLICY, 20, () => 1)).toBe(30_000);
    expect(backoffDelayMs(DEFAULT_RETRY_POLICY, 3, () => 0)).toBe(0);
  });
});
