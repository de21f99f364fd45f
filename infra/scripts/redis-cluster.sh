#!/usr/bin/env bash
# A real Redis Cluster on loopback for tests and local trials: six Debian redis-server processes
# in cluster mode (three primaries, three replicas) on ports <first port> … <first port + 5>,
# each with its files in <dir>/<port>. `start` returns once the cluster reports cluster_state:ok
# with every slot covered; `stop` ends the processes it started (by the pid files in <dir>).
#
#   infra/scripts/redis-cluster.sh start /tmp/svc-cluster 7100
#   REDIS_CLUSTER_NODES=127.0.0.1:7100,127.0.0.1:7101,127.0.0.1:7102 pnpm start
#   infra/scripts/redis-cluster.sh stop /tmp/svc-cluster 7100
set -euo pipefail

usage() {
  echo "usage: $0 start|stop <dir> <first port>" >&2
  exit 2
}
[ $# -eq 3 ] || usage
action=$1
dir=$2
first=$3
[[ $first =~ ^[0-9]+$ ]] || usage
ports=$(seq "$first" $((first + 5)))
# Seconds a primary may be unreachable before its replica is promoted: short, so tests of a
# failover take seconds; production clusters keep Redis's default (15 s) or their own.
node_timeout_ms=${REDIS_CLUSTER_NODE_TIMEOUT_MS:-2000}

stop_nodes() {
  for port in $ports; do
    pidfile="$dir/$port/redis.pid"
    [ -f "$pidfile" ] || continue
    pid=$(cat "$pidfile")
    if kill -0 "$pid" 2>/dev/null; then
      kill "$pid" 2>/dev/null || true
      for _ in $(seq 50); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
      done
      kill -9 "$pid" 2>/dev/null || true
    fi
    rm -f "$pidfile"
  done
}

case $action in
start)
  command -v redis-server >/dev/null || {
    echo "redis-server is not installed (Debian: apt-get install redis-server)" >&2
    exit 1
  }
  for port in $ports; do
    if redis-cli -p "$port" ping >/dev/null 2>&1; then
      echo "port $port is in use: stop what runs there or pick another first port" >&2
      exit 1
    fi
  done
  mkdir -p "$dir"
  for port in $ports; do
    rm -rf "${dir:?}/$port"
    mkdir -p "$dir/$port"
    # No persistence (as the tests' single Redis); appendonly off keeps a killed node's restart empty.
    redis-server --port "$port" --bind 127.0.0.1 --daemonize yes \
      --cluster-enabled yes --cluster-config-file "$dir/$port/nodes.conf" \
      --cluster-node-timeout "$node_timeout_ms" --cluster-require-full-coverage no \
      --save "" --appendonly no --dir "$dir/$port" \
      --pidfile "$dir/$port/redis.pid" --logfile "$dir/$port/redis.log"
  done
  for port in $ports; do
    for _ in $(seq 100); do
      redis-cli -p "$port" ping >/dev/null 2>&1 && break
      sleep 0.1
    done
  done
  # shellcheck disable=SC2046
  redis-cli --cluster create $(for port in $ports; do printf '127.0.0.1:%s ' "$port"; done) \
    --cluster-replicas 1 --cluster-yes >"$dir/create.log" 2>&1 || {
    cat "$dir/create.log" >&2
    stop_nodes
    exit 1
  }
  # Up means: every node sees every slot served, and the three replicas are linked to their
  # primaries (a failover right after start needs a replica in sync).
  for _ in $(seq 300); do
    ok=1
    replicas=0
    for port in $ports; do
      info=$(redis-cli -p "$port" info 2>/dev/null; redis-cli -p "$port" cluster info 2>/dev/null) || true
      grep -q '^cluster_state:ok' <<<"$info" && grep -q '^cluster_slots_ok:16384' <<<"$info" || ok=0
      if grep -q '^role:slave' <<<"$info"; then
        replicas=$((replicas + 1))
        grep -q '^master_link_status:up' <<<"$info" || ok=0
      fi
    done
    [ $replicas -eq 3 ] || ok=0
    if [ $ok -eq 1 ]; then
      echo "Redis Cluster up on 127.0.0.1:$first-$((first + 5))"
      exit 0
    fi
    sleep 0.1
  done
  echo "the cluster did not reach cluster_state:ok in 30 s" >&2
  stop_nodes
  exit 1
  ;;
stop)
  stop_nodes
  ;;
*)
  usage
  ;;
esac
