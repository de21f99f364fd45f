#!/usr/bin/env bash
# Installs everything and creates and migrates the database, starting nothing: what `npm start`
# does before it starts the apps, for a machine that runs them some other way. Expects
# PostgreSQL on localhost, or DATABASE_URL.
set -euo pipefail
cd "$(dirname "$0")/../.."
source infra/scripts/prepare.sh
export DATABASE_URL="${DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/svc}"
node_modules/.bin/tsx infra/scripts/migrate.ts
