import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { build } from "esbuild";
import { bundleOptions, EXTERNAL, entries, OPTIONAL, RUNTIME_FOLDERS, root, WORKERS } from "./bundles.ts";

/**
 * `pnpm build`: type-checks the whole workspace, then compiles every process's entry point to
 * one JavaScript file: `apps/<app>/dist/main.js`, `packages/cli/dist/main.js` and the operator
 * scripts in `infra/dist/`. Production runs `node` on these; nothing is compiled at start.
 *
 * Each file carries the workspace packages and the npm packages it imports, so a production
 * install needs only the few packages that cannot be bundled: EXTERNAL below, each one a
 * dependency of the root package.json (the build refuses otherwise). A bundle sits where its
 * source did (`apps/dashboard/dist` beside `apps/dashboard/public`), so paths it finds
 * relative to itself stay true; the Redis Lua scripts, which @svc/queues reads at run time from
 * `lua/` beside the module that loads them, are copied to `lua/` beside every bundle, and the
 * template render pool's worker is built to `renderWorker.js` beside every bundle (the pool
 * starts its threads on the file beside the module that loads it).
 *
 * `--no-typecheck` skips tsc (tests that only need the output; test/checks.test.ts type-checks the tree).
 */
/**
 * Browser scripts a bundle serves from a package that production does not install (its own
 * dependencies are a front-end's): copied beside the bundle, where the serving module looks first.
 */
const VENDORED = [
  {
    from: "apps/api",
    module: "@scalar/api-reference",
    file: "browser/standalone.js",
    output: "apps/api/dist/vendor/scalar-api-reference.js",
  },
];
/** Every external the bundles load must be installed by a production install of the root. */
function checkExternalsAreRootDependencies(): void {
  const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { dependencies?: Record<string, string> };
  const missing = EXTERNAL.filter((name) => !OPTIONAL.has(name) && !manifest.dependencies?.[name]);
  if (missing.length > 0)
    throw new Error(`Bundles load ${missing.join(", ")} at run time: add them to the root package.json "dependencies".`);
}

const typecheck = !process.argv.includes("--no-typecheck");
checkExternalsAreRootDependencies();
if (typecheck) {
  process.stdout.write("Type-checking (tsc)…\n");
  execFileSync(path.join(root, "node_modules/.bin/tsc"), ["-p", "tsconfig.json", "--noEmit"], { cwd: root, stdio: "inherit" });
}
const started = Date.now();
const workerBuilds = [...new Set(entries().map(({ output }) => path.dirname(output)))].flatMap((folder) =>
  WORKERS.map((worker) => ({ source: worker.source, output: path.join(folder, worker.name) })),
);
await Promise.all(
  [...entries(), ...workerBuilds].map(({ source, output }) =>
    build({ ...bundleOptions, entryPoints: [path.join(root, source)], outfile: path.join(root, output) }),
  ),
);
for (const { output } of entries()) {
  for (const folder of RUNTIME_FOLDERS) {
    const target = path.join(root, path.dirname(output), folder.name);
    rmSync(target, { recursive: true, force: true });
    cpSync(path.join(root, folder.source), target, { recursive: true, force: true });
  }
}
for (const asset of VENDORED) {
  const entry = createRequire(path.join(root, asset.from, "package.json")).resolve(asset.module);
  mkdirSync(path.dirname(path.join(root, asset.output)), { recursive: true });
  cpSync(path.join(path.dirname(entry), asset.file), path.join(root, asset.output));
}
process.stdout.write(
  `Built ${entries().length} entry points in ${Date.now() - started} ms: ${entries()
    .map((entry) => entry.output)
    .join(", ")}\n`,
);
