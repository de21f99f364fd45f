// One Jest run for the whole monorepo. TypeScript is transformed by SWC as native ESM (got is
// ESM-only); run with NODE_OPTIONS=--experimental-vm-modules (the `jest` script does).
/** @type {import('jest').Config} */
export default {
  testEnvironment: "node",
  extensionsToTreatAsEsm: [".ts"],
  transform: {
    "^.+\\.ts$": [
      "@swc/jest",
      {
        jsc: { parser: { syntax: "typescript" }, target: "es2022" },
        module: { type: "es6" },
      },
    ],
  },
  testMatch: [
    "<rootDir>/{apps,packages}/*/test/**/*.test.ts",
    "<rootDir>/test/**/*.test.ts",
    "<rootDir>/sdks/test/**/*.test.ts",
    "<rootDir>/infra/aws/test/**/*.test.ts",
  ],
  testPathIgnorePatterns: ["/node_modules/"],
  globalSetup: "<rootDir>/test/support/global-setup.ts",
  testTimeout: 60000,
  // Integration tests share one Postgres and one Redis; the files run one after another so that a
  // test which flushes Redis or sweeps the database cannot disturb another file's work.
  maxWorkers: 1,
  // Splits the files between the parallel shards of a whole run (infra/scripts/test.sh).
  testSequencer: "<rootDir>/test/support/sequencer.cjs",
  reporters: ["default", ["<rootDir>/test/support/summary-reporter.cjs", {}]],
};
