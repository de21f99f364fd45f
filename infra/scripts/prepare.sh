# Sourced by start.sh and test.sh: pnpm, dependencies, the Prisma client. Idempotent and quick
# when everything is already in place.
if ! command -v pnpm >/dev/null 2>&1; then
  echo "Installing pnpm 10 (corepack's signature check fails on some registries)…" >&2
  npm install -g pnpm@10 >/dev/null 2>&1 || alias pnpm="npx -y pnpm@10"
fi
pnpm install --frozen-lockfile --prefer-offline >&2
node_modules/.bin/prisma generate >/dev/null
