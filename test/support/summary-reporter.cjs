// Writes the line CI reads, "N passed, N failed", from Jest's own aggregated results, to stdout
// and to test-results/summary<-shard>.txt (test.sh adds the shards up; .ci/run prints it last).
// Suites that fail to run (a syntax error, a failing beforeAll) count as failures, so a broken
// file can never pass quietly. Each file's duration goes to test-results/durations<-shard>.json,
// from which the shards' split is refreshed.
const fs = require("node:fs");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "../..");

class SummaryReporter {
  onRunComplete(_contexts, results) {
    let failed = results.numFailedTests;
    for (const suite of results.testResults) {
      if (suite.testExecError && suite.numFailingTests === 0) failed += 1;
    }
    const line = `${results.numPassedTests} passed, ${failed} failed`;
    const dir = path.join(ROOT, "test-results");
    const shard = process.env.TEST_SHARD ? `-${process.env.TEST_SHARD}` : "";
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `summary${shard}.txt`), line);
    const durations = {};
    for (const suite of results.testResults) {
      const { start, end } = suite.perfStats ?? {};
      if (start && end) durations[path.relative(ROOT, suite.testFilePath)] = Math.round((end - start) / 100) / 10;
    }
    fs.writeFileSync(path.join(dir, `durations${shard}.json`), `${JSON.stringify(durations, null, 1)}\n`);
    process.stdout.write(`\nSummary: ${line}\n`);
  }
}
module.exports = SummaryReporter;
