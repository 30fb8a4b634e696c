#!/usr/bin/env bash
# Proves @trx-shop/client installs and works outside this workspace: packs it with pnpm, checks the
# packed package.json names real version ranges, installs the tarball with npm into an empty project
# in a temporary directory, compiles scripts/packed-client/checkout.ts against it with tsc (strict;
# node16 and bundler module resolution), then runs it against a fresh embedded instance started
# like `pnpm start` (register, order, pay, real-time transaction:confirmed).
set -euo pipefail
cd "$(dirname "$0")/.."

pnpm exec tsc -b packages/api packages/client
work=$(mktemp -d)
server_pid=
cleanup() {
  if [ -n "$server_pid" ]; then
    kill -TERM "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 143' INT TERM

(cd packages/client && pnpm pack --pack-destination "$work" >/dev/null)
tarball=$(ls "$work"/trx-shop-client-*.tgz)
echo "packed-client: packed $(basename "$tarball")"
if tar -xOzf "$tarball" package/package.json | grep -E '"(catalog|workspace):'; then
  echo "packed-client: the packed package.json still has catalog: or workspace: ranges"
  exit 1
fi

consumer=$work/consumer
mkdir "$consumer"
cp scripts/packed-client/checkout.ts scripts/packed-client/tsconfig.*.json "$consumer"
printf '{ "name": "packed-client-consumer", "private": true, "type": "module" }\n' >"$consumer/package.json"
typescript=$(node -p "require('./packages/client/node_modules/typescript/package.json').version")
(cd "$consumer" && npm install --no-audit --no-fund --loglevel=error \
  "$tarball" "typescript@$typescript" "@types/node@^20.19.0")
(cd "$consumer" && npx tsc -p tsconfig.bundler.json && npx tsc -p tsconfig.node16.json)
echo "packed-client: checkout.ts compiles against the tarball (node16 and bundler resolution)"

data_dir=$work/data
mkdir "$data_dir"
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
base="http://127.0.0.1:$port"
DATA_DIR="$data_dir" PORT=$port HOST=127.0.0.1 LOG_LEVEL=warn LISTENER_INTERVAL_MS=1000 \
  node packages/api/dist/server.js >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 60); do
  curl -sf "$base/api/health" >/dev/null 2>&1 && break
  sleep 0.5
done

if ! (cd "$consumer" && node dist/checkout.js "$base"); then
  echo "packed-client: the checkout failed; server log:"
  tail -n 40 "$work/server.log"
  exit 1
fi
echo "packed-client: passed"
