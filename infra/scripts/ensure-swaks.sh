# Sourced by test.sh: the SMTP relay's tests drive Debian's swaks (a real SMTP client) besides
# nodemailer. Installs it when missing and this user may; otherwise says how.
if ! command -v swaks >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's swaks for the SMTP relay tests…" >&2
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq swaks) >&2 \
      || echo "Could not install swaks; the SMTP relay's swaks tests will fail." >&2
  else
    echo "The SMTP relay's tests need swaks: sudo apt-get install swaks" >&2
  fi
fi
