#!/usr/bin/env bash
# Usage: infra/scripts/new-migration.sh <name>
# Writes prisma/migrations/<timestamp>_<name>/migration.sql from the difference between the
# schema committed at HEAD and the working copy of prisma/schema.prisma. Schema-to-schema diffs
# need no shadow database, which Prisma 6.19's adapter path cannot provide (toolchain.md).
# Commit the schema change and its migration together, at once.
set -euo pipefail
cd "$(dirname "$0")/../.."
name="${1:?usage: new-migration.sh <name>}"
before=$(mktemp --suffix=.prisma)
trap 'rm -f "$before"' EXIT
git show HEAD:prisma/schema.prisma > "$before"
dir="prisma/migrations/$(date -u +%Y%m%d%H%M%S)_${name}"
sql=$(node_modules/.bin/prisma migrate diff --from-schema-datamodel "$before" --to-schema-datamodel prisma/schema.prisma --script 2>/dev/null)
if ! grep -qvE '^(--.*)?$' <<<"$sql"; then
  echo "No schema change against HEAD; nothing written." >&2
  exit 1
fi
mkdir -p "$dir"
printf '%s\n' "$sql" > "$dir/migration.sql"
echo "$dir/migration.sql"
