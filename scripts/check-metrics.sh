#!/usr/bin/env bash
# Lints what `/metrics` serves with promtool (`promtool check metrics`): a fresh embedded instance
# on a temporary data directory, `METRICS_PORT` on 127.0.0.1, a few requests, then one scrape.
# promtool comes with Debian's `prometheus` package. Under CI=true a missing promtool is
# installed (as root) or fails the step; elsewhere the script prints a notice and skips.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/embedded-instance.sh

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
server_pid=
cleanup() {
  stop_embedded_instance
  rm -rf "$data_dir"
}
trap cleanup EXIT
metrics_port=$(free_port)
start_embedded_instance "$data_dir" METRICS_PORT=$metrics_port ADMIN_EMAIL=metrics-admin@trx-shop.test \
  ADMIN_PASSWORD="metrics admin $(node -e "console.log(require('crypto').randomBytes(8).toString('hex'))")"

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
