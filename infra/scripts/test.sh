#!/usr/bin/env bash
# Installs everything and runs the whole test suite against the local PostgreSQL and Redis.
set -euo pipefail
cd "$(dirname "$0")/../.."
source infra/scripts/prepare.sh
source infra/scripts/ensure-chromium.sh
source infra/scripts/ensure-pgbouncer.sh
source infra/scripts/ensure-swaks.sh
source infra/scripts/ensure-go.sh
source infra/scripts/ensure-java.sh
export DATABASE_URL="${TEST_DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/svc_test}"
export REDIS_URL="${TEST_REDIS_URL:-redis://127.0.0.1:6379/1}"
# The files run in band (jest.config.js), and ESM test modules stay reachable after their file
# ends, so the one process's heap grows file after file: past V8's default limit (about 4 GB here)
# by the end of the suite. The machine has room for twice that.
NODE_OPTIONS="--experimental-vm-modules --max-old-space-size=8192" node_modules/.bin/jest "$@"
