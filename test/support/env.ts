/**
 * Test configuration. Each test file gets its own queue prefix, so BullMQ keys never collide;
 * the database and Redis come from the environment so that parallel checkouts can use their own.
 */
export const TEST_DATABASE_URL = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/svc_test";
export const TEST_REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379/1";

export function uniquePrefix(label = "t"): string {
  return `test-${label}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
}

/** An env object for a process or an app factory under test, with per-file isolation. */
export function testEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: "test",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    DATABASE_URL: TEST_DATABASE_URL,
    REDIS_URL: TEST_REDIS_URL,
    QUEUE_PREFIX: uniquePrefix(),
    // The dashboard's scheduled domain re-check would walk every domain of the shared test
    // database with real DNS lookups; tests run the re-check themselves.
    DOMAIN_RECHECK_INTERVAL_HOURS: "0",
    // The API's request limiter runs on every request, but at a rate no test reaches, except
    // the tests of the limiter itself, which set their own.
    API_RATE_LIMIT_PER_SECOND: "100000",
    API_RATE_LIMIT_BURST: "1000000",
    // Likewise the dashboard's sign-up throttles: the tests sign up many accounts from one address.
    DASHBOARD_SIGNUPS_PER_ORIGIN_PER_HOUR: "1000000",
    DASHBOARD_SIGNUPS_PER_HOUR: "10000000",
    ...overrides,
  };
}
