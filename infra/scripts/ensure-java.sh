# Sourced by test.sh: the Java SDK's tests (sdks/java/run-tests.sh, run by
# sdks/test/conformance.test.ts) need a JDK, JUnit 5's console launcher and Jackson; Debian's
# default-jdk-headless, junit5 and libjackson2-databind-java are enough (Maven Central is not
# needed). Installs them when missing and this user may; otherwise says how.
if ! command -v javac >/dev/null 2>&1 || [ ! -f /usr/share/java/junit-platform-console-standalone.jar ] \
  || [ ! -f /usr/share/java/jackson-databind.jar ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's default-jdk-headless, junit5 and libjackson2-databind-java for the Java SDK's tests…" >&2
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jdk-headless junit5 libjackson2-databind-java) >&2 \
      || echo "Could not install the Java toolchain; the Java SDK's conformance test will fail." >&2
  else
    echo "The Java SDK's tests need: sudo apt-get install default-jdk-headless junit5 libjackson2-databind-java" >&2
  fi
fi
