import { describe, expect, it } from "@jest/globals";
import { chooseRegion, RegionCircuit } from "../src/sending/regionCircuit.ts";

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
