import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "@jest/globals";

/**
 * The tree checks itself: Biome (format and lint, biome.jsonc) and the TypeScript compiler, run
 * through Turbo so that an unchanged tree answers from its cache. A finding fails this test with
 * the tool's own report.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function turbo(task: string): { status: number | null; output: string } {
  const run = spawnSync(path.join(root, "node_modules/.bin/turbo"), ["run", task, "--output-logs=errors-only", "--log-prefix=none"], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1", FORCE_COLOR: "0", NO_COLOR: "1" },
    timeout: 10 * 60_000,
  });
  return { status: run.status, output: `${run.stdout}\n${run.stderr}`.trim() };
}

describe("the tree checks itself", () => {
  it("has no formatting or lint findings (biome ci)", () => {
    const { status, output } = turbo("lint");
    if (status !== 0) throw new Error(`biome ci found problems (run \`pnpm format\` for the fixable ones):\n${output.slice(-8000)}`);
    expect(status).toBe(0);
  });

  it(
    "type-checks (tsc over every app, package, test, bench and script)",
    () => {
      const { status, output } = turbo("typecheck");
      if (status !== 0) throw new Error(`tsc found type errors:\n${output.slice(-8000)}`);
      expect(status).toBe(0);
    },
    10 * 60_000,
  );

  it("gives npm, which runs the README's commands, no setting it warns about", () => {
    const run = spawnSync("npm", ["pkg", "get", "name"], { cwd: root, encoding: "utf8" });
    expect(run.status).toBe(0);
    expect(run.stderr).not.toMatch(/npm warn/i);
  });
});
