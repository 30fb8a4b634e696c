#!/usr/bin/env bash
# Runs the domain and API projects (and the pure chain packages) under Node 24, as CI's
# compatibility check. The native addons are rebuilt against Node 24's headers first, so this
# runs last: afterwards node_modules holds Node 24 builds. Writes test-results/vitest-node24.json.
set -euo pipefail
cd "$(dirname "$0")/.."

node24_root=$(mktemp -d)
(cd "$node24_root" && npm install --no-save --silent node@24 >/dev/null)
header=$(find "$node24_root/node_modules" -path '*include/node/node.h' | head -n 1)
node24_home=$(dirname "$(dirname "$(dirname "$header")")")
export PATH="$node24_home/bin:$PATH"
echo "running under $(node --version)"

npm_config_nodedir="$node24_home" pnpm rebuild better-sqlite3 argon2 >/dev/null
node node_modules/vitest/vitest.mjs run \
  --project domain --project tron-devnet --project chain-tron --project api \
  --reporter=default --reporter=json --outputFile.json=test-results/vitest-node24.json
