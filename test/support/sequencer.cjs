// Splits the suite between the parallel shards infra/scripts/test.sh starts. Jest's own split
// hashes paths into equal counts, which leaves one shard with the long files; this one deals
// files out longest first, to the shard with the least time so far, by the durations a whole
// run recorded (test/support/durations.json: a copy of the test-results/durations.json that a
// whole run writes; refresh it when files are added or grow).
// Every shard computes the same split from the same list, so each file runs exactly once.
const fs = require("node:fs");
const path = require("node:path");
const Sequencer = require("@jest/test-sequencer").default;

const ROOT = path.resolve(__dirname, "../..");
const DURATIONS = path.join(__dirname, "durations.json");
// A file with no recorded duration (a new one) counts as a typical file.
const UNKNOWN_SECONDS = 8;

function recordedDurations() {
  try {
    return JSON.parse(fs.readFileSync(DURATIONS, "utf8"));
  } catch {
    return {};
  }
}

class BalancedSequencer extends Sequencer {
  shard(tests, { shardIndex, shardCount }) {
    const durations = recordedDurations();
    const secondsOf = (test) => durations[path.relative(ROOT, test.path)] ?? UNKNOWN_SECONDS;
    const ordered = [...tests].sort((a, b) => secondsOf(b) - secondsOf(a) || a.path.localeCompare(b.path));
    const loads = Array.from({ length: shardCount }, () => 0);
    const mine = [];
    for (const test of ordered) {
      const lightest = loads.indexOf(Math.min(...loads));
      loads[lightest] += secondsOf(test);
      if (lightest === shardIndex - 1) mine.push(test);
    }
    return mine;
  }
}

module.exports = BalancedSequencer;
