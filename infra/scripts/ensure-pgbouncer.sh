# Sourced by test.sh: the end-to-end test through a transaction-pooling PgBouncer runs Debian's
# pgbouncer. Installs it when missing and this user may; otherwise says how.
if ! command -v pgbouncer >/dev/null 2>&1 && [ ! -x /usr/sbin/pgbouncer ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's pgbouncer for the connection-pooling test…" >&2
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq pgbouncer) >&2 \
      || echo "Could not install pgbouncer; the PgBouncer test will fail." >&2
  else
    echo "The PgBouncer test needs pgbouncer: sudo apt-get install pgbouncer" >&2
  fi
fi
