#!/usr/bin/env bash
# The plugin check (a .ci/run step): `swift package bench`, Lattice's command plugin, run where
# a user runs it, in a package of their own that depends on this checkout by path and keeps its
# spec folder in graphql/ (Tests/Fixtures/SmallSpec, copied). `swift package bench --quick
# --spec graphql/` must exit 0, print a decision on stdout and write its report under that
# package's .build/lab/spec-graphql/quick/; a bad argument must fail `swift package`. The
# package is made under a fresh /tmp/lattice-plugin.XXXXXX, so the plugin builds Lattice in
# release from scratch there (removed when the check passes, kept for a look when it fails).
# Each step's time goes to stderr.
# Usage: scripts/lab/check_plugin.sh
set -euo pipefail
shopt -s inherit_errexit
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
work=$(mktemp -d /tmp/lattice-plugin.XXXXXX)
app=$work/App
run=.build/lab/spec-graphql/quick
failures=0
started=$SECONDS

fail() {
    echo "plugin: FAILED: $1" >&2
    failures=$((failures + 1))
}

# step NAME: announces a step; done_step prints how long it took.
step() {
    step_name=$1
    step_started=$SECONDS
    echo "plugin: $step_name ..." >&2
}
done_step() {
    echo "plugin: $step_name: $((SECONDS - step_started)) s" >&2
}

step "making a package that depends on $root"
mkdir -p "$app/Sources/App"
# A path dependency's identity is its folder's name, whatever the checkout is called.
cat >"$app/Package.swift" <<EOF
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "App",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [.package(path: "$root")],
    targets: [.target(name: "App", dependencies: [.product(name: "Lattice", package: "$(basename "$root")")])]
)
EOF
cat >"$app/Sources/App/App.swift" <<'EOF'
import Lattice

/// The strategy the app's handles use: a use of Lattice, so the package depends on it for real.
public let strategy = PhaseStrategy.shipped
EOF
# Links resolved: directives.graphql points at spec/'s, which the copy has not.
cp -RL "$root/Tests/Fixtures/SmallSpec" "$app/graphql"
done_step

cd "$app"
step "swift package bench --quick --spec graphql/ (builds Lattice in release)"
status=0
swift package --allow-writing-to-package-directory bench --quick --spec graphql/ \
    >"$work/run.out" 2>"$work/run.log" || status=$?
done_step
decision=$(grep '^decision: ' "$work/run.out" || true)
if [ $status != 0 ]; then
    fail "swift package bench --quick --spec graphql/ exited $status; its output ends:"
    tail -n 20 "$work/run.log" "$work/run.out" | sed 's/^/    /' >&2
elif [ -z "$decision" ]; then
    fail "swift package bench --quick --spec graphql/ printed no decision line on stdout"
else
    echo "plugin: $decision" >&2
fi
for report in "$run/BENCHMARKS.md" "$run/dashboards/index.html"; do
    [ -s "$report" ] || fail "no $report in $app"
done

step "swift package bench --quick --spec nosuchdir (must fail)"
status=0
swift package --allow-writing-to-package-directory bench --quick --spec nosuchdir \
    >"$work/bad.out" 2>"$work/bad.log" || status=$?
done_step
if [ $status = 0 ]; then
    fail "swift package bench --spec nosuchdir exited 0"
else
    echo "plugin: ok: --spec nosuchdir fails: exit $status, $(grep -m 1 'error: ' "$work/bad.log" || true)" >&2
fi

if [ $failures != 0 ]; then
    echo "plugin: $failures failed after $((SECONDS - started)) s; the package and its logs are in $work" >&2
    exit 1
fi
rm -rf "$work"
echo "plugin: ok: swift package bench ran on a dependent package's graphql/ in $((SECONDS - started)) s" >&2
