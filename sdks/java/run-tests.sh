#!/usr/bin/env bash
# The Java SDK's tests without Maven (Maven Central may be unreachable): one javac of the SDK, its
# tests and the example against Debian's jars (jackson, junit5), then JUnit 5's console launcher.
# `mvn test` runs the same tests where Maven Central is reachable. Arguments go to the launcher
# (default: every test; e.g. `--select-method io.github.svcemail.OfflineTest#coverage`).
set -euo pipefail
cd "$(dirname "$0")"
jars="${SVC_JAVA_JARS:-/usr/share/java}"
classpath="$jars/jackson-databind.jar:$jars/jackson-core.jar:$jars/jackson-annotations.jar"
launcher="$jars/junit-platform-console-standalone.jar"
for needed in javac java "$jars/jackson-databind.jar" "$launcher"; do
  if ! command -v "$needed" >/dev/null 2>&1 && [ ! -f "$needed" ]; then
    echo "missing $needed: apt-get install default-jdk-headless junit5 libjackson2-databind-java (infra/scripts/ensure-test-tools.sh does it for npm test)" >&2
    exit 2
  fi
done
out=target/offline
# Compiled once, again only when a source changed.
if [ ! -f "$out/.built" ] || [ -n "$(find src examples -name '*.java' -newer "$out/.built" | head -1)" ]; then
  rm -rf "$out" && mkdir -p "$out/classes"
  find src examples -name '*.java' >"$out/sources"
  javac -Xlint:all -Werror -encoding UTF-8 --release 17 -d "$out/classes" -cp "$classpath:$launcher" "@$out/sources"
  touch "$out/.built"
fi
if [ "$#" -eq 0 ]; then set -- --scan-class-path; fi
exec java -jar "$launcher" --class-path "$out/classes:$classpath" --disable-banner --disable-ansi-colors \
  --details=tree --details-theme=ascii --include-engine=junit-jupiter "$@"
