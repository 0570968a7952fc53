#!/usr/bin/env bash
# The render check of a page the lab or the tool writes (the dashboard, the inspector page):
# opens PAGE in headless Chromium, saves the rendered DOM as OUT/dom.html and a screenshot as
# OUT/page.png, and fails on any console message or uncaught error, and unless the page's own
# script marked it rendered (`<body data-render-check="ok …">`). One judgement, for every page.
# Usage: scripts/lab/check_page.sh NAME PAGE OUT   (NAME names the page in messages)
set -euo pipefail

name=$1
page=$2
out=$3
mkdir -p "$out"
url="file://$(cd "$(dirname "$page")" && pwd)/$(basename "$page")"
chromium_flags=(--headless --no-sandbox --disable-gpu --no-first-run --user-data-dir="$(cd "$out" && pwd)/profile"
                --enable-logging=stderr --v=0 --virtual-time-budget=5000)
timeout 120 chromium "${chromium_flags[@]}" --dump-dom "$url" >"$out/dom.html" 2>"$out/chromium.log"
timeout 120 chromium "${chromium_flags[@]}" --window-size=1100,2400 --screenshot="$(cd "$out" && pwd)/page.png" \
    "$url" >/dev/null 2>>"$out/chromium.log"

if grep -E 'CONSOLE|Uncaught' "$out/chromium.log" >&2; then
    echo "$name: console messages or errors while rendering (above; full log $out/chromium.log)" >&2
    exit 1
fi
check=$(grep -o 'data-render-check="[^"]*"' "$out/dom.html" || true)
if [[ "$check" != 'data-render-check="ok '* ]]; then
    echo "$name: the page's render check did not pass: ${check:-no result (script did not run)}" >&2
    exit 1
fi
[ -s "$out/page.png" ] || { echo "$name: no screenshot" >&2; exit 1; }
echo "$name: renders without console errors, ${check#*=}; screenshot $out/page.png" >&2
