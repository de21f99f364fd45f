# Sourced by start.sh and test.sh: pnpm, dependencies, the Prisma client. Idempotent and quick
# when everything is already in place.
if ! command -v pnpm >/dev/null 2>&1; then
  echo "Installing pnpm 10 (corepack's signature check fails on some registries)…" >&2
  npm install -g pnpm@10 >/dev/null 2>&1 || { echo "Could not install pnpm: npm install -g pnpm@10 failed" >&2; exit 1; }
fi
pnpm install --frozen-lockfile --prefer-offline >&2
node_modules/.bin/prisma generate >/dev/null
