#!/usr/bin/env bash
# Lints what `/metrics` serves with promtool (`promtool check metrics`): a fresh embedded instance
# on a temporary data directory, `METRICS_PORT` on 127.0.0.1, a few requests, then one scrape.
# promtool comes with Debian's `prometheus` package. Under CI=true a missing promtool is
# installed (as root) or fails the step; elsewhere the script prints a notice and skips.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v promtool >/dev/null 2>&1 && [ "${CI:-}" = "true" ] && [ "$(id -u)" = "0" ]; then
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus >/dev/null) ||
    echo "check-metrics: apt-get install prometheus failed"
fi
if ! command -v promtool >/dev/null 2>&1; then
  if [ "${CI:-}" = "true" ]; then
    echo "check-metrics: promtool is missing (Debian: apt-get install prometheus)"
    exit 1
  fi
  echo "notice: promtool not found (Debian: apt-get install prometheus); /metrics not checked"
  exit 0
fi

pnpm exec tsc -b packages/api
data_dir=$(mktemp -d)
free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
port=$(free_port)
metrics_port=$(free_port)
base="http://127.0.0.1:$port"
DATA_DIR="$data_dir" PORT=$port HOST=127.0.0.1 METRICS_PORT=$metrics_port LOG_LEVEL=warn \
  ADMIN_EMAIL=metrics-admin@trx-shop.test ADMIN_PASSWORD="metrics admin $(node -e "console.log(require('crypto').randomBytes(8).toString('hex'))")" \
  node packages/api/dist/server.js >"$data_dir/server.log" 2>&1 &
server_pid=$!
cleanup() {
  kill -TERM "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  rm -rf "$data_dir"
}
trap cleanup EXIT
for _ in $(seq 1 60); do
  curl -sf "$base/api/health" >/dev/null 2>&1 && break
  sleep 0.5
done

# Requests that fill the request histogram with a few routes and statuses.
curl -s -o /dev/null "$base/api/products"
curl -s -o /dev/null "$base/api/products/$(printf 'ab%.0s' $(seq 12))"
curl -s -o /dev/null "$base/api/orders"
if ! curl -sf "http://127.0.0.1:$metrics_port/metrics" >"$data_dir/metrics.txt"; then
  echo "check-metrics: no answer from /metrics; server log:"
  tail -n 40 "$data_dir/server.log"
  exit 1
fi
echo "check-metrics: $(grep -c '^# TYPE' "$data_dir/metrics.txt") series families scraped"
promtool check metrics <"$data_dir/metrics.txt"
echo "check-metrics: promtool check metrics passed"
