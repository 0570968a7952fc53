#!/usr/bin/env bash
# The test command: installs what is missing, builds, runs the Swift tests, then the
# conformance and fixture checks, and the lab end to end on the second spec folder
# (Tests/Fixtures/SmallSpec, the benchmarks its limits judge, on the debug build), and the
# example app outside the repository (scripts/lab/check_app.sh). Run from anywhere; exits
# non-zero on the first failure.
#
# `scripts/test.sh --sanitize address` (or `thread`) instead builds the package and its tests
# under that sanitizer, without jemalloc (LATTICE_SANITIZE: the sanitizer must be the
# allocator; allocation-counting tests are skipped), in .build/sanitize-KIND, and runs the
# Swift tests there; the other checks do not change under a sanitizer.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/setup.sh"
cd "$LATTICE_ROOT"

# step TEXT: announces a step on stderr with the time since the command began, so a slow step
# shows in CI's log.
started=$SECONDS
step() { printf '== [%dm%02ds] %s\n' $(((SECONDS - started) / 60)) $(((SECONDS - started) % 60)) "$1" >&2; }

# bounded MINUTES COMMAND...: runs a test run that waits on servers and the main actor with a
# bound, so a hang fails that step with what it printed so far, well inside CI's 90 minutes,
# instead of timing the whole job out (CI, 2026-12-04). The bound is several times the slowest
# good run seen on a machine of this kind. SIGQUIT goes to the whole process group (the test
# binary too), so outside a sanitizer Swift's backtracer prints where it waited; SIGKILL a
# minute later.
bounded() {
    local minutes=$1
    shift
    local status=0
    timeout --signal=QUIT --kill-after=60 "$((minutes * 60))" "$@" || status=$?
    if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
        echo "error: '$*' did not finish within $minutes minutes (a hang)" >&2
    fi
    return "$status"
}

if [ "${1:-}" = --sanitize ]; then
    kind=${2:-}
    case "$kind" in
        address | thread) ;;
        *) echo "usage: scripts/test.sh [--sanitize address|thread]" >&2; exit 2 ;;
    esac
    lattice_setup_system
    lattice_setup_venv
    scratch=(--sanitize="$kind" --scratch-path .build/sanitize-"$kind")
    step "build under the $kind sanitizer, without jemalloc"
    LATTICE_SANITIZE=1 swift build --build-tests "${scratch[@]}" 2>&1 | tail -n 5 >&2
    step "swift test under the $kind sanitizer"
    # Swift Testing only: XCTest's runner, which holds no test here, leaks at exit. Leaks
    # fail the run (under address), but for what scripts/lab/leak-suppressions.txt says
    # LeakSanitizer cannot see is reachable, each with its reason.
    # Swift's backtracer stays off: it reads other threads' stacks, which AddressSanitizer
    # reports as an error of its own, and a crash then hung the run (CI, 2026-12-04); the
    # sanitizer prints its own stacks.
    LATTICE_SANITIZE=1 LATTICE_PYTHON="$LATTICE_PY" ASAN_OPTIONS="detect_leaks=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}" \
        LSAN_OPTIONS="suppressions=$LATTICE_ROOT/scripts/lab/leak-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}" \
        SWIFT_BACKTRACE=enable=no \
        bounded 30 swift test --skip-build --disable-xctest "${scratch[@]}"
    exit
fi

step "case-safe paths: no two tracked paths may differ only by letter case (macOS)"
clashes=$(git ls-files | awk -F/ '{ p = ""; for (i = 1; i <= NF; i++) { p = p (i > 1 ? "/" : "") $i; print p } }' \
    | sort -u | awk '{ k = tolower($0); if (k in seen) print seen[k] " <-> " $0; else seen[k] = $0 }')
if [ -n "$clashes" ]; then
    echo "these paths would be one on a case-insensitive file system:" >&2
    echo "$clashes" >&2
    exit 1
fi

step "module arrows: docs/architecture.md's modules, kinds, imports and forbidden arrows against the package"
python3 scripts/lab/check_architecture.py

step "install what is missing (Debian packages, the Python venv)"
lattice_setup_system
lattice_setup_venv

step "build"
swift build --build-tests 2>&1 | tail -n 5 >&2
step "swift test"
LATTICE_PYTHON="$LATTICE_PY" bounded 20 swift test --skip-build
step "conformance: lattice parse --ast-json against graphql-core"
"$LATTICE_PY" scripts/conformance.py --lattice .build/debug/lattice
step "JSON reader: lattice json against Python's strict json on spec/responses and the edge cases"
"$LATTICE_PY" scripts/lab/check_json_reader.py --lattice .build/debug/lattice spec/responses Tests/Fixtures/JSONCorpus
step "dashboard: render check in headless Chromium"
scripts/lab/check_dashboard.sh .build/debug/lattice
step "inspector page: lattice inspect over a store's inspection and its image, checked in headless Chromium and against the store"
scripts/lab/check_inspector.sh .build/debug/lattice
step "fixtures: validate spec/operations and the texts the runtime sends, regenerate spec/responses from those, exercise scripts/server.py"
"$LATTICE_PY" -m scripts.fixtures check --lattice .build/debug/lattice
step "small spec: validate Tests/Fixtures/SmallSpec/operations and the sent texts, regenerate its responses"
"$LATTICE_PY" Tests/Fixtures/SmallSpec/generate.py check --lattice .build/debug/lattice
step "any spec: lattice bench --quick --spec Tests/Fixtures/SmallSpec judges that folder's own operations (debug build)"
scripts/lab/check_any_spec.sh .build/debug
step "example app: Examples/IssueTracker copied outside the repository, built there through the build plugin (which builds the generator for the host), its tests against the loopback server"
LATTICE_PYTHON="$LATTICE_PY" bounded 30 scripts/lab/check_app.sh
step "done"
