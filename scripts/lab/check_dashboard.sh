#!/usr/bin/env bash
# The dashboard render check (a scripts/test.sh step): generates the dashboard from the
# committed sample results into .build/lab/render-check/, opens it in headless Chromium,
# fails on any console message or uncaught error and unless the page's own check marked
# every chart laid out, and saves a screenshot beside it.
# Usage: scripts/lab/check_dashboard.sh [LATTICE_BINARY]   (default .build/debug/lattice)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

lattice=${1:-.build/debug/lattice}
out=.build/lab/render-check
rm -rf "$out"
mkdir -p "$out"

"$lattice" report --results Tests/Fixtures/sample-results.json --limits spec/limits.json \
    --out "$out/BENCHMARKS.md" --dashboard "$out/dashboards" --history "$out/dashboards/history.json" >/dev/null

page="file://$PWD/$out/dashboards/index.html"
chromium_flags=(--headless --no-sandbox --disable-gpu --no-first-run --user-data-dir="$PWD/$out/profile"
                --enable-logging=stderr --v=0 --virtual-time-budget=5000)
timeout 120 chromium "${chromium_flags[@]}" --dump-dom "$page" >"$out/dom.html" 2>"$out/chromium.log"
timeout 120 chromium "${chromium_flags[@]}" --window-size=1100,2400 --screenshot="$PWD/$out/dashboard.png" \
    "$page" >/dev/null 2>>"$out/chromium.log"

if grep -E 'CONSOLE|Uncaught' "$out/chromium.log" >&2; then
    echo "dashboard: console messages or errors while rendering (above; full log $out/chromium.log)" >&2
    exit 1
fi
check=$(grep -o 'data-render-check="[^"]*"' "$out/dom.html" || true)
if [[ "$check" != 'data-render-check="ok '* ]]; then
    echo "dashboard: the page's render check did not pass: ${check:-no result (script did not run)}" >&2
    exit 1
fi
[ -s "$out/dashboard.png" ] || { echo "dashboard: no screenshot" >&2; exit 1; }
echo "dashboard: renders without console errors, ${check#*=}; screenshot $out/dashboard.png" >&2
