# Sourced by test.sh: the dashboard's browser tests drive Debian's Chromium (playwright-core cannot
# download a browser here). Installs it when missing and this user may; otherwise says how.
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's chromium for the browser tests…" >&2
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >&2 \
      || echo "Could not install chromium; the dashboard browser tests will fail." >&2
  else
    echo "The dashboard browser tests need /usr/bin/chromium: sudo apt-get install chromium" >&2
  fi
fi
