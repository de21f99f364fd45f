import { describe, expect, it } from "@jest/globals";
import { configurationSetName, RETIRED_SET_GRACE_MS, retireConfigurationSets, sharedConfigurationSetNames } from "../src/index.ts";

/** Configuration-set names: one per tracking combination, never shared, within SES's rules. */

const tracked = (trackingDomain: string) => ({ openTracking: true, clickTracking: true, trackingDomain });
const SES_NAME = /^[A-Za-z0-9_-]{1,64}$/;

describe("configurationSetName", () => {
  it("tells apart tracking domains that read alike once dots become hyphens", () => {
    const names = ["t.my-brand.io", "t.my.brand.io", "t-my.brand.io", "t-my-brand.io"].map((domain) =>
      configurationSetName("svc", tracked(domain)),
    );
    expect(new Set(names).size).toBe(4);
    expect(sharedConfigurationSetNames(names.map((name) => ({ name })))).toEqual([]);
  });

  it("stays within SES's characters and 64 characters, for the longest prefix and domain", () => {
    const prefix = "p".repeat(40);
    const long = `${"a".repeat(60)}.${"b".repeat(60)}.example.com`;
    for (const name of [configurationSetName(prefix, tracked(long)), configurationSetName("svc", tracked(long))])
      expect(name).toMatch(SES_NAME);
    expect(configurationSetName(prefix, tracked(long))).not.toBe(configurationSetName(prefix, tracked(`${long}.x`)));
    expect(configurationSetName("svc", { openTracking: true, clickTracking: false, trackingDomain: null })).toBe("svc-open");
  });
});

describe("sharedConfigurationSetNames", () => {
  it("names every name given to more than one set", () => {
    expect(sharedConfigurationSetNames([{ name: "a" }, { name: "b" }, { name: "a" }])).toEqual(["a"]);
  });
});

describe("retireConfigurationSets", () => {
  const now = new Date("2026-12-02T12:00:00Z");
  const set = (name: string) => ({ name, openTracking: true, clickTracking: true, trackingDomain: "t.x.io" });

  it("retires sets no longer desired, deletes them only after the grace period, and forgets a name in use again", () => {
    const first = retireConfigurationSets({ configurationSets: [set("old"), set("kept")], retiredConfigurationSets: [] }, ["kept"], now);
    expect(first).toEqual({ keep: [{ name: "old", retiredAt: now.toISOString() }], remove: [] });
    const soon = retireConfigurationSets(
      { configurationSets: [set("kept")], retiredConfigurationSets: first.keep },
      ["kept"],
      new Date(now.getTime() + 1000),
    );
    expect(soon).toEqual(first);
    const later = new Date(now.getTime() + RETIRED_SET_GRACE_MS);
    expect(retireConfigurationSets({ configurationSets: [set("kept")], retiredConfigurationSets: first.keep }, ["kept"], later)).toEqual({
      keep: [],
      remove: ["old"],
    });
    expect(
      retireConfigurationSets({ configurationSets: [set("kept")], retiredConfigurationSets: first.keep }, ["kept", "old"], later),
    ).toEqual({ keep: [], remove: [] });
  });
});
