import { describe, expect, it } from "@jest/globals";
import type { SuppressionReason } from "@svc/db";
import { createLogger } from "@svc/logger";
import type { SendGateDecision } from "@svc/queues";
import type { FailureReason } from "../src/emails/failure.ts";
import { FileStoreUnavailable } from "../src/files/store.ts";
import { ATTACHMENT_BUDGET_FULL } from "../src/sending/attachmentBudget.ts";
import { handoffCheckLookupOf } from "../src/sending/claims.ts";
import { handOff } from "../src/sending/handoff.ts";
import type { HandoffPorts } from "../src/sending/ports.ts";
import { type OutboundEmail, ProviderError } from "../src/sending/provider.ts";
import type { ClaimedEmail } from "../src/stores/emails.ts";
import { compileTemplate } from "../src/templates/engine.ts";
import { UnsubscribeLinks } from "../src/unsubscribe/links.ts";
import { UnsubscribeTokens } from "../src/unsubscribe/token.ts";

/**
 * The rules of when an email is not sent, against in-memory ports: no Postgres, no Redis, no
 * BullMQ. The integration tests (apps/sender/test, test/e2e) run the same use case on the real
 * statements.
 */

const log = createLogger("handoff-test", "silent");
const NOW = Date.parse("2026-03-01T12:00:00Z");
const RETRY = { windowMs: 3_600_000, baseDelayMs: 10_000, maxDelayMs: 60_000 };

function claimedEmail(overrides: Partial<ClaimedEmail> = {}): ClaimedEmail {
  return {
    id: "email_1",
    organizationId: "org_1",
    environment: "live",
    from: "Acme <hello@Acme.test>",
    fromDomain: "acme.test",
    to: ["Ann <ann@example.com>"],
    cc: [],
    bcc: [],
    replyTo: [],
    subject: "Hello",
    templateId: null,
    templateVersion: null,
    templateVariables: null,
    unknownHandoffRegion: null,
    unknownHandoffAt: null,
    unsubscribeTopic: null,
    html: "<p>Hello</p>",
    text: "Hello",
    headers: [],
    tags: [],
    attachments: [],
    attempts: 1,
    createdAt: new Date(NOW - 60_000),
    queuedAt: new Date(NOW - 60_000),
    ...overrides,
  };
}

interface World {
  email: ClaimedEmail | null;
  verifiedDomains: Set<string>;
  suppressions: Map<string, SuppressionReason>;
  testRecipients: Set<string>;
  /** The email's files; `unavailable`: the file store does not answer. */
  files: Buffer[] | null | "unavailable";
  /** What the provider does with a send. */
  provider: (email: OutboundEmail) => Promise<{ providerMessageId: string }>;
  /** What the send gate answers. */
  gate: SendGateDecision;
  /** The HTML of the template a templated email pinned. */
  templateHtml?: string;
  /** How many records of an accepted handoff fail (Postgres away) before one lands. */
  recordFailures: number;
  claimLeaseMs: number;
  /** Whether the claim is still the handoff's when renewed (false: another worker claimed the email meanwhile). */
  claimHeld: boolean;
  /** The attachment budget had no room within its wait. */
  budgetFull: boolean;
  /** Acceptances kept outside Postgres (Redis), by email id; `unavailable`: Redis does not answer. */
  unrecorded: Map<string, { emailId: string; provider: string; providerMessageId: string }> | "unavailable";
}

/** In-memory ports over `world`, and the record of every write and send they saw. */
function portsFor(partial: Partial<World> = {}) {
  const world: World = {
    email: claimedEmail(),
    verifiedDomains: new Set(["acme.test"]),
    suppressions: new Map(),
    testRecipients: new Set(),
    files: [],
    provider: async () => ({ providerMessageId: "msg-1" }),
    gate: { kind: "go", waitMs: 0 },
    recordFailures: 0,
    claimLeaseMs: 300_000,
    claimHeld: true,
    budgetFull: false,
    unrecorded: new Map(),
    ...partial,
  };
  const seen = {
    sent: [] as OutboundEmail[],
    markedSent: [] as Array<{ emailId: string; provider: string; providerMessageId: string }>,
    recordTries: 0,
    /** Calls to the kept acceptances (Redis), whatever they answered. */
    unrecordedCalls: [] as string[],
    failed: [] as Array<{ emailId: string; reason: FailureReason; provider: string | null }>,
    released: [] as string[],
    releasedUnknown: [] as Array<{ emailId: string; region: string }>,
    suppressedNoted: [] as unknown[],
    rejectedSuppressed: [] as unknown[],
    rejected: [] as Array<{ code: string; provider: string }>,
    enqueued: [] as string[],
    filesDeleted: [] as string[],
    budgetHeld: [] as number[],
    gatePasses: [] as Array<{ workspaceId: string; recipients: number }>,
    held: [] as string[],
    slept: [] as number[],
    renderingFailed: [] as Array<{ emailId: string; template: string; version: number; error: string }>,
    rendered: [] as string[],
    renewals: [] as Array<{ emailId: string; attempt: number }>,
  };
  const unrecorded = () => {
    if (world.unrecorded === "unavailable") throw new Error("connect ECONNREFUSED 127.0.0.1:6379");
    return world.unrecorded;
  };
  const ports: HandoffPorts = {
    provider: {
      name: "memory",
      send: async (email) => {
        seen.sent.push(email);
        return world.provider(email);
      },
    },
    writes: {
      claim: async (emailId) => {
        if (world.email?.id !== emailId) return null;
        const { domain, addresses } = handoffCheckLookupOf(world.email);
        const check = {
          domainVerified: world.verifiedDomains.has(domain),
          suppressed: new Map(addresses.flatMap((a) => (world.suppressions.has(a) ? [[a, world.suppressions.get(a)!] as const] : []))),
        };
        return { email: world.email, fromDomain: domain, check };
      },
      markSent: async (accepted) => {
        seen.recordTries++;
        if (seen.recordTries <= world.recordFailures) throw new Error("Connection terminated unexpectedly");
        seen.markedSent.push(accepted);
      },
      renewClaim: async (claim) => {
        seen.renewals.push(claim);
        return world.claimHeld;
      },
      claimLeaseMs: world.claimLeaseMs,
    },
    unrecordedAcceptances: {
      keep: async (accepted) => {
        seen.unrecordedCalls.push(`keep ${accepted.emailId}`);
        unrecorded().set(accepted.emailId, accepted);
      },
      find: async (emailId) => {
        seen.unrecordedCalls.push(`find ${emailId}`);
        return unrecorded().get(emailId) ?? null;
      },
      drop: async (emailId) => {
        seen.unrecordedCalls.push(`drop ${emailId}`);
        unrecorded().delete(emailId);
      },
    },
    records: {
      fail: async (emailId, failure, provider) => {
        seen.failed.push({ emailId, reason: failure.reason, provider });
        return ["wd_failed"];
      },
      failRendering: async (emailId, failure) => {
        seen.renderingFailed.push({ emailId, ...failure });
        return ["wd_rendering"];
      },
      release: async (emailId) => void seen.released.push(emailId),
      releaseUnknown: async (emailId, region) => void seen.releasedUnknown.push({ emailId, region }),
      setSuppressedRecipients: async (_emailId, suppressed) => void seen.suppressedNoted.push(suppressed),
      rejectSuppressed: async (_emailId, suppressed) => {
        seen.rejectedSuppressed.push(suppressed);
        return ["wd_suppressed"];
      },
      reject: async (_emailId, refusal, provider) => {
        seen.rejected.push({ code: refusal.code, provider });
        return ["wd_rejected"];
      },
      preVerifiedRecipients: async (_workspaceId, addresses) => addresses.filter((a) => world.testRecipients.has(a)),
      attachmentContents: async () => {
        if (world.files === "unavailable") throw new FileStoreUnavailable("read the attachments", new Error("ECONNREFUSED"));
        return world.files;
      },
      deleteAttachmentContents: async (email) => void seen.filesDeleted.push(email.emailId),
    },
    deliveries: { enqueueMany: async (jobs) => void seen.enqueued.push(...jobs.map((job) => job.jobId)) },
    attachmentBudget: {
      maxWaitMs: 45_000,
      hold: async (bytes, work) => {
        seen.budgetHeld.push(bytes);
        return world.budgetFull && bytes > 0 ? ATTACHMENT_BUDGET_FULL : work();
      },
    },
    gate: {
      holdMs: 30_000,
      pass: async (workspaceId, recipients) => {
        seen.gatePasses.push({ workspaceId, recipients });
        return world.gate;
      },
      hold: async (workspaceId) => void seen.held.push(workspaceId),
      accountRefreshMs: 60_000,
      quotaSpent: async () => void seen.held.push("account:quota"),
      pauseAccount: async () => void seen.held.push("account:paused"),
    },
    // Time moves only when the handoff waits.
    clock: {
      now: () => NOW + seen.slept.reduce((sum, ms) => sum + ms, 0),
      sleep: async (ms) => void seen.slept.push(ms),
    },
    retry: RETRY,
    unsubscribe: new UnsubscribeLinks(new UnsubscribeTokens("k".repeat(32)), "https://mail.example.test"),
    templates: {
      render: async ({ templateId, version, variables, subject }) =>
        Promise.resolve(compileTemplate({ subject, html: world.templateHtml ?? "", text: null, layoutHtml: null }).render(variables)).then(
          (rendered) => {
            seen.rendered.push(`${templateId}:${version}`);
            return rendered;
          },
        ),
    },
  };
  return { ports, seen, world };
}

const withFile = { attachments: [{ filename: "a.pdf", contentType: "application/pdf", contentId: null, size: 3 }] };

describe("handOff: an email is sent", () => {
  it("with its fields, to the provider, and the acceptance recorded", async () => {
    const { ports, seen } = portsFor();
    expect(await handOff(ports, "email_1", log)).toEqual({ kind: "sent", providerMessageId: "msg-1" });
    expect(seen.sent).toEqual([
      expect.objectContaining({
        emailId: "email_1",
        workspaceId: "org_1",
        from: "Acme <hello@Acme.test>",
        to: ["Ann <ann@example.com>"],
        attachments: [],
      }),
    ]);
    expect(seen.markedSent).toEqual([{ emailId: "email_1", provider: "memory", providerMessageId: "msg-1" }]);
    expect(seen.failed).toEqual([]);
    expect(seen.filesDeleted).toEqual([]);
  });

  it("with its files' bytes, held against the attachment budget, deleted once the provider has them", async () => {
    const { ports, seen } = portsFor({ email: claimedEmail(withFile), files: [Buffer.from("pdf")] });
    expect((await handOff(ports, "email_1", log)).kind).toBe("sent");
    expect(seen.budgetHeld).toEqual([3]);
    expect(seen.sent[0]!.attachments).toEqual([
      { filename: "a.pdf", contentType: "application/pdf", contentId: null, content: Buffer.from("pdf") },
    ]);
    expect(seen.filesDeleted).toEqual(["email_1"]);
  });
});

describe("handOff: recording an accepted handoff while Postgres is away", () => {
  it("is tried again with backoff until it lands, for longer than a restart takes: sent once", async () => {
    const { ports, seen } = portsFor({ recordFailures: 5, claimLeaseMs: 60_000 });
    expect(await handOff(ports, "email_1", log)).toEqual({ kind: "sent", providerMessageId: "msg-1" });
    expect(seen.sent).toHaveLength(1);
    expect(seen.recordTries).toBe(6);
    expect(seen.slept).toEqual([250, 500, 1_000, 2_000, 2_000]);
    expect(seen.markedSent).toEqual([{ emailId: "email_1", provider: "memory", providerMessageId: "msg-1" }]);
  });

  it("gives up, throwing, before the claim's lease runs out: no try is made once another worker may claim it", async () => {
    const { ports, seen } = portsFor({ recordFailures: Number.POSITIVE_INFINITY, claimLeaseMs: 10_000 });
    await expect(handOff(ports, "email_1", log)).rejects.toThrow("Connection terminated unexpectedly");
    expect(seen.sent).toHaveLength(1);
    expect(seen.markedSent).toEqual([]);
    expect(seen.slept).toEqual([250, 500, 1_000, 2_000, 2_000, 2_000]);
    // The last try came 7.75 s into a 10 s lease; one more wait would have ended past 9 s.
    expect(seen.recordTries).toBe(7);
  });

  it("keeps the acceptance outside Postgres from the first failed try, and drops it once the record lands", async () => {
    const unrecorded = new Map();
    const { ports, seen } = portsFor({ recordFailures: 2, unrecorded });
    expect((await handOff(ports, "email_1", log)).kind).toBe("sent");
    expect(seen.unrecordedCalls).toEqual(["keep email_1", "drop email_1"]);
    expect(seen.recordTries).toBe(3);
    expect(unrecorded.size).toBe(0);
  });

  it("keeps nothing when the first try lands: the common handoff asks Redis nothing", async () => {
    const { ports, seen } = portsFor();
    expect((await handOff(ports, "email_1", log)).kind).toBe("sent");
    expect(seen.unrecordedCalls).toEqual([]);
  });

  it("counts the lease from before the claim, or from its renewal after a long wait for the send rate", async () => {
    const fresh = portsFor({ recordFailures: Number.POSITIVE_INFINITY, claimLeaseMs: 10_000, gate: { kind: "go", waitMs: 900 } });
    await expect(handOff(fresh.ports, "email_1", log)).rejects.toThrow();
    // 0.9 s is inside the lease's margin: no renewal, the lease runs from before the claim.
    expect(fresh.seen.renewals).toEqual([]);
    expect(fresh.seen.slept).toEqual([900, 250, 500, 1_000, 2_000, 2_000, 2_000]);

    const waited = portsFor({ recordFailures: Number.POSITIVE_INFINITY, claimLeaseMs: 10_000, gate: { kind: "go", waitMs: 3_000 } });
    await expect(handOff(waited.ports, "email_1", log)).rejects.toThrow();
    expect(waited.seen.renewals).toEqual([{ emailId: "email_1", attempt: 1 }]);
    // Renewed 3 s in: its lease ends at 13 s, which leaves room for one more wait than from the claim.
    expect(waited.seen.slept).toEqual([3_000, 250, 500, 1_000, 2_000, 2_000, 2_000]);
  });
});

describe("handOff: a claim held long", () => {
  it("is renewed right before the provider call; one another worker took meanwhile sends nothing and gives nothing back", async () => {
    const { ports, seen } = portsFor({
      email: claimedEmail({ ...withFile, attempts: 3 }),
      files: [Buffer.from("pdf")],
      claimLeaseMs: 60_000,
      gate: { kind: "go", waitMs: 59_000 },
      claimHeld: false,
    });
    expect(await handOff(ports, "email_1", log)).toEqual({ kind: "claim_lost" });
    expect(seen.renewals).toEqual([{ emailId: "email_1", attempt: 3 }]);
    expect(seen.sent).toEqual([]);
    // The other worker's claim and files are left alone.
    expect(seen.released).toEqual([]);
    expect(seen.filesDeleted).toEqual([]);
    expect(seen.failed).toEqual([]);
    expect(seen.markedSent).toEqual([]);
  });

  it("is sent once its renewal holds", async () => {
    const { ports, seen } = portsFor({ claimLeaseMs: 60_000, gate: { kind: "go", waitMs: 59_000 } });
    expect(await handOff(ports, "email_1", log)).toEqual({ kind: "sent", providerMessageId: "msg-1" });
    expect(seen.renewals).toHaveLength(1);
    expect(seen.sent).toHaveLength(1);
  });

  it("an email whose files found no room in the attachment budget within its wait goes back, queued, with a reason: nothing sent", async () => {
    const { ports, seen } = portsFor({ email: claimedEmail(withFile), files: [Buffer.from("pdf")], budgetFull: true });
    const outcome = await handOff(ports, "email_1", log);
    expect(outcome).toEqual({
      kind: "deferred",
      retryAt: NOW + 45_000,
      hold: "attachment_budget",
      reason: expect.stringContaining("attachment"),
    });
    expect(seen.released).toEqual(["email_1"]);
    expect(seen.sent).toEqual([]);
    expect(seen.failed).toEqual([]);
    expect(seen.filesDeleted).toEqual([]);
  });
});

describe("handOff: a claim after an acceptance Postgres never heard of", () => {
  const earlier = { emailId: "email_1", provider: "ses", providerMessageId: "msg-earlier" };

  it("records the kept acceptance and does not send again; the kept copy is dropped", async () => {
    const unrecorded = new Map([["email_1", earlier]]);
    const { ports, seen } = portsFor({ email: claimedEmail({ attempts: 2 }), unrecorded });
    expect(await handOff(ports, "email_1", log)).toEqual({ kind: "sent", providerMessageId: "msg-earlier" });
    expect(seen.sent).toEqual([]);
    expect(seen.gatePasses).toEqual([]);
    expect(seen.markedSent).toEqual([earlier]);
    expect(unrecorded.size).toBe(0);
  });

  it("after a record that failed past the lease, the next claim finds what the first kept: one handoff in all", async () => {
    const unrecorded = new Map();
    const first = portsFor({ recordFailures: Number.POSITIVE_INFINITY, claimLeaseMs: 10_000, unrecorded });
    await expect(handOff(first.ports, "email_1", log)).rejects.toThrow();
    expect(first.seen.sent).toHaveLength(1);
    const second = portsFor({ email: claimedEmail({ attempts: 2 }), unrecorded });
    expect(await handOff(second.ports, "email_1", log)).toEqual({ kind: "sent", providerMessageId: "msg-1" });
    expect(second.seen.sent).toEqual([]);
    expect(second.seen.markedSent).toEqual([{ emailId: "email_1", provider: "memory", providerMessageId: "msg-1" }]);
  });

  it("a first claim does not look (nothing can be kept before a first handoff)", async () => {
    const unrecorded = new Map([["email_1", earlier]]);
    const { ports, seen } = portsFor({ unrecorded });
    expect(await handOff(ports, "email_1", log)).toEqual({ kind: "sent", providerMessageId: "msg-1" });
    expect(seen.sent).toHaveLength(1);
    expect(seen.unrecordedCalls).toEqual([]);
  });

  it("Redis not answering reads as nothing kept: the email is handed off", async () => {
    const { ports, seen } = portsFor({ email: claimedEmail({ attempts: 3 }), unrecorded: "unavailable" });
    expect(await handOff(ports, "email_1", log)).toEqual({ kind: "sent", providerMessageId: "msg-1" });
    expect(seen.unrecordedCalls).toEqual(["find email_1"]);
    expect(seen.sent).toHaveLength(1);
  });

  it("Postgres and Redis both away: the record's failure is thrown all the same", async () => {
    const { ports, seen } = portsFor({ recordFailures: Number.POSITIVE_INFINITY, claimLeaseMs: 10_000, unrecorded: "unavailable" });
    await expect(handOff(ports, "email_1", log)).rejects.toThrow("Connection terminated unexpectedly");
    expect(seen.unrecordedCalls).toEqual(["keep email_1"]);
  });
});

describe("handOff: when an email is not sent", () => {
  it("not claimable: skipped, nothing written", async () => {
    const { ports, seen } = portsFor({ email: null });
    expect(await handOff(ports, "email_1", log)).toEqual({ kind: "skipped" });
    expect([seen.sent, seen.failed, seen.markedSent, seen.released]).toEqual([[], [], [], []]);
  });

  it("its from-domain is no longer verified: failed without a provider, its failed event's deliveries enqueued", async () => {
    const { ports, seen } = portsFor({ verifiedDomains: new Set() });
    const outcome = await handOff(ports, "email_1", log);
    expect(outcome).toEqual({ kind: "failed", reason: expect.stringContaining("The from domain acme.test is no longer verified") });
    expect(seen.failed).toEqual([{ emailId: "email_1", reason: "domain_not_verified", provider: null }]);
    expect(seen.enqueued).toEqual(["wd_failed"]);
    expect(seen.sent).toEqual([]);
  });

  it("every recipient is suppressed (bcc too): failed with our rejected event, its deliveries enqueued, its files deleted", async () => {
    const email = claimedEmail({ ...withFile, to: ["Ann <ANN@example.com>"], bcc: ["bob@example.com"] });
    const suppressions = new Map<string, SuppressionReason>([
      ["ann@example.com", "complaint"],
      ["bob@example.com", "hard_bounce"],
    ]);
    const { ports, seen } = portsFor({ email, suppressions });
    const suppressed = [
      { address: "ann@example.com", reason: "complaint" },
      { address: "bob@example.com", reason: "hard_bounce" },
    ];
    expect(await handOff(ports, "email_1", log)).toEqual({ kind: "suppressed", suppressed });
    expect(seen.rejectedSuppressed).toEqual([suppressed]);
    expect(seen.enqueued).toEqual(["wd_suppressed"]);
    expect(seen.filesDeleted).toEqual(["email_1"]);
    expect(seen.sent).toEqual([]);
  });

  it("some recipients are suppressed: they are dropped and noted, the rest are sent", async () => {
    const email = claimedEmail({ to: ["ann@example.com"], cc: ["Cy <cy@example.com>"] });
    const { ports, seen } = portsFor({ email, suppressions: new Map([["cy@example.com", "manual"]]) });
    expect((await handOff(ports, "email_1", log)).kind).toBe("sent");
    expect(seen.suppressedNoted).toEqual([[{ address: "cy@example.com", reason: "manual" }]]);
    expect(seen.sent[0]).toEqual(expect.objectContaining({ to: ["ann@example.com"], cc: [] }));
  });

  it("a test key with no pre-verified recipient: failed without a provider, its files deleted", async () => {
    const { ports, seen } = portsFor({ email: claimedEmail({ ...withFile, environment: "test" }) });
    const outcome = await handOff(ports, "email_1", log);
    expect(outcome).toEqual({
      kind: "failed",
      reason: "Test keys deliver only to verified test recipients; not verified: Ann <ann@example.com>",
    });
    expect(seen.failed).toEqual([{ emailId: "email_1", reason: "no_permitted_recipient", provider: null }]);
    expect(seen.enqueued).toEqual(["wd_failed"]);
    expect(seen.filesDeleted).toEqual(["email_1"]);
    expect(seen.sent).toEqual([]);
  });

  it("a test key sends only to its pre-verified recipients", async () => {
    const email = claimedEmail({ environment: "test", to: ["Ann <Ann@example.com>", "eve@example.com"], bcc: ["bob@example.com"] });
    const { ports, seen } = portsFor({ email, testRecipients: new Set(["ann@example.com", "bob@example.com"]) });
    expect((await handOff(ports, "email_1", log)).kind).toBe("sent");
    expect(seen.sent[0]).toEqual(expect.objectContaining({ to: ["Ann <Ann@example.com>"], cc: [], bcc: ["bob@example.com"] }));
  });

  it("its files' bytes are gone: failed without a provider", async () => {
    const { ports, seen } = portsFor({ email: claimedEmail(withFile), files: [] });
    expect(await handOff(ports, "email_1", log)).toEqual({
      kind: "failed",
      reason: expect.stringContaining("attachment contents are missing"),
    });
    expect(seen.failed).toEqual([{ emailId: "email_1", reason: "attachments_missing", provider: null }]);
    expect(seen.sent).toEqual([]);
  });

  it("the file store does not answer: the claim is released and the email retried, its files kept", async () => {
    const { ports, seen } = portsFor({ email: claimedEmail(withFile), files: "unavailable" });
    const outcome = await handOff(ports, "email_1", log);
    expect(outcome.kind).toBe("retry");
    expect(outcome.kind === "retry" && [outcome.error.kind, outcome.error.code]).toEqual(["transient", "FileStoreUnavailable"]);
    expect(seen.released).toEqual(["email_1"]);
    expect(seen.sent).toEqual([]);
    expect(seen.failed).toEqual([]);
    expect(seen.filesDeleted).toEqual([]);
  });

  it("the provider refuses it for good: rejected with the provider's event, its deliveries enqueued", async () => {
    const refusal = new ProviderError("permanent", "MessageRejected", "Email address is not verified.");
    const { ports, seen } = portsFor({ provider: () => Promise.reject(refusal) });
    expect(await handOff(ports, "email_1", log)).toEqual({ kind: "rejected", error: refusal });
    expect(seen.rejected).toEqual([{ code: "MessageRejected", provider: "memory" }]);
    expect(seen.enqueued).toEqual(["wd_rejected"]);
    expect(seen.markedSent).toEqual([]);
  });

  it("a webhook enqueue that fails leaves the deliveries to the sweeper: the outcome stands", async () => {
    const { ports } = portsFor({ suppressions: new Map([["ann@example.com", "complaint"]]) });
    ports.deliveries = { enqueueMany: () => Promise.reject(new Error("Redis is down")) };
    expect((await handOff(ports, "email_1", log)).kind).toBe("suppressed");
  });
});

describe("handOff: a transient provider failure", () => {
  const throttled = new ProviderError("transient", "TooManyRequestsException", "Maximum sending rate exceeded.");

  it("within the retry window: the claim is released and a retry is set with backoff (up to 20% jitter)", async () => {
    const { ports, seen } = portsFor({ email: claimedEmail({ attempts: 2 }), provider: () => Promise.reject(throttled) });
    const outcome = await handOff(ports, "email_1", log);
    if (outcome.kind !== "retry") throw new Error(`expected a retry, got ${outcome.kind}`);
    expect(outcome.error).toBe(throttled);
    // The second attempt waits 2 × base, less up to 20%.
    expect(outcome.retryAt).toBeGreaterThanOrEqual(NOW + 16_000);
    expect(outcome.retryAt).toBeLessThanOrEqual(NOW + 20_000);
    expect(seen.released).toEqual(["email_1"]);
    expect(seen.failed).toEqual([]);
  });

  it("past the retry window: given up, failed naming the provider, its failed event's deliveries enqueued", async () => {
    const email = claimedEmail({ ...withFile, attempts: 9, queuedAt: new Date(NOW - RETRY.windowMs) });
    const { ports, seen } = portsFor({ email, files: [Buffer.from("pdf")], provider: () => Promise.reject(throttled) });
    expect(await handOff(ports, "email_1", log)).toEqual({
      kind: "failed",
      reason: "Gave up after 9 attempts: Maximum sending rate exceeded.",
    });
    expect(seen.failed).toEqual([{ emailId: "email_1", reason: "retry_window_over", provider: "memory" }]);
    expect(seen.enqueued).toEqual(["wd_failed"]);
    expect(seen.released).toEqual([]);
    expect(seen.filesDeleted).toEqual(["email_1"]);
  });

  it("anything else a provider throws is retried like a transient failure", async () => {
    const { ports } = portsFor({ provider: () => Promise.reject(new Error("socket hang up")) });
    const outcome = await handOff(ports, "email_1", log);
    expect(outcome.kind).toBe("retry");
    expect(outcome.kind === "retry" && [outcome.error.kind, outcome.error.code]).toEqual(["transient", "UnexpectedProviderError"]);
  });
});

describe("handOff: the send rate and held workspaces", () => {
  it("takes one turn per recipient left after suppression, and waits for its turn before the handoff", async () => {
    const { ports, seen } = portsFor({
      email: claimedEmail({ to: ["a@example.com", "b@example.com"], cc: ["c@example.com"], bcc: ["gone@example.com"] }),
      suppressions: new Map([["gone@example.com", "bounce" as SuppressionReason]]),
      gate: { kind: "go", waitMs: 700 },
    });
    expect(await handOff(ports, "email_1", log)).toEqual({ kind: "sent", providerMessageId: "msg-1" });
    expect(seen.gatePasses).toEqual([{ workspaceId: "org_1", recipients: 3 }]);
    expect(seen.slept).toEqual([700]);
  });

  it("a turn too far ahead puts the email back, queued, until then: nothing sent", async () => {
    const { ports, seen } = portsFor({ gate: { kind: "busy", waitMs: 90_000 } });
    expect(await handOff(ports, "email_1", log)).toEqual({
      kind: "deferred",
      retryAt: NOW + 90_000,
      hold: "rate_limit",
      reason: expect.stringContaining("send rate"),
    });
    expect(seen.released).toEqual(["email_1"]);
    expect(seen.sent).toEqual([]);
  });

  it("a held workspace's email waits, queued, past the hold: nothing sent, nothing failed", async () => {
    const { ports, seen } = portsFor({ gate: { kind: "held", remainingMs: 10_000 } });
    const outcome = await handOff(ports, "email_1", log);
    expect(outcome).toMatchObject({ kind: "held", reason: expect.stringContaining("paused sending for this workspace") });
    const retryAt = (outcome as { retryAt: number }).retryAt;
    expect(retryAt).toBeGreaterThanOrEqual(NOW + 10_000);
    expect(retryAt).toBeLessThanOrEqual(NOW + 10_000 + 30_000);
    expect(seen.released).toEqual(["email_1"]);
    expect(seen.sent).toEqual([]);
    expect(seen.failed).toEqual([]);
  });

  it("the provider pausing the workspace holds it (for every sender) and the email waits, not failed", async () => {
    const { ports, seen } = portsFor({
      provider: async () => {
        throw new ProviderError("paused", "SendingPausedException", "Sending is paused for tenant <org_1>.");
      },
    });
    const outcome = await handOff(ports, "email_1", log);
    expect(outcome).toMatchObject({ kind: "held" });
    expect((outcome as { retryAt: number }).retryAt).toBeGreaterThanOrEqual(NOW + 30_000);
    expect(seen.held).toEqual(["org_1"]);
    expect(seen.released).toEqual(["email_1"]);
    expect(seen.failed).toEqual([]);
    expect(seen.rejected).toEqual([]);
  });

  it("the account paused or its quota reached (the gate says so) holds the email with its reason and resume time: nothing sent", async () => {
    for (const [turn, hold, waitMs] of [
      [{ kind: "account_paused", remainingMs: 20_000 }, "account_paused", 20_000],
      [{ kind: "account_quota", resumeInMs: 3_600_000 }, "account_quota", 3_600_000],
    ] as const) {
      const { ports, seen } = portsFor({ gate: turn });
      const outcome = await handOff(ports, "email_1", log);
      expect(outcome).toMatchObject({
        kind: "held",
        hold,
        reason: expect.stringContaining(hold === "account_quota" ? "quota" : "whole account"),
      });
      const retryAt = (outcome as { retryAt: number }).retryAt;
      // At the resume time, spread by at most a tenth of the wait or one account read.
      expect(retryAt).toBeGreaterThanOrEqual(NOW + waitMs);
      expect(retryAt).toBeLessThanOrEqual(NOW + waitMs + Math.min(waitMs / 10, 60_000));
      expect(seen.released).toEqual(["email_1"]);
      expect(seen.sent).toEqual([]);
      expect(seen.failed).toEqual([]);
    }
  });

  it("SES refusing for the daily quota or the account's pause holds every sender's mail (quota spent, account paused), not failed", async () => {
    for (const [error, hold, marked] of [
      [
        new ProviderError("quota", "ThrottlingException", "SES ThrottlingException: Daily message quota exceeded."),
        "account_quota",
        "account:quota",
      ],
      [
        new ProviderError("account_paused", "SendingPausedException", "SES SendingPausedException: paused"),
        "account_paused",
        "account:paused",
      ],
    ] as const) {
      const { ports, seen } = portsFor({
        provider: async () => {
          throw error;
        },
      });
      const outcome = await handOff(ports, "email_1", log);
      expect(outcome).toMatchObject({ kind: "held", hold });
      expect((outcome as { retryAt: number }).retryAt).toBeGreaterThanOrEqual(NOW + 60_000);
      expect(seen.held).toEqual([marked]);
      expect(seen.released).toEqual(["email_1"]);
      expect(seen.failed).toEqual([]);
      expect(seen.rejected).toEqual([]);
    }
  });
});

describe("handOff: a templated email", () => {
  const templated = claimedEmail({
    subject: "Hi {{ name }}",
    html: null,
    text: null,
    templateId: "tmpl_1",
    templateVersion: 2,
    templateVariables: { name: "<b>Ann</b>", n: 3 },
  });

  it("is rendered from its pinned version: subject plain, HTML escaped, text derived from the HTML", async () => {
    const { ports, seen } = portsFor({ email: templated, templateHtml: "<p>Hello {{ name }}, {{ n }} items</p>" });
    expect((await handOff(ports, "email_1", log)).kind).toBe("sent");
    expect(seen.rendered).toEqual(["tmpl_1:2"]);
    expect(seen.sent[0]).toMatchObject({
      subject: "Hi <b>Ann</b>",
      html: "<p>Hello &lt;b&gt;Ann&lt;/b&gt;, 3 items</p>",
      text: "Hello <b>Ann</b>, 3 items",
    });
  });

  it("whose render fails ends failed with a rendering_failed record (template, version, error) and its deliveries; nothing is handed off", async () => {
    const { ports, seen } = portsFor({ email: templated, templateHtml: "{{ name | no_such_filter }}" });
    const outcome = await handOff(ports, "email_1", log);
    expect(outcome).toEqual({ kind: "rendering_failed", error: expect.stringContaining("no_such_filter") });
    expect(seen.sent).toEqual([]);
    expect(seen.renderingFailed).toEqual([
      { emailId: "email_1", template: "tmpl_1", version: 2, error: expect.stringContaining("no_such_filter") },
    ]);
    expect(seen.enqueued).toEqual(["wd_rendering"]);
  });
});
