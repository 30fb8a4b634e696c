#!/usr/bin/env bash
# Lints docs/openapi.json with two pinned linters and fails on any error or warning:
#   Redocly CLI, recommended rules (redocly.yaml; exceptions in .redocly.lint-ignore.yaml)
#   Spectral, spectral:oas rules (.spectral.yaml, exceptions in its overrides)
# Each exception carries its reason in its file. npx fetches the pinned versions into its cache
# (nothing is added to package.json). A linter that cannot be installed fails the run under
# CI=true; elsewhere it is skipped with a notice.
set -euo pipefail
cd "$(dirname "$0")/.."

REDOCLY=@redocly/cli@2.77.0
SPECTRAL=@stoplight/spectral-cli@6.16.3
DOCUMENT=docs/openapi.json

status=0

installed() { # package bin: the pinned package runs (npx installs it on first use)
  npx --yes --package "$1" -- "$2" --version >/dev/null 2>&1
}

missing() { # package
  if [ "${CI:-}" = true ]; then
    echo "lint-openapi: $1 could not be installed, and CI needs it"
    status=1
  else
    echo "notice: lint-openapi: $1 could not be installed; skipped"
  fi
}

if installed "$REDOCLY" redocly; then
  # Redocly exits 0 on warnings, so its JSON report is counted instead.
  report=$(mktemp)
  npx --yes --package "$REDOCLY" -- redocly lint "$DOCUMENT" --format=json --lint-config=error \
    >"$report" 2>/dev/null || true
  node -e '
    const text = require("node:fs").readFileSync(process.argv[1], "utf8");
    let report;
    try { report = JSON.parse(text); } catch { console.log("redocly: no report:", text.slice(0, 500)); process.exit(1); }
    for (const p of report.problems) console.log(`redocly: ${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    const { errors, warnings, ignored } = report.totals;
    console.log(`redocly ${report.version}: ${errors} errors, ${warnings} warnings (${ignored} ignored with a reason)`);
    process.exit(errors + warnings === 0 ? 0 : 1);
  ' "$report" || status=1
  rm -f "$report"
else
  missing "$REDOCLY"
fi

if installed "$SPECTRAL" spectral; then
  if npx --yes --package "$SPECTRAL" -- spectral lint "$DOCUMENT" --ruleset .spectral.yaml \
    --fail-severity=warn; then
    echo "spectral $(npx --yes --package "$SPECTRAL" -- spectral --version): 0 errors, 0 warnings"
  else
    status=1
  fi
else
  missing "$SPECTRAL"
fi

exit "$status"
