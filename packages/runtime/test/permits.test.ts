import { describe, expect, test } from "@jest/globals";
import { Permits } from "../src/permits.ts";

/** A promise and its resolver, to hold work open until the test lets it finish. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

describe("Permits", () => {
  test("runs at most `size` at once, and the waiting ones in the order they came", async () => {
    const permits = new Permits(2);
    const gates = [gate(), gate(), gate(), gate()];
    const started: number[] = [];
    const runs = gates.map((g, i) =>
      permits.run(async () => {
        started.push(i);
        await g.promise;
        return i;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);
    expect(permits.inUse).toBe(2);

    gates[1]!.open();
    await runs[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    expect(permits.inUse).toBe(2);

    for (const g of gates) g.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(started).toEqual([0, 1, 2, 3]);
    expect(permits.inUse).toBe(0);
  });

  test("a failing run gives its permit back", async () => {
    const permits = new Permits(1);
    await expect(permits.run(() => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
    expect(permits.inUse).toBe(0);
    expect(await permits.run(async () => "next")).toBe("next");
  });

  test("the waiting ones go by priority, lower first, and in the order they came within one", async () => {
    const permits = new Permits(1);
    const first = gate();
    const started: string[] = [];
    const held = permits.run(() => first.promise);
    const runs = [
      permits.run(async () => started.push("busy-a"), 7),
      permits.run(async () => started.push("quiet"), 1),
      permits.run(async () => started.push("busy-b"), 7),
      permits.run(async () => started.push("default"), 0),
    ];
    expect(permits.waiting).toBe(4);
    first.open();
    await Promise.all([held, ...runs]);
    expect(started).toEqual(["default", "quiet", "busy-a", "busy-b"]);
  });
});
