#!/usr/bin/env bash
# Installs everything and starts the whole service on the local defaults: the database is created
# and migrated, then api, sender, ingest, dispatcher and dashboard run as separate processes
# (Ctrl-C stops them all). Expects PostgreSQL and Redis on localhost (docker-compose.yml has both).
set -euo pipefail
cd "$(dirname "$0")/../.."
source infra/scripts/prepare.sh
export DATABASE_URL="${DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/svc}"
node_modules/.bin/tsx infra/scripts/migrate.ts
exec node_modules/.bin/tsx infra/scripts/run-all.ts "$@"
