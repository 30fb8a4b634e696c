#!/usr/bin/env bash
# Fuzzes the API from its own OpenAPI document with Schemathesis (pinned, in a private virtual
# environment) against a fresh embedded instance, once anonymous (no token), once authenticated as
# a user and once as an admin, with every check (`--checks all`); schemathesis.toml holds the
# exceptions, each with its reason. It must find nothing.
#
#   bash scripts/fuzz.sh            a longer run with a random seed (pnpm fuzz)
#   bash scripts/fuzz.sh --ci       CI: a fixed seed and a bound on examples (about 4 min on 2 cores)
#
# FUZZ_SEED and FUZZ_MAX_EXAMPLES override either mode. The seed is always printed, so any run
# can be repeated exactly.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/embedded-instance.sh

SCHEMATHESIS_VERSION=4.32.5
usage='usage: pnpm fuzz [--ci]
Fuzzes the API from its OpenAPI document with Schemathesis against a fresh embedded instance, as a
user and as an admin; a random seed (printed), or with --ci a fixed one and fewer examples.
FUZZ_SEED and FUZZ_MAX_EXAMPLES override either mode.'
# Arguments are checked before anything is installed or started.
mode=long
case "$#:${1:-}" in
  0:) ;;
  1:--ci) mode=--ci ;;
  1:--help | 1:-h)
    echo "$usage"
    exit 0
    ;;
  *)
    printf 'fuzz: unexpected arguments: %s\n%s\n' "$*" "$usage" >&2
    exit 2
    ;;
esac
if [ "$mode" = "--ci" ]; then
  seed=${FUZZ_SEED:-20261123}
  max_examples=${FUZZ_MAX_EXAMPLES:-10}
else
  seed=${FUZZ_SEED:-$((RANDOM * 32768 + RANDOM))}
  max_examples=${FUZZ_MAX_EXAMPLES:-100}
fi

venv=.cache/schemathesis-$SCHEMATHESIS_VERSION
if [ ! -x "$venv/bin/schemathesis" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi

# The service as `pnpm start` runs it, on a fresh data directory, with the rate limits raised so
# the fuzzer's request rate is not what gets tested.
pnpm exec tsc -b packages/api
data_dir=$(mktemp -d)
server_pid=
cleanup() {
  stop_embedded_instance
  rm -rf "$data_dir"
}
trap cleanup EXIT
admin_email=fuzz-admin@trx-shop.test
admin_password="fuzz admin $(node -e "console.log(require('crypto').randomBytes(8).toString('hex'))")"
start_embedded_instance "$data_dir" LISTENER_INTERVAL_MS=1000 \
  RATE_LIMIT_MAX=10000000 AUTH_RATE_LIMIT_MAX=10000000 \
  ADMIN_EMAIL=$admin_email ADMIN_PASSWORD="$admin_password"

access_token() { # email password -> the accessToken cookie of a fresh login
  curl -s -D - -o /dev/null -H 'content-type: application/json' \
    -d "{\"email\":\"$1\",\"password\":\"$2\"}" "$base/api/auth/login" |
    sed -n 's/^[Ss]et-[Cc]ookie: accessToken=\([^;]*\).*/\1/p'
}
user_password="fuzz user password"
curl -sf -o /dev/null -H 'content-type: application/json' \
  -d "{\"email\":\"fuzz-user@example.com\",\"username\":\"fuzz_user\",\"password\":\"$user_password\",\"passwordConfirm\":\"$user_password\"}" \
  "$base/api/auth/register"

# Operations that end the caller's own session would turn the rest of the run into 401s.
excluded=(
  "/api/auth/logout:ends the session the fuzzer uses"
  "/api/sessions/{id}:revoking a session can end the fuzzer's own"
  "/api/users/password:a password change ends the fuzzer's other sessions (and may change its password)"
  "/api/security/2fa/disable:turning 2FA off is refused without a real code; with one it changes the login the fuzzer uses"
  "/api/ws:a WebSocket upgrade, not a request/response operation (covered by test/realtime)"
)
exclude_args=()
for entry in "${excluded[@]}"; do
  path=${entry%%:*}
  echo "fuzz: excluded $path: ${entry#*:}"
  exclude_args+=(--exclude-path "$path")
done

# One worker: with two, Hypothesis' lambda descriptions call Python 3.11's ast.parse from
# threads, which is not thread-safe there (a SystemError inside the fuzzer, not the service).
echo "fuzz: seed $seed, at most $max_examples examples per operation, against $base"
status=0
for role in anonymous user admin; do
  auth_args=()
  if [ "$role" != anonymous ]; then
    if [ "$role" = user ]; then token=$(access_token fuzz-user@example.com "$user_password"); else token=$(access_token "$admin_email" "$admin_password"); fi
    if [ -z "$token" ]; then echo "fuzz: could not log in as the $role"; exit 1; fi
    auth_args=(-H "Authorization: Bearer $token")
  fi
  echo "fuzz: $role"
  "$venv/bin/schemathesis" --config-file schemathesis.toml run "$base/api/docs/json" \
    ${auth_args[@]+"${auth_args[@]}"} \
    --checks all \
    --seed "$seed" --max-examples "$max_examples" --no-shrink \
    --workers 1 \
    --warnings off \
    "${exclude_args[@]}" || status=1
done
if [ "$status" -ne 0 ]; then
  echo "fuzz: failures found (seed $seed); server log:"
  tail -n 40 "$data_dir/server.log"
fi
exit "$status"
