# Sourced by the scripts that drive a fresh embedded instance (fuzz.sh, check-metrics.sh,
# check-packed-client.sh), so each starts, waits for and stops the service the same way.

free_port() {
  node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

# start_embedded_instance <data dir> [VAR=value ...]: the built service as `pnpm start` runs it, on
# that data directory and a free port, with the extra settings given; sets `base` and `server_pid`,
# logs to <data dir>/server.log, and returns once /api/health answers (1 if it never does).
start_embedded_instance() {
  local data_dir=$1
  shift
  local port
  port=$(free_port)
  base="http://127.0.0.1:$port"
  env DATA_DIR="$data_dir" PORT="$port" HOST=127.0.0.1 LOG_LEVEL=warn "$@" \
    node packages/api/dist/server.js >"$data_dir/server.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 60); do
    curl -sf "$base/api/health" >/dev/null 2>&1 && return 0
    sleep 0.5
  done
  echo "the embedded instance did not answer /api/health; server log:"
  tail -n 40 "$data_dir/server.log"
  return 1
}

# Stops the instance gracefully (SIGTERM) if one was started.
stop_embedded_instance() {
  if [ -n "${server_pid:-}" ]; then
    kill -TERM "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
}
