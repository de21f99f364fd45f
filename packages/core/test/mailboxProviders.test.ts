import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createDnsResolver, MAILBOX_PROVIDER_DEFAULTS, MailboxProviders } from "@svc/core";
import { startDnsServer, type TestDnsServer } from "../../../test/support/dns-server.ts";

let dns: TestDnsServer;

beforeAll(async () => {
  dns = await startDnsServer();
  dns.setMx("quick.test", [{ priority: 1, exchange: "aspmx.l.google.com" }]);
  dns.setMx("stalled.test", [{ priority: 1, exchange: "mx.stalled.test" }]);
  dns.misbehave("stalled.test", "timeout");
});

afterAll(() => dns.close());

describe("mailbox providers", () => {
  it("answers within its wait: a lookup still running counts as other, and its answer is kept for the next call", async () => {
    // A resolver that would wait 20 s on the stalled name: the call must not.
    const resolver = createDnsResolver({ servers: [dns.address], timeoutMs: 20_000, tries: 1 });
    const providers = new MailboxProviders(resolver, { ...MAILBOX_PROVIDER_DEFAULTS, maxWaitMs: 300 });
    const answers = await providers.providersOf(["quick.test", "stalled.test", "gmail.com"]);
    expect(Object.fromEntries(answers)).toEqual({ "quick.test": "gmail", "stalled.test": "other", "gmail.com": "gmail" });
    // quick.test is cached now: a second call asks DNS nothing for it.
    const asked = dns.queries.filter((name) => name === "quick.test").length;
    expect((await providers.providersOf(["quick.test"])).get("quick.test")).toBe("gmail");
    expect(dns.queries.filter((name) => name === "quick.test")).toHaveLength(asked);
  }, 5_000);
});
