// Writes the line CI reads, "N passed, N failed", from Jest's own aggregated results, to stdout
// and to test-results/summary.txt (which .ci/run prints last). Suites that fail to run (a syntax
// error, a failing beforeAll) count as failures, so a broken file can never pass quietly.
const fs = require("node:fs");
const path = require("node:path");

class SummaryReporter {
  onRunComplete(_contexts, results) {
    let failed = results.numFailedTests;
    for (const suite of results.testResults) {
      if (suite.testExecError && suite.numFailingTests === 0) failed += 1;
    }
    const line = `${results.numPassedTests} passed, ${failed} failed`;
    const dir = path.resolve(__dirname, "../../test-results");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "summary.txt"), line);
    process.stdout.write(`\nSummary: ${line}\n`);
  }
}
module.exports = SummaryReporter;
