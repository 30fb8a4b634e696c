#!/usr/bin/env bash
# Proves @trx-shop/client installs and works outside this workspace: packs it with pnpm, checks the
# packed package.json names real version ranges, installs the tarball with npm into an empty project
# in a temporary directory, compiles scripts/packed-client/checkout.ts against it with tsc (strict;
# node16 and bundler module resolution), then runs it against a fresh embedded instance started
# like `pnpm start` (register, order, pay, real-time transaction:confirmed).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/embedded-instance.sh

pnpm exec tsc -b packages/api packages/client
work=$(mktemp -d)
server_pid=
cleanup() {
  stop_embedded_instance
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
start_embedded_instance "$data_dir" LISTENER_INTERVAL_MS=1000

if ! (cd "$consumer" && node dist/checkout.js "$base"); then
  echo "packed-client: the checkout failed; server log:"
  tail -n 40 "$data_dir/server.log"
  exit 1
fi
echo "packed-client: passed"
