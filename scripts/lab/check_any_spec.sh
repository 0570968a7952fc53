#!/usr/bin/env bash
# The any-spec check (a scripts/test.sh step): the lab judges a folder laid out like spec/ with
# another schema, end to end, on the debug build the tests already made (no release build: the
# figures of a debug build are not the release's, but every step is the one a release run takes:
# listing, sampling, resampling what the limits leave undecided, counting instructions,
# merging, judging the chain, writing the report). `lattice bench --quick --spec
# Tests/Fixtures/SmallSpec` runs the benchmarks that folder's limits judge (its largest
# @throwOnFieldError query and its spreads-only one, which the suite picks itself) and must
# print a decision judged on them, measure no extra body on the spreads-only query under any
# strategy, write its report under .build/lab/spec-SmallSpec/quick/ and leave the committed
# BENCHMARKS.md, dashboards/ and results/ as they were. A folder that lacks a file of the
# layout, or a spreads-only query, must fail the run (exit 1) naming the folder and what it
# lacks. CI runs the whole suite on that folder in release (scripts/lab/check_plugin.sh).
# Usage: scripts/lab/check_any_spec.sh [BIN]   (BIN: the built executables, default .build/debug)
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

BIN=${1:-.build/debug}
SPEC=Tests/Fixtures/SmallSpec
RUN=.build/lab/spec-SmallSpec/quick
out=.build/lab/any-spec
rm -rf "$out"
mkdir -p "$out"
failures=0
fail() {
    echo "any-spec: FAILED: $1" >&2
    failures=$((failures + 1))
}

# The benchmarks the folder's limits judge, for the strategies each applies to, and two rows
# that show the suite loaded this folder's operations.
filter=$(python3 -c 'import json, sys
limits = json.load(open(sys.argv[1]))["limits"]
names = {p.replace("{strategy}", s) for l in limits for s in l["strategies"] for p in (l["benchmark"], l.get("relativeTo")) if p}
print("|".join(sorted(names) + ["BodyReruns/rootVerdict/Pantry/linkMoved", "PhaseRead/stored/CookCard/untracked"]))' \
    "$SPEC/limits.json")
committed() { find BENCHMARKS.md dashboards results -type f -exec sha1sum {} + | sort; }
before=$(committed)

status=0
"$BIN/lattice" bench --bin "$BIN" --quick --spec "$SPEC" --filter "$filter" >"$out/run.out" 2>"$out/run.log" || status=$?
decision=$(grep '^decision: ' "$out/run.out" || true)
if [ $status != 0 ]; then
    fail "lattice bench --quick --spec $SPEC exited $status; its log ends:"
    tail -n 20 "$out/run.log" | sed 's/^/    /' >&2
elif [ -z "$decision" ]; then
    fail "lattice bench --quick --spec $SPEC printed no decision line"
elif [[ "$decision" == *"could not be judged"* ]]; then
    fail "the run decided nothing: $decision"
else
    echo "any-spec: $decision" >&2
fi
for row in PhaseRead/derived/Pantry/tracked BodyReruns/derived/RecipeScreen/verdictValue; do
    grep -qF "| $row |" "$RUN/BENCHMARKS.md" 2>/dev/null || fail "$RUN/BENCHMARKS.md has no limit row for $row"
done
for name in BodyReruns/rootVerdict/Pantry/linkMoved PhaseRead/stored/CookCard/untracked; do
    grep -qF "\"$name\"" "$RUN/results.json" 2>/dev/null || fail "$RUN/results.json lacks $name"
done
! grep -qE '"(PhaseRead|BodyReruns)/[a-zA-Z]+/(Dashboard|IssueScreen)/' "$RUN/results.json" 2>/dev/null \
    || fail "$RUN/results.json holds spec/'s operations: the suite did not load $SPEC"
[ -s "$RUN/dashboards/index.html" ] || fail "no dashboard at $RUN/dashboards/index.html"
# The record's second limit holds here too, exactly, for every strategy.
extra=$(python3 - "$RUN/results.json" <<'PY' 2>&1 || true
import json, sys
benchmarks = {b["name"]: b for b in json.load(open(sys.argv[1]))["benchmarks"]}
for strategy in ("derived", "rootVerdict", "stored"):
    name = f"BodyReruns/{strategy}/RecipeScreen/verdictValue"
    metrics = {m["metric"]["name"]: m["samples"] for m in benchmarks.get(name, {}).get("metrics", [])}
    if set(metrics.get("extraBodies", [None])) != {0}:
        print(f"{name} extraBodies {metrics.get('extraBodies')}")
PY
)
[ -z "$extra" ] || fail "extra bodies on the spreads-only operation: $extra"
[ "$(committed)" = "$before" ] || fail "the run changed the committed BENCHMARKS.md, dashboards/ or results/"

# expect_refused NAME FOLDER PATTERN: the run on FOLDER exits 1 and its log matches PATTERN.
expect_refused() {
    local name=$1 folder=$2 pattern=$3 status=0
    "$BIN/lattice" bench --bin "$BIN" --quick --spec "$folder" >"$out/$name.out" 2>"$out/$name.log" || status=$?
    if [ $status != 1 ] || ! grep -qE -- "$pattern" "$out/$name.log"; then
        fail "$name: exit $status (expected 1), or no line matches /$pattern/; its log ends:"
        tail -n 10 "$out/$name.log" | sed 's/^/    /' >&2
    else
        echo "any-spec: ok: $name is refused: $(grep -m 1 -E -- "$pattern" "$out/$name.log")" >&2
    fi
}
# Copies of the folder, links resolved (directives.graphql points at spec/'s).
copy=$(cd "$out" && pwd)/NoLimits
cp -RL "$SPEC" "$copy"
rm "$copy/limits.json"
expect_refused "a folder without limits.json" "$copy" "--spec $copy lacks limits.json"
copy=$(cd "$out" && pwd)/NoSpreadsOnly
cp -RL "$SPEC" "$copy"
rm "$copy"/responses/RecipeScreen.*
expect_refused "a folder without a spreads-only query" "$copy" \
    "$copy: no query whose own selection is only fragment spreads"

[ $failures = 0 ] || { echo "any-spec: $failures failed" >&2; exit 1; }
echo "any-spec: ok: $SPEC judged on its own operations, under $RUN" >&2
