#!/usr/bin/env bash
# Runs the whole test suite but the browser tests under Node 24 (the npm package node@24), as CI's compatibility check.
# Writes test-results/vitest-node24.json. The native addons need no rebuild: argon2 is a Node-API
# build, and the SQLite store loads better-sqlite3 13 (Node-API 10) there instead of 12
# (packages/store-sqlite/src/sqlite-driver.ts says why).
set -euo pipefail
cd "$(dirname "$0")/.."

node24_root=$(mktemp -d)
(cd "$node24_root" && npm install --no-save --silent node@24 >/dev/null)
node24_bin=$(find "$node24_root/node_modules" -path '*/bin/node' -type f | head -n 1)
export PATH="$(dirname "$node24_bin"):$PATH"
echo "running under $(node --version) (Node-API $(node -p process.versions.napi))"

# The browser tests run once per CI, in the Node 20 run: what they check is the page, not Node.
echo "the browser tests (packages/web/test/e2e, the bench's admin pages) are left out: they ran in the Node 20 run"
# Exclude patterns match paths relative to each project's root.
node node_modules/vitest/vitest.mjs run --exclude '**/test/e2e/**' --exclude 'test/admin-pages.test.ts' \
  --reporter=default --reporter=json --outputFile.json=test-results/vitest-node24.json
