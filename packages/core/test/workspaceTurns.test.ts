import { describe, expect, it } from "@jest/globals";
import { inWorkspaceTurn, workspacesInTurn } from "../src/emails/workspaceTurns.ts";

const nextTick = () => new Promise((resolve) => setImmediate(resolve));

describe("inWorkspaceTurn", () => {
  it("runs a workspace's turns one at a time in order, other workspaces' beside them, and forgets a workspace once idle", async () => {
    const log: string[] = [];
    const releases: Record<string, () => void> = {};
    const turn = (workspaceId: string, name: string, fail = false) =>
      inWorkspaceTurn(workspaceId, async () => {
        log.push(`start ${name}`);
        await new Promise<void>((resolve) => (releases[name] = resolve));
        log.push(`end ${name}`);
        if (fail) throw new Error(`${name} failed`);
        return name;
      });
    const a1 = turn("ws_a", "a1", true);
    const a2 = turn("ws_a", "a2");
    const b1 = turn("ws_b", "b1");
    await nextTick();
    expect(log).toEqual(["start a1", "start b1"]);
    expect(workspacesInTurn()).toBe(2);
    releases.a1!();
    await expect(a1).rejects.toThrow("a1 failed");
    await nextTick();
    // The failed turn does not hold up the next.
    expect(log).toEqual(["start a1", "start b1", "end a1", "start a2"]);
    releases.a2!();
    releases.b1!();
    expect(await Promise.all([a2, b1])).toEqual(["a2", "b1"]);
    await nextTick();
    expect(workspacesInTurn()).toBe(0);
  });
});
