import { describe, expect, it } from "@jest/globals";
import { chooseRegion, RegionCircuit } from "../src/sending/regionCircuit.ts";
import { RegionQuotas } from "../src/sending/regionQuotas.ts";

/** The rule of regions, on its own: where an email goes, and when it must wait instead. */
const NOW = Date.parse("2026-03-01T12:00:00Z");
const base = { now: NOW, unknownOutcomeWaitMs: 600_000, probeIntervalMs: 5_000 };
const openOnly =
  (...open: string[]) =>
  (region: string) =>
    open.includes(region);

describe("chooseRegion", () => {
  it("sends from the primary while it is up, from the next region while it is down, and waits when none is up", () => {
    expect(chooseRegion({ ...base, order: ["eu-west-1", "us-east-1"], isOpen: openOnly() })).toEqual({ kind: "send", region: "eu-west-1" });
    expect(chooseRegion({ ...base, order: ["eu-west-1", "us-east-1"], isOpen: openOnly("eu-west-1") })).toEqual({
      kind: "send",
      region: "us-east-1",
    });
    expect(chooseRegion({ ...base, order: ["eu-west-1"], isOpen: openOnly("eu-west-1") })).toEqual({
      kind: "wait",
      cause: "region_unavailable",
      retryAt: NOW + 5_000,
    });
  });

  it("holds an email whose handoff's outcome is unknown to its region until the bounded wait ends, then lets it move", () => {
    const order = ["eu-west-1", "us-east-1"];
    const unknownHandoff = { region: "eu-west-1", at: new Date(NOW - 60_000) };
    // Its region up again: it goes there, as a retry in one region does.
    expect(chooseRegion({ ...base, order, isOpen: openOnly(), unknownHandoff })).toEqual({ kind: "send", region: "eu-west-1" });
    // Its region down: it waits, never sent by the other region on a guess.
    expect(chooseRegion({ ...base, order, isOpen: openOnly("eu-west-1"), unknownHandoff })).toEqual({
      kind: "wait",
      cause: "handoff_unknown",
      retryAt: NOW + 5_000,
    });
    // The wait's end is never passed by the next look.
    const nearEnd = { region: "eu-west-1", at: new Date(NOW - 598_000) };
    expect(chooseRegion({ ...base, order, isOpen: openOnly("eu-west-1"), unknownHandoff: nearEnd })).toMatchObject({
      retryAt: NOW + 2_000,
    });
    // Past the bound, with no word from its region: it may move.
    const past = { region: "eu-west-1", at: new Date(NOW - 600_000) };
    expect(chooseRegion({ ...base, order, isOpen: openOnly("eu-west-1"), unknownHandoff: past })).toEqual({
      kind: "send",
      region: "us-east-1",
    });
    // A region the workspace no longer uses is waited for all the same.
    expect(chooseRegion({ ...base, order: ["us-east-1"], isOpen: openOnly(), unknownHandoff })).toMatchObject({ cause: "handoff_unknown" });
  });
});

describe("chooseRegion with quotas", () => {
  const order = ["eu-west-1", "us-east-1"];
  const fullUntil =
    (until: Record<string, number>) =>
    (region: string): number | null =>
      until[region] ?? null;

  it("passes over a region without room as over a down one, and waits as account_quota until the first has room", () => {
    expect(chooseRegion({ ...base, order, isOpen: openOnly(), quotaResumeAt: fullUntil({ "eu-west-1": NOW + 9_000 }) })).toEqual({
      kind: "send",
      region: "us-east-1",
    });
    expect(
      chooseRegion({
        ...base,
        order,
        isOpen: openOnly(),
        quotaResumeAt: fullUntil({ "eu-west-1": NOW + 9_000, "us-east-1": NOW + 7_000 }),
      }),
    ).toEqual({ kind: "wait", cause: "account_quota", retryAt: NOW + 7_000 });
    // A pinned workspace waits for its own region's room.
    expect(
      chooseRegion({ ...base, order: ["eu-west-1"], isOpen: openOnly(), quotaResumeAt: fullUntil({ "eu-west-1": NOW + 9_000 }) }),
    ).toEqual({ kind: "wait", cause: "account_quota", retryAt: NOW + 9_000 });
    // A region down and the other full: the quota's time, which is known, is the one to wait for.
    expect(chooseRegion({ ...base, order, isOpen: openOnly("eu-west-1"), quotaResumeAt: fullUntil({ "us-east-1": NOW + 7_000 }) })).toEqual(
      { kind: "wait", cause: "account_quota", retryAt: NOW + 7_000 },
    );
  });

  it("never moves an email whose handoff's outcome is unknown for want of room: it waits for its region's room", () => {
    const unknownHandoff = { region: "eu-west-1", at: new Date(NOW - 60_000) };
    expect(
      chooseRegion({ ...base, order, isOpen: openOnly(), unknownHandoff, quotaResumeAt: fullUntil({ "eu-west-1": NOW + 9_000 }) }),
    ).toEqual({ kind: "wait", cause: "account_quota", retryAt: NOW + 9_000 });
  });
});

describe("RegionQuotas", () => {
  const window = { windowMs: 60_000, refreshMs: 5_000 };

  it("has room while a region's read and its own sends since leave room, and says when its own sends leave the window", () => {
    const quotas = new RegionQuotas(["eu-west-1", "us-east-1"], window);
    // Never read: unknown, not held (SES refuses past its quota).
    expect(quotas.resumeAt("eu-west-1", 1, NOW)).toBeNull();
    quotas.record("eu-west-1", { max24HourSend: 10, sentLast24Hours: 7 }, NOW);
    quotas.take("eu-west-1", 2, NOW + 1_000);
    expect(quotas.resumeAt("eu-west-1", 1, NOW + 1_000)).toBeNull();
    quotas.take("eu-west-1", 1, NOW + 1_000);
    // Full: the read's 7 are others' (their time unknown), so the next read is the look again.
    expect(quotas.resumeAt("eu-west-1", 1, NOW + 1_000)).toBe(NOW + 5_000);
    // The other region is untouched.
    expect(quotas.resumeAt("us-east-1", 1, NOW + 1_000)).toBeNull();

    // A read that counts our own three: they leave the window a minute after they were sent.
    quotas.record("eu-west-1", { max24HourSend: 3, sentLast24Hours: 3 }, NOW + 5_000);
    const resumeAt = quotas.resumeAt("eu-west-1", 1, NOW + 5_000)!;
    expect(resumeAt).toBeLessThanOrEqual(NOW + 10_000);
    quotas.record("eu-west-1", { max24HourSend: 3, sentLast24Hours: 3 }, NOW + 55_000);
    const later = quotas.resumeAt("eu-west-1", 1, NOW + 55_000)!;
    expect(later).toBeGreaterThan(NOW + 55_000);
    expect(later).toBeLessThanOrEqual(NOW + 1_000 + 60_000 + 1_000);
    // Once they have left, there is room again without a read.
    expect(quotas.resumeAt("eu-west-1", 1, NOW + 63_000)).toBeNull();
  });

  it("holds a region SES said is spent until its next read, and an unlimited one never", () => {
    const quotas = new RegionQuotas(["eu-west-1"], window);
    quotas.record("eu-west-1", { max24HourSend: -1, sentLast24Hours: 1_000_000 }, NOW);
    expect(quotas.resumeAt("eu-west-1", 1_000, NOW)).toBeNull();
    quotas.spent("eu-west-1");
    expect(quotas.resumeAt("eu-west-1", 1, NOW + 1_000)).toBe(NOW + 5_000);
    // Overdue (the region does not answer its reads): a refresh from now, never now.
    expect(quotas.resumeAt("eu-west-1", 1, NOW + 9_000)).toBe(NOW + 14_000);
    quotas.record("eu-west-1", { max24HourSend: 100, sentLast24Hours: 0 }, NOW + 10_000);
    expect(quotas.resumeAt("eu-west-1", 1, NOW + 10_000)).toBeNull();
  });
});

describe("RegionCircuit", () => {
  it("opens after its failures in a row, not after a success breaks the run, and closes after its probes succeed in a row", () => {
    const circuit = new RegionCircuit("eu-west-1", { failureThreshold: 3, probeSuccesses: 2 });
    expect(circuit.recordFailure("TimeoutError", NOW)).toBe(false);
    expect(circuit.recordFailure("TimeoutError", NOW)).toBe(false);
    circuit.recordSuccess();
    expect(circuit.recordFailure("TimeoutError", NOW)).toBe(false);
    expect(circuit.recordFailure("TimeoutError", NOW)).toBe(false);
    expect(circuit.recordFailure("HTTP503", NOW)).toBe(true);
    expect(circuit.state).toBe("open");
    expect(circuit.openReason).toBe("HTTP503");
    // A send that lands while it is open closes nothing; one failed probe restarts the run.
    circuit.recordSuccess();
    expect(circuit.recordProbe(true)).toBe(false);
    expect(circuit.recordProbe(false)).toBe(false);
    expect(circuit.recordProbe(true)).toBe(false);
    expect(circuit.isOpen).toBe(true);
    expect(circuit.recordProbe(true)).toBe(true);
    expect(circuit.state).toBe("closed");
  });

  it("opens at once on an account-level refusal", () => {
    const circuit = new RegionCircuit("eu-west-1", { failureThreshold: 5, probeSuccesses: 1 });
    expect(circuit.open("account_paused", NOW)).toBe(true);
    expect(circuit.open("account_paused", NOW)).toBe(false);
    expect(circuit.openReason).toBe("account_paused");
  });
});
