# Sourced by test.sh: the PHP SDK's tests (sdks/php, run by sdks/test/conformance.test.ts) need PHP
# 8.2+ and PHPUnit; Debian's php-cli and phpunit are enough (the SDK uses the standard library
# only). Installs them when missing and this user may; otherwise says how.
if ! command -v php >/dev/null 2>&1 || ! command -v phpunit >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's php-cli and phpunit for the PHP SDK's tests…" >&2
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq php-cli phpunit) >&2 \
      || echo "Could not install php-cli and phpunit; the PHP SDK's conformance test will fail." >&2
  else
    echo "The PHP SDK's tests need PHP and PHPUnit: sudo apt-get install php-cli phpunit" >&2
  fi
fi
