# Sourced by test.sh: the tools the tests drive as real parts, from Debian's archive (no other
# package registry is reachable here). Whatever is missing is installed in one apt-get run, which
# waits for another apt's lock instead of failing beside it; a user who may not install is told
# what to install. A tool still missing afterwards makes its tests fail, never skip.
#
# Each line: the executable (or, as an absolute path, the file) to look for, the Debian package,
# the tests that need it.
svc_test_tools=(
  "/usr/bin/chromium chromium the dashboard's browser tests"
  "pgbouncer pgbouncer the connection-pooling test"
  "swaks swaks the SMTP relay's tests"
  "go golang-go the Go SDK's tests and the Helm chart's rendering"
  "php php-cli the PHP SDK's tests"
  "phpunit phpunit the PHP SDK's tests"
  "ruby ruby the Ruby SDK's tests"
  "javac default-jdk-headless the Java SDK's tests"
  "/usr/share/java/junit-platform-console-standalone.jar junit5 the Java SDK's tests"
  "/usr/share/java/jackson-databind.jar libjackson2-databind-java the Java SDK's tests"
  "buildah buildah the production image's test (test/e2e/image.test.ts)"
  "podman podman the production image's test"
  "skopeo skopeo the production image's base (infra/scripts/image-base.sh)"
  "debootstrap debootstrap the production image's base"
  "runc runc the production image's test (podman's runtime here: crun refuses hybrid cgroups)"
)

svc_missing_packages=()
for svc_tool in "${svc_test_tools[@]}"; do
  read -r svc_executable svc_package svc_purpose <<< "$svc_tool"
  if [[ "$svc_executable" == /* ]]; then
    svc_found=$([ -e "$svc_executable" ] && echo yes || true)
  else
    svc_found=$({ command -v "$svc_executable" >/dev/null 2>&1 || [ -x "/usr/sbin/$svc_executable" ]; } && echo yes || true)
  fi
  if [ -z "$svc_found" ]; then
    echo "Missing $svc_executable ($svc_package), needed by $svc_purpose." >&2
    svc_missing_packages+=("$svc_package")
  fi
done

if [ "${#svc_missing_packages[@]}" -gt 0 ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing ${svc_missing_packages[*]} from Debian's archive…" >&2
    svc_apt=(apt-get -o DPkg::Lock::Timeout=600 -qq)
    ("${svc_apt[@]}" update && DEBIAN_FRONTEND=noninteractive "${svc_apt[@]}" install -y "${svc_missing_packages[@]}") >&2 \
      || echo "Could not install ${svc_missing_packages[*]}; the tests that need them will fail." >&2
  else
    echo "Install them first: sudo apt-get install ${svc_missing_packages[*]}" >&2
  fi
fi
unset svc_test_tools svc_missing_packages svc_tool svc_executable svc_package svc_purpose svc_apt svc_found
