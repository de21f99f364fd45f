# Sourced by test.sh: the Go SDK's tests (sdks/go, run by sdks/test/conformance.test.ts) need a Go
# toolchain; Debian's golang-go is enough (the SDK uses the standard library only). Installs it
# when missing and this user may; otherwise says how.
if ! command -v go >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's golang-go for the Go SDK's tests…" >&2
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq golang-go) >&2 \
      || echo "Could not install golang-go; the Go SDK's conformance test will fail." >&2
  else
    echo "The Go SDK's tests need Go: sudo apt-get install golang-go" >&2
  fi
fi
