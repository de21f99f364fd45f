# Sourced by test.sh: the Ruby SDK's tests (sdks/ruby, run by sdks/test/conformance.test.ts) need
# Ruby 3.1+ with its bundled minitest; Debian's ruby is enough (the SDK uses the standard library
# only). Installs it when missing and this user may; otherwise says how.
if ! command -v ruby >/dev/null 2>&1 || ! command -v gem >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's ruby for the Ruby SDK's tests…" >&2
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ruby) >&2 \
      || echo "Could not install ruby; the Ruby SDK's conformance test will fail." >&2
  else
    echo "The Ruby SDK's tests need Ruby: sudo apt-get install ruby" >&2
  fi
fi
