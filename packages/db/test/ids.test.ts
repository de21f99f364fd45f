import { describe, expect, it } from "@jest/globals";
import { derivedId, encodeIdTime, idLowerBoundAt, newIdBeside, newTimeId, randomAlphanumeric, timeOfId, timePartOf } from "../src/ids.ts";

/** Byte order, as PostgreSQL compares under COLLATE "C". */
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

describe("time-sortable ids", () => {
  it("keep the length and prefix of random ids and carry their time to the millisecond", () => {
    const at = new Date("2026-11-26T18:04:05.123Z");
    const id = newTimeId("email", at);
    expect(id).toMatch(/^email_[0-9A-Za-z]{24}$/);
    expect(timeOfId(id).toISOString()).toBe(at.toISOString());
    expect(newTimeId("email", at)).not.toBe(id);
  });

  it("sort in byte order as their times do, one millisecond apart or years", () => {
    const times = [0, 1, 61, 62, 3843, 1_700_000_000_000, 1_700_000_000_001, 1_764_000_000_000, 4_102_444_800_000];
    const ids = times.map((ms) => newTimeId("event", new Date(ms)));
    const shuffled = [...ids].reverse().sort(byteOrder);
    expect(shuffled).toEqual(ids);
    expect(encodeIdTime(new Date(0))).toBe("00000000");
    expect(encodeIdTime(new Date(61))).toBe("0000000z");
    expect(encodeIdTime(new Date(62))).toBe("00000010");
  });

  it("give a lower bound that is at most every id of that time and above every earlier one", () => {
    const at = new Date("2026-11-30T00:00:00.000Z");
    const bound = idLowerBoundAt("email", at);
    expect(byteOrder(bound, newTimeId("email", at))).toBeLessThan(0);
    expect(byteOrder(newTimeId("email", new Date(at.getTime() - 1)), bound)).toBeLessThan(0);
  });

  it("put a related row's id in its email's time, and derive a dedupe key's id the same each time", () => {
    const email = newTimeId("email", new Date("2026-01-05T10:00:00Z"));
    const event = newIdBeside("event", email);
    expect(event).toMatch(/^evt_[0-9A-Za-z]{24}$/);
    expect(timePartOf(event)).toBe(timePartOf(email));
    expect(timeOfId(event).toISOString()).toBe("2026-01-05T10:00:00.000Z");

    const first = derivedId("event", email, "ses:delivery:abc");
    expect(derivedId("event", email, "ses:delivery:abc")).toBe(first);
    expect(derivedId("event", email, "ses:delivery:abd")).not.toBe(first);
    expect(first).toMatch(/^evt_[0-9A-Za-z]{8}[0-9a-f]{16}$/);
    expect(timePartOf(first)).toBe(timePartOf(email));
    expect(derivedId("inbound", new Date("2026-01-05T10:00:00Z"), "k")).toBe(
      `inb_${timePartOf(email)}${derivedId("inbound", email, "k").slice(-16)}`,
    );
  });

  it("refuse times an id cannot carry", () => {
    expect(() => encodeIdTime(new Date(-1))).toThrow(RangeError);
    expect(() => timeOfId("email_--------AAAAAAAAAAAAAAAA")).toThrow(RangeError);
  });
});

describe("randomAlphanumeric", () => {
  it("never repeats a value across many refills of its byte pool, and uses the whole alphabet evenly", () => {
    // 24 characters take about 26 bytes: 20,000 values draw about 127 pools of 4 KB.
    const values = Array.from({ length: 20_000 }, () => randomAlphanumeric(24));
    expect(new Set(values).size).toBe(values.length);
    const counts = new Map<string, number>();
    for (const char of values.join("")) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // 480,000 characters over 62: about 7,742 each; a reused or biased byte would skew it far more.
    for (const count of counts.values()) {
      expect(count).toBeGreaterThan(7_300);
      expect(count).toBeLessThan(8_200);
    }
  });
});
