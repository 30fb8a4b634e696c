#!/usr/bin/env bash
# Installs what the workspace needs on a fresh machine: the pinned pnpm, then the dependencies,
# compiling the native addons (better-sqlite3, argon2) from source against this Node's headers.
set -euo pipefail
cd "$(dirname "$0")/.."

pnpm_version=$(node -p "require('./package.json').packageManager.split('@')[1]")
if [ "$(pnpm --version 2>/dev/null || true)" != "$pnpm_version" ]; then
  # corepack cannot verify pnpm's signatures on these machines; npm can install it.
  npm install --global --silent "pnpm@${pnpm_version}"
fi

# node-gyp cannot download Node headers without internet, and pnpm ignores .npmrc's nodedir:
# point it at the headers that ship with the running Node.
npm_config_nodedir="$(dirname "$(dirname "$(command -v node)")")"
export npm_config_nodedir

if [ "${CI:-}" = "true" ]; then
  pnpm install --frozen-lockfile
else
  pnpm install
fi

# Build once what `pnpm start`, the CLI and the benchmark run (never the test projects), and the
# web apps the API serves, so the first start compiles nothing.
pnpm exec tsc -b packages/api packages/bench
pnpm build:web
