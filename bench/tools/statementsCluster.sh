#!/usr/bin/env bash
# A private PostgreSQL cluster that loads pg_stat_statements, for the pipeline row's statement
# and commit counts per email (Debian's postgresql-common; the machine's shared cluster does not
# preload the library). Settings as the shared cluster's where they matter (fsync on, autovacuum
# off). Then:
#   BENCH_POSTGRES_URL=postgresql://postgres@127.0.0.1:5433 BENCH_PG_STATEMENTS=1 pnpm bench pipeline
set -euo pipefail
PORT="${1:-5433}"
VERSION="$(ls /etc/postgresql | sort -n | tail -1)"
if ! pg_lsclusters -h | awk '{print $2}' | grep -qx bench; then
  pg_createcluster "$VERSION" bench -p "$PORT" -- --auth=trust >/dev/null
fi
cat > "/etc/postgresql/$VERSION/bench/conf.d/bench.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $PORT
fsync = on
autovacuum = off
max_connections = 200
shared_preload_libraries = 'pg_stat_statements'
pg_stat_statements.track = all
CONF
pg_ctlcluster --skip-systemctl-redirect "$VERSION" bench restart
psql -h 127.0.0.1 -p "$PORT" -U postgres -qc "CREATE EXTENSION IF NOT EXISTS pg_stat_statements" postgres
echo "postgresql://postgres@127.0.0.1:$PORT"
