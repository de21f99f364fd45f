#!/usr/bin/env bash
# Installs everything and starts the whole service on the local defaults: the database is created
# and migrated (setup.sh), then api, sender, ingest, dispatcher, dashboard and the SMTP relay run as separate
# processes (Ctrl-C stops them all). Expects PostgreSQL and Redis on localhost (docker-compose.yml
# has both).
set -euo pipefail
cd "$(dirname "$0")/../.."
bash infra/scripts/setup.sh
exec node_modules/.bin/tsx infra/scripts/run-all.ts "$@"
