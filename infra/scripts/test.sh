#!/usr/bin/env bash
# Installs everything and runs the whole test suite against the local PostgreSQL and Redis.
set -euo pipefail
cd "$(dirname "$0")/../.."
source infra/scripts/prepare.sh
source infra/scripts/ensure-test-tools.sh
export DATABASE_URL="${TEST_DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/svc_test}"
export REDIS_URL="${TEST_REDIS_URL:-redis://127.0.0.1:6379/1}"
# Each Jest process runs its files in band (jest.config.js), and ESM test modules stay reachable
# after their file ends, so its heap grows file after file: past V8's default limit (about 4 GB
# here) by the end of a long run.
export NODE_OPTIONS="--experimental-vm-modules --max-old-space-size=8192"

if [ "$#" -gt 0 ]; then
  exec node_modules/.bin/jest "$@"
fi

# The whole suite: most of its time is spent waiting (on apps starting, on timers, on the
# network), so it runs as TEST_SHARDS Jest processes side by side. Each shard has its own
# database, Redis db and Redis Cluster ports, as parallel checkouts do, so that no shard's
# sweepers or flushes reach another's work.
shards="${TEST_SHARDS:-2}"
database_base="${DATABASE_URL%/*}"
database_name="${DATABASE_URL##*/}"
redis_base="${REDIS_URL%/*}"
redis_db="${REDIS_URL##*/}"
mkdir -p test-results
rm -f test-results/summary*.txt test-results/durations*.json
pids=()
for shard in $(seq 1 "$shards"); do
  suffix=""
  [ "$shard" -gt 1 ] && suffix="_shard$shard"
  (
    export TEST_SHARD="$shard"
    export DATABASE_URL="$database_base/$database_name$suffix"
    export REDIS_URL="$redis_base/$((redis_db + shard - 1))"
    export TEST_REDIS_CLUSTER_PORT="$((7000 + 100 * shard))"
    node_modules/.bin/jest --shard="$shard/$shards" 2>&1 | sed -u "s/^/[shard $shard] /"
    exit "${PIPESTATUS[0]}"
  ) &
  pids+=("$!")
done
status=0
for pid in "${pids[@]}"; do
  wait "$pid" || status=1
done

# One line for the whole suite; a shard that never reached its summary counts as a failure.
passed=0
failed=0
for shard in $(seq 1 "$shards"); do
  file="test-results/summary-$shard.txt"
  if [ -s "$file" ]; then
    # "N passed, M failed", written without a final newline (so not through `read`, which fails
    # at such an end under set -e).
    line=$(cat "$file")
    shard_passed=${line%% passed*}
    shard_failed=${line##*, }
    shard_failed=${shard_failed%% failed*}
    passed=$((passed + shard_passed))
    failed=$((failed + shard_failed))
  else
    echo "Shard $shard of $shards ended without a summary." >&2
    failed=$((failed + 1))
    status=1
  fi
done
node -e '
  const fs = require("node:fs");
  const merged = {};
  for (const f of fs.readdirSync("test-results").filter((n) => /^durations-\d+\.json$/.test(n)))
    Object.assign(merged, JSON.parse(fs.readFileSync(`test-results/${f}`, "utf8")));
  fs.writeFileSync("test-results/durations.json", JSON.stringify(merged, Object.keys(merged).sort(), 1) + "\n");
'
echo "$passed passed, $failed failed" > test-results/summary.txt
echo
echo "Summary of $shards shards: $passed passed, $failed failed"
exit "$status"
