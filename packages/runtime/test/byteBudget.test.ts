import { describe, expect, it } from "@jest/globals";
import { ByteBudget } from "../src/byteBudget.ts";

describe("ByteBudget", () => {
  it("refuses what does not fit, and takes it again once given back", () => {
    const budget = new ByteBudget(100);
    const first = budget.tryHold("a", 60);
    expect(first).not.toBeNull();
    expect(budget.tryHold("b", 50)).toBeNull();
    first!();
    first!(); // a second release gives nothing back twice
    expect(budget.bytesInUse).toBe(0);
    expect(budget.tryHold("b", 50)).not.toBeNull();
    expect(budget.bytesInUse).toBe(50);
  });

  it("lets one hold larger than the budget through when nothing else is held", () => {
    const budget = new ByteBudget(100, 0.5);
    const huge = budget.tryHold("a", 500);
    expect(huge).not.toBeNull();
    expect(budget.tryHold("b", 1)).toBeNull();
    huge!();
    expect(budget.tryHold("b", 1)).not.toBeNull();
  });

  it("holds an owner to its share while leaving the rest to others", () => {
    const budget = new ByteBudget(100, 0.5);
    expect(budget.tryHold("a", 40)).not.toBeNull();
    expect(budget.tryHold("a", 20)).toBeNull();
    expect(budget.tryHold("b", 50)).not.toBeNull();
    expect(budget.tryHold("c", 20)).toBeNull();
  });
});
