#!/usr/bin/env bash
# The dashboard render check (a scripts/test.sh step): generates the dashboard from the
# committed sample results into .build/lab/render-check/, and checks it in headless Chromium
# (scripts/lab/check_page.sh: no console message or uncaught error, the page's own check
# marked every chart laid out, a screenshot beside it), then each section's charts against the
# results they draw (scripts/lab/check_dashboard.py: every chart there, with as many bars and
# points laid out as the results hold).
# Usage: scripts/lab/check_dashboard.sh [LATTICE_BINARY]   (default .build/debug/lattice)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

lattice=${1:-.build/debug/lattice}
out=.build/lab/render-check
rm -rf "$out"
mkdir -p "$out"

"$lattice" report --results Tests/Fixtures/sample-results.json --limits spec/limits.json \
    --out "$out/BENCHMARKS.md" --dashboard "$out/dashboards" --history "$out/dashboards/history.json" >/dev/null

scripts/lab/check_page.sh dashboard "$out/dashboards/index.html" "$out"
python3 scripts/lab/check_dashboard.py "$out/dom.html" Tests/Fixtures/sample-results.json "$out/dashboards/history.json" \
    spec/limits.json "$out/BENCHMARKS.md"
