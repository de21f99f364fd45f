import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { BuildOptions } from "esbuild";

/** What `pnpm build` bundles and how (infra/scripts/build.ts); the IAM policies' test reads the same bundles. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * Native addons, optional drivers, and libraries that start worker threads on files of their own
 * (tinypool): loaded from node_modules at run time.
 */
export const EXTERNAL = ["argon2", "pg-native", "tinypool"];
/** Worker-thread scripts a bundle starts at run time, built beside every bundle. */
export const WORKERS = [{ source: "packages/core/src/templates/renderWorker.ts", name: "renderWorker.js" }];
/** Folders a bundled module reads relative to itself at run time, copied beside every bundle. */
export const RUNTIME_FOLDERS = [{ source: "packages/queues/src/lua", name: "lua" }];

/** Externals that are optional imports of a bundled library (never installed). */
export const OPTIONAL = new Set(["pg-native"]);

export interface Entry {
  source: string;
  output: string;
}

export function entries(): Entry[] {
  const apps = readdirSync(path.join(root, "apps"))
    .filter((app) => existsSync(path.join(root, "apps", app, "src/main.ts")))
    .map((app) => ({ source: `apps/${app}/src/main.ts`, output: `apps/${app}/dist/main.js` }));
  return [
    ...apps,
    { source: "packages/cli/src/main.ts", output: "packages/cli/dist/main.js" },
    { source: "infra/scripts/migrate.ts", output: "infra/dist/migrate.js" },
    { source: "infra/scripts/run-all.ts", output: "infra/dist/run-all.js" },
  ];
}

export const bundleOptions: BuildOptions = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: "linked",
  external: EXTERNAL,
  logLevel: "warning",
  // CommonJS libraries inside an ESM bundle still call require() and read __dirname.
  banner: {
    js: [
      'import { createRequire as __svcCreateRequire } from "node:module";',
      'import { fileURLToPath as __svcFileURLToPath } from "node:url";',
      'import { dirname as __svcDirname } from "node:path";',
      "const require = __svcCreateRequire(import.meta.url);",
      "const __filename = __svcFileURLToPath(import.meta.url);",
      "const __dirname = __svcDirname(__filename);",
    ].join("\n"),
  },
};
