import { describe, expect, it } from "@jest/globals";
import { parseAddress } from "@svc/core";
import { rememberRecentReads } from "../src/addresses/recentReads.ts";

/** A reader that counts how often it really read each value. */
function countingReader(limits: { entries: number; longestValue: number }) {
  const reads = new Map<string, number>();
  const read = rememberRecentReads((value: string) => {
    reads.set(value, (reads.get(value) ?? 0) + 1);
    return value.includes("@") ? Object.freeze({ value }) : null;
  }, limits);
  return { read, reads };
}

describe("rememberRecentReads", () => {
  it("reads a repeated value once, refusals included, and gives every caller the same result", () => {
    const { read, reads } = countingReader({ entries: 10, longestValue: 50 });
    const first = read("a@b.com");
    expect(read("a@b.com")).toBe(first);
    expect(read("nope")).toBeNull();
    expect(read("nope")).toBeNull();
    expect(reads.get("a@b.com")).toBe(1);
    expect(reads.get("nope")).toBe(1);
  });

  it("keeps no more than its bound of values: past it the oldest is read again, the newest is not", () => {
    const { read, reads } = countingReader({ entries: 3, longestValue: 50 });
    for (const value of ["1@x", "2@x", "3@x", "4@x"]) read(value);
    read("4@x");
    read("2@x");
    expect(reads.get("4@x")).toBe(1);
    expect(reads.get("2@x")).toBe(1);
    read("1@x");
    expect(reads.get("1@x")).toBe(2);
  });

  it("does not keep a value longer than its longest, so long input cannot fill memory", () => {
    const { read, reads } = countingReader({ entries: 10, longestValue: 5 });
    const long = "abcdef@x";
    expect(read(long)).toEqual({ value: long });
    expect(read(long)).toEqual({ value: long });
    expect(reads.get(long)).toBe(2);
  });
});

describe("parseAddress's remembered reads", () => {
  it("shares one frozen result for a repeated value, and stays right past its bound", () => {
    const first = parseAddress("Ann <ann@x.com>");
    expect(parseAddress("Ann <ann@x.com>")).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    for (let i = 0; i < 1_500; i++) expect(parseAddress(`n${i}@x.com`)?.address).toBe(`n${i}@x.com`);
    expect(parseAddress("Ann <ann@x.com>")).toEqual({ name: "Ann", address: "ann@x.com" });
    expect(parseAddress("Ann <ann@x.com")).toBeNull();
    expect(parseAddress("Ann <ann@x.com")).toBeNull();
  });
});
