#!/usr/bin/env bash
# The fail-closed check (a scripts/test.sh step): builds throwaway benchmark executables from
# scripts/lab/FakeBenchmark.swift into .build/lab/fail-closed/ (never part of the package, so
# never shipped with the suite), points scripts/lib/suite.sh's run_suite at them, and checks
# that an executable dying by a signal, with or without --filter, fails the run naming the
# executable, the signal and the benchmarks that did not report; that one exiting 0 without
# reporting a benchmark it listed fails too; that a filter matching nothing anywhere is an
# error; and that an executable with nothing selected is skipped.
# Usage: scripts/lab/check_fail_closed.sh
set -euo pipefail
shopt -s inherit_errexit
source "$(dirname "${BASH_SOURCE[0]}")/../lib/suite.sh"
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

out=.build/lab/fail-closed
rm -rf "$out"
mkdir -p "$out/bin"
ulimit -c 0  # the crashes are on purpose: no core files
swiftc -Onone scripts/lab/FakeBenchmark.swift -o "$out/bin/Fine" 2>&1 | grep -v '^$' >&2 || true
[ -x "$out/bin/Fine" ] || { echo "fail-closed: cannot build scripts/lab/FakeBenchmark.swift" >&2; exit 1; }
for name in Segfaults Traps Forgets Legacy; do cp "$out/bin/Fine" "$out/bin/$name"; done
bin=$(cd "$out/bin" && pwd)

failures=0
# expect STATUS NAMES FILTER PATTERN...: run_suite over the executables NAMES with FILTER
# must exit with STATUS and its log must match every extended regular expression PATTERN.
expect() {
    local want=$1 names=$2 pattern
    filter=$3
    shift 3
    local case_out="$out/run-$((++runs))" status=0
    (quick=1; run_suite "$bin" . "$case_out" "$names") 2>"$case_out.log" || status=$?
    local problem=""
    [ "$status" = "$want" ] || problem="exit $status, expected $want"
    for pattern in "$@"; do
        grep -qE -- "$pattern" "$case_out.log" || problem+="${problem:+; }no line matches /$pattern/"
    done
    if [ -n "$problem" ]; then
        echo "fail-closed: FAILED: run_suite '$names' --filter '$filter': $problem; its log:" >&2
        sed 's/^/    /' "$case_out.log" >&2
        failures=$((failures + 1))
    else
        echo "fail-closed: ok: '$names' --filter '$filter' exits $status" >&2
        grep -E 'FAILED|did not report|^    |not run|nothing matches' "$case_out.log" | sed 's/^/    /' >&2 || true
    fi
}
runs=0

expect 1 "Fine Segfaults Legacy" "a" \
    'FAILED: Segfaults was killed by SIGSEGV \(status 139\)' \
    'benchmarks of Segfaults that did not report \(2\)' '^    Segfaults/alpha$' '^    Segfaults/beta$' \
    'not run: Legacy'
expect 1 "Fine Segfaults" "" 'FAILED: Segfaults was killed by SIGSEGV' '^    Segfaults/beta$'
expect 1 "Traps" "beta" 'FAILED: Traps was killed by SIG(ILL|TRAP)' '^    Traps/beta$'
expect 1 "Fine Forgets" "" 'FAILED: Forgets exited 0 but did not report everything it listed' '^    Forgets/beta$'
expect 1 "Fine Segfaults" "zzz" "FAILED: no benchmark matching 'zzz' to run in Fine Segfaults"
expect 0 "Fine Segfaults Legacy" "Fine/" "Segfaults: nothing matches 'Fine/'" \
    "Legacy: nothing matches 'Fine/' \(it exited 1 without results; it predates --list\)"
expect 1 "Legacy" "zzz" "FAILED: no benchmark matching 'zzz' ran in Legacy"

if [ $failures -gt 0 ]; then
    echo "fail-closed: $failures of $runs cases failed" >&2
    exit 1
fi
echo "fail-closed: $runs of $runs cases pass" >&2
