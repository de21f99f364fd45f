import { readFileSync } from "node:fs";
import { describe, expect, it } from "@jest/globals";
import { COMMANDS } from "../src/commands/index.ts";

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");

/** The table's first column: every command the README documents, as `group action`. */
function documentedCommands(): Set<string> {
  const documented = new Set<string>();
  for (const line of readme.split("\n")) {
    if (!line.startsWith("| `")) continue;
    const firstCell = line.slice(1).split(" | ")[0]!;
    // `group action …`, or a command of one word (`doctor …`).
    for (const [, group, action] of firstCell.matchAll(/`([a-z][a-z-]*)(?: ([a-z][a-z-]*))?[ `]/g))
      documented.add(action ? `${group} ${action}` : group!);
  }
  return documented;
}

describe("the CLI's README", () => {
  it("documents every command the CLI has, and none it lacks", () => {
    const commands = COMMANDS.map((command) => command.path.join(" ")).sort();
    expect([...documentedCommands()].sort()).toEqual(commands);
  });
});
