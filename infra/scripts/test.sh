#!/usr/bin/env bash
# Installs everything and runs the whole test suite against the local PostgreSQL and Redis.
set -euo pipefail
cd "$(dirname "$0")/../.."
source infra/scripts/prepare.sh
source infra/scripts/ensure-chromium.sh
source infra/scripts/ensure-pgbouncer.sh
source infra/scripts/ensure-swaks.sh
export DATABASE_URL="${TEST_DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/svc_test}"
export REDIS_URL="${TEST_REDIS_URL:-redis://127.0.0.1:6379/1}"
NODE_OPTIONS=--experimental-vm-modules node_modules/.bin/jest "$@"
