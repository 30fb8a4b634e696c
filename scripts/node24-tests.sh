#!/usr/bin/env bash
# Runs the packages without native addons (domain, devnet, chain adapter) under Node 24, as CI's
# compatibility check. Writes test-results/vitest-node24.json.
#
# Known issue (docs/operations.md): better-sqlite3 12 aborts in a statement destructor under
# Node 24 (node::RemoveEnvironmentCleanupHook assertion), killing test workers and service
# processes, so the store and API projects cannot run on Node 24 yet.
set -euo pipefail
cd "$(dirname "$0")/.."

node24_root=$(mktemp -d)
(cd "$node24_root" && npm install --no-save --silent node@24 >/dev/null)
header=$(find "$node24_root/node_modules" -path '*include/node/node.h' | head -n 1)
node24_home=$(dirname "$(dirname "$(dirname "$header")")")
export PATH="$node24_home/bin:$PATH"
echo "running under $(node --version)"
echo "notice: the api, store-sqlite and store-mongodb projects are NOT run under Node 24: better-sqlite3 12 aborts there (docs/operations.md)"

node node_modules/vitest/vitest.mjs run \
  --project domain --project tron-devnet --project chain-tron \
  --reporter=default --reporter=json --outputFile.json=test-results/vitest-node24.json
