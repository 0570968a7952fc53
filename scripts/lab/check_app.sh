#!/usr/bin/env bash
# The app check (scripts/test.sh's last step): Examples/IssueTracker built and tested where an
# app lives, outside the repository. Its files are copied (links resolved: its schema.graphql
# links spec/'s) to a fresh /tmp/lattice-app.XXXXXX, its dependency pointed at this checkout by
# absolute path, and `swift test` runs there: the build plugin generates its code from its
# .graphql files and a schema that declares no client directive, with no resource, and its tests
# run against the loopback server over HTTP (the first query, a page loaded, an optimistic
# close shown before the answer, a deferred fragment landing, a subscription).
#
# The build goes to .build/app-check under the checkout (--scratch-path), so a second run builds
# only the app: a first one builds Lattice twice (for the target and, for the plugin's tool, the
# host), several minutes on a busy 2-core machine. The copy is removed when the check passes and
# kept for a look when it fails. Each step's time goes to stderr.
# Usage: scripts/lab/check_app.sh   (LATTICE_PYTHON: the loopback server's Python, as for swift test)
set -euo pipefail
shopt -s inherit_errexit
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
work=$(mktemp -d /tmp/lattice-app.XXXXXX)
app=$work/IssueTracker
started=$SECONDS

fail() {
    echo "app: FAILED: $1; the package is in $app" >&2
    exit 1
}

echo "app: copying Examples/IssueTracker to $app" >&2
mkdir -p "$app"
tar -C "$root/Examples/IssueTracker" --exclude=./.build -chf - . | tar -C "$app" -xf -
# The one line that names the checkout: a relative path there, this checkout's absolute one here.
sed -i "s|\.package(name: \"Lattice\", path: \"../..\")|.package(name: \"Lattice\", path: \"$root\")|" "$app/Package.swift"
grep -q "path: \"$root\")" "$app/Package.swift" || fail "Package.swift has no .package(name: \"Lattice\", path: \"../..\") to point at $root"
! grep -q "resources" "$app/Package.swift" || fail "Package.swift declares resources: the app must run from generated code alone"
! grep -q "^directive @" "$app/Sources/IssueTracker/schema.graphql" \
    || fail "schema.graphql declares directives: Lattice's client directives are built in"

echo "app: swift test (scratch path $root/.build/app-check)" >&2
status=0
(cd "$app" && swift test --scratch-path "$root/.build/app-check") >"$work/test.log" 2>&1 || status=$?
if [ $status != 0 ]; then
    tail -n 40 "$work/test.log" >&2
    fail "swift test exited $status after $((SECONDS - started)) s"
fi
grep -E "^✔ Test run with" "$work/test.log" >&2 || fail "swift test printed no test run (its output is $work/test.log)"
! grep -E "skipped" "$work/test.log" >&2 || fail "tests were skipped (no loopback server's Python? set LATTICE_PYTHON)"
rm -rf "$work"
echo "app: ok: Examples/IssueTracker built and tested outside the repository in $((SECONDS - started)) s" >&2
