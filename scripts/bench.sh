#!/usr/bin/env bash
# The lab's one command: builds in release, runs the benchmark suite, writes the results,
# regenerates BENCHMARKS.md and dashboards/, prints the decision; compares commits; gates a
# release. Run `scripts/bench.sh --help` for the usage. Progress goes to stderr.
set -euo pipefail
# Command substitutions (the build's bin path) fail the script too.
shopt -s inherit_errexit
source "$(dirname "${BASH_SOURCE[0]}")/lib/setup.sh"
source "$(dirname "${BASH_SOURCE[0]}")/lib/suite.sh"
cd "$LATTICE_ROOT"

# The suite, in the order it runs; each runs alone too (`swift run -c release NAME --help`).
SUITE=(FieldRead PhaseRead BodyReruns ReadScaling CommitScaling ResponsePath FanOut RecordPage)
# Sampling time per benchmark in a full run, seconds: sized so the whole run, build
# included, fits in 15 minutes on the 2-core lab machine. Counts need no long sampling.
# ResponsePath's large list takes up to 0.4 s a sample (1.4 s for JSONDecoder): 4 s gives
# its steps the eight samples at pace a figure needs.
# (run_suite, in scripts/lib/suite.sh, reads it.)
BUDGET=([FieldRead]=2 [PhaseRead]=3 [BodyReruns]=0.2 [ReadScaling]=2 [CommitScaling]=2 [ResponsePath]=4 [FanOut]=0.5 [RecordPage]=3)
# The executables whose benchmarks count instructions with --instructions: all of them (set-up
# runs uninstrumented under callgrind, so building thousands of handles stays affordable).
INSTRUCTED=("${SUITE[@]}")
# Executables whose tracked reads hash addresses (key paths' type metadata, object identities)
# in Observation's tables: a rebuild of unchanged code moves their counts by up to 15 %, so
# they are also counted under this many random hash seeds, and a comparison judges those rows
# by the seeds' spread (Comparison(exact:candidate:)). Six a side: two unchanged builds'
# seed counts then fall wholly apart for one row in 462. (run_suite reads it.)
HASH_SEEDS=([FieldRead]=6 [PhaseRead]=6 [ReadScaling]=6)
# BodyReruns counts under one heap layout: its commit cycles are judged with tolerances (their
# tracked bodies are not seeded: a seed pass would cost about 10 CPU-minutes), which cover what
# the layouts would show, and one layout takes its instruction pass from 191 s to about 107 s.
HEAP_LAYOUTS=([BodyReruns]=1)
# The benchmark whose stacks the dashboard's flamegraph shows: the limited phase read, derived
# on the largest @throwOnFieldError operation, which PhaseRead lists first (profiled_filter).
PROFILED=PhaseRead
# Committed outputs of a full run.
RESULTS=results/latest.json
# The committed baseline of exact figures CI checks every commit against, and the changes
# accepted into it (scripts/bench.sh baseline writes both; BENCHMARKS.md lists the second).
BASELINE=results/baseline.json
ACCEPTED=results/accepted.json
LIMITS=spec/limits.json
DOCUMENT=BENCHMARKS.md
DASHBOARD=dashboards
LAB=.build/lab
# Where a run's folder goes (quick/, partial/, gate/, full/): $LAB for spec/, a folder of
# its own for --spec DIR (spec-<name>, so two specs' runs never mix).
RUNS=$LAB
# What a folder given to --spec must hold, as spec/ does.
SPEC_LAYOUT=(schema.graphql directives.graphql operations responses limits.json)

usage() {
    cat <<'EOF'
usage: scripts/bench.sh [OPTIONS] [COMMAND]

commands:
  (none)              build in release, run the suite (instructions counted too, unless
                      --quick or --filter), write the results, regenerate BENCHMARKS.md and
                      dashboards/ (with the largest instruction change against the
                      baseline), print the decision in one line
  gate [--baseline FILE] [--results FILE]
                      run the suite with instructions (PhaseRead and CommitScaling sampled
                      fully even with --quick: the limits must be decided), or judge FILE,
                      then the release gate: exit 3 unless the chain of spec/limits.json
                      decides the strategy it ships, that strategy passes its limits and is
                      the runtime's default (PhaseStrategy.shipped), 2 on a
                      significant regression against the baseline results FILE, 1 when the
                      results or the baseline hold no benchmarks or lack each other's, 0
                      otherwise
  check [--results FILE]
                      a quick run with instructions (or FILE, a run that counted them), its
                      exact figures (instructions, allocations, counts) judged against
                      results/baseline.json with the tolerances of spec/limits.json: exit 2
                      on a regression (printed with its figures), 1 when a benchmark or
                      figure is on one side only
  baseline            a quick run with instructions, written as results/baseline.json; what
                      moved is recorded in results/accepted.json (BENCHMARKS.md lists it):
                      run it in the commit that makes an intended change
  compare BASE [HEAD] [--time [--rounds N]]
                      build both commits in one git worktree (under .build/lab/worktrees;
                      executables kept per commit under .build/lab/bins), run
                      each suite once quick and once under callgrind, and compare their exact
                      figures (instructions per heap layout, or across six random hash seeds
                      for a count that moves with the heap; allocations, counts), printed
                      and written to .build/lab/compare/; exit 2 on a regression, 1 when a
                      benchmark is on one side only. With --time, also run the suites
                      interleaved A B A B for N quick rounds (default 6, one process each)
                      and judge times by the rounds at the machine's reference pace

options:
  --quick             a short run, marked quick; outputs go under .build/lab/quick/ and the
                      committed BENCHMARKS.md, dashboards/ and results stay untouched
  --filter PATTERN    run only matching benchmarks (outputs under .build/lab/partial/)
  --instructions      also count instructions under callgrind (pass-through to the harness,
                      for the whole suite); compare compares them exactly
  --profile           also profile every benchmark (folded stacks and flamegraphs,
                      pass-through to the harness) into the run's folder
  --spec DIR          run the suite and the decision on another folder laid out like spec/
                      (schema.graphql, directives.graphql, operations/, responses/,
                      limits.json): the suite picks its largest @throwOnFieldError query and
                      its spreads-only queries itself, DIR/limits.json judges them, and the
                      report goes under .build/lab/spec-<name of DIR>/ (quick/, partial/,
                      gate/ or full/), never to BENCHMARKS.md, dashboards/ or results/, and
                      the decision is never written into DIR/limits.json; with a run or gate
                      only (check, baseline and compare are spec/'s)
  -h, --help          this text

Every benchmark executable lists its benchmarks first (--list): a run fails when one dies by
a signal or exits non-zero (naming it, the signal and the benchmarks that did not report),
when one does not report a benchmark it listed, and when --filter matches nothing in any
executable; the profile for the flamegraph fails the run the same way.

Exit status: 0 done (gate: ship), 1 could not run (bad arguments, a build failed, a
benchmark executable failed as above), 2 regression, 3 a limit of the shipped strategy
failed or is undecided.
EOF
}

fail_usage() {
    echo "bench.sh: $1" >&2
    echo >&2
    usage >&2
    exit 1
}

quick=0 instructions=0 profile=0 filter="" command="" baseline="" results_in="" rounds=6 rounds_given=0 timed=0 spec_dir=""
positional=()
while [ $# -gt 0 ]; do
    case "$1" in
        -h|--help) usage; exit 0 ;;
        --quick) quick=1 ;;
        --instructions) instructions=1 ;;
        --profile) profile=1 ;;
        --time) timed=1 ;;
        --filter) [ $# -ge 2 ] && [ -n "$2" ] || fail_usage "--filter needs a pattern"; filter=$2; shift ;;
        --baseline) [ $# -ge 2 ] && [ -n "$2" ] || fail_usage "--baseline needs a file"; baseline=$2; shift ;;
        --results) [ $# -ge 2 ] && [ -n "$2" ] || fail_usage "--results needs a file"; results_in=$2; shift ;;
        --spec) [ $# -ge 2 ] && [ -n "$2" ] || fail_usage "--spec needs a folder"; spec_dir=$2; shift ;;
        --rounds)
            [ $# -ge 2 ] && [[ "$2" =~ ^[1-9][0-9]*$ ]] || fail_usage "--rounds needs a whole number >= 1"
            rounds=$2; rounds_given=1; shift ;;
        -*) fail_usage "unknown option $1" ;;
        gate|compare|check|baseline)
            [ -z "$command" ] || fail_usage "one command at most ($command and $1 given)"
            command=$1 ;;
        *)
            [ "$command" = compare ] || fail_usage "unexpected argument '$1'"
            positional+=("$1") ;;
    esac
    shift
done
case "$command" in
    "")
        [ -z "$baseline$results_in" ] || fail_usage "--baseline and --results belong to gate"
        # A full run counts instructions too: BENCHMARKS.md's exact figures and the
        # dashboard's differential view against the baseline come from them.
        [ $quick = 1 ] || [ -n "$filter" ] || instructions=1 ;;
    gate)
        # The commit-cost limits judge instruction counts.
        instructions=1
        # The gate must decide its limits: the executables whose times they judge sample as in
        # a full run even when the rest is quick. (run_suite reads it.)
        QUICK_BUDGET=([PhaseRead]=${BUDGET[PhaseRead]} [CommitScaling]=${BUDGET[CommitScaling]}) ;;
    check)
        # --results judges a run already made (CI's gate run counts instructions too).
        [ -z "$baseline$filter" ] || fail_usage "check takes no --baseline or --filter"
        quick=1 instructions=1 ;;
    baseline)
        [ -z "$baseline$results_in$filter" ] || fail_usage "baseline takes no --baseline, --results or --filter"
        quick=1 instructions=1 ;;
    compare)
        [ ${#positional[@]} -ge 1 ] && [ ${#positional[@]} -le 2 ] || fail_usage "compare needs BASE [HEAD]"
        [ -z "$baseline$results_in" ] || fail_usage "--baseline and --results belong to gate" ;;
esac
[ "$command" = compare ] || [ $timed = 0 ] || fail_usage "--time belongs to compare"
[ $timed = 1 ] || [ $rounds_given = 0 ] || fail_usage "--rounds belongs to compare --time"
[ -z "$baseline" ] || [ -f "$baseline" ] || fail_usage "no baseline results at $baseline"
[ -z "$results_in" ] || [ -f "$results_in" ] || fail_usage "no results at $results_in"
if [ -n "$spec_dir" ]; then
    case "$command" in
        ""|gate) ;;
        *) fail_usage "--spec belongs to a run or gate: $command judges spec/'s committed baseline" ;;
    esac
    [ -d "$spec_dir" ] || fail_usage "--spec $spec_dir: no such folder"
    spec_dir=$(cd "$spec_dir" && pwd)
    missing=()
    for entry in "${SPEC_LAYOUT[@]}"; do [ -e "$spec_dir/$entry" ] || missing+=("$entry"); done
    [ ${#missing[@]} = 0 ] || fail_usage "--spec $spec_dir lacks ${missing[*]} (a spec folder holds ${SPEC_LAYOUT[*]}, as spec/ does)"
    # The suite's executables load the spec from here (Spec.locate), the lab judges its limits.
    export LATTICE_SPEC=$spec_dir
    LIMITS=$spec_dir/limits.json
    # Judging another app is the whole decision: commit-cost instructions counted, and the
    # times the limits judge sampled fully even in a quick run, as the gate does.
    instructions=1
    QUICK_BUDGET=([PhaseRead]=${BUDGET[PhaseRead]} [CommitScaling]=${BUDGET[CommitScaling]})
    RUNS=$LAB/spec-$(basename "$spec_dir")
fi

# Builds the release products of the package at $1 (scratch path $2); prints the bin path.
build_release() {
    local package=$1 scratch=$2
    log "building release in $package ($(elapsed))"
    local output status=0
    output=$(swift build -c release --package-path "$package" --scratch-path "$scratch" 2>&1) || status=$?
    if [ $status -ne 0 ]; then
        echo "$output" | grep -E 'error|warning' | head -n 20 >&2
        log "the release build of $package failed"
        exit 1
    fi
    echo "$output" | tail -n 2 >&2
    swift build -c release --package-path "$package" --scratch-path "$scratch" --show-bin-path
}

# The release executables of commit $1 (the suite's and lattice), built once and kept under
# $LAB/bins/<commit>; prints their folder. Every commit is built in the same worktree, so the
# second build of a compare recompiles only what the two commits change (about a fifth of a
# clean release build when they differ in one module, nothing when in docs only).
build_commit() {
    local commit=$1 kept="$LATTICE_ROOT/$LAB/bins/$1" tree="$LAB/worktrees/build"
    if [ -f "$kept/.complete" ]; then
        log "release executables of ${commit:0:12} already built ($kept)"
        echo "$kept"
        return 0
    fi
    if [ ! -e "$tree/.git" ]; then
        git worktree add --detach --force "$tree" "$commit" >&2
    else
        git -C "$tree" checkout --detach --force -q "$commit" >&2
    fi
    local built
    built=$(build_release "$tree" "$tree/.build")
    rm -rf "$kept.partial"
    mkdir -p "$kept.partial"
    local name
    for name in "${SUITE[@]}" lattice; do
        [ -x "$built/$name" ] || { log "the release build of ${commit:0:12} has no $name"; exit 1; }
        cp "$built/$name" "$kept.partial/"
    done
    touch "$kept.partial/.complete"
    rm -rf "$kept"
    mv "$kept.partial" "$kept"
    echo "$kept"
}

# The results files of a run folder, in suite order.
suite_files() {
    local dir=$1 suffix=${2:-}
    for suite in "${SUITE[@]}"; do
        [ -s "$dir/$suite$suffix.json" ] && echo "$dir/$suite$suffix.json"
    done
    return 0
}

# The --filter text that selects the flamegraph's benchmark: the first derived tracked read
# PhaseRead lists (the largest @throwOnFieldError operation of the spec it loads), e.g.
# derived/Dashboard/tracked. Exits 1 when PhaseRead lists none.
profiled_filter() {
    local bin=$1 first
    first=$("$bin/$PROFILED" --list --filter derived/ | grep -m 1 '/tracked$' || true)
    [ -n "$first" ] || { log "FAILED: $PROFILED lists no derived tracked read to profile"; exit 1; }
    echo "${first#"$PROFILED"/}"
}

# One run of the suite at this checkout: results into $1/results.json (instruction counts
# joined when asked), the flamegraph into $1/flamegraph.svg.
measure() {
    local dir=$1 bin=$2
    rm -rf "$dir/suite" "$dir/instructions" "$dir/profile"
    run_suite "$bin" . "$dir/suite" "${SUITE[*]}"
    local files
    mapfile -t files < <(suite_files "$dir/suite")
    local joined=()
    if [ $instructions = 1 ]; then
        log "counting instructions under callgrind ($(elapsed))"
        if [ -z "$filter" ]; then
            # Counts do not depend on timing, so the two cores count at once: BodyReruns (the
            # longest) beside the others.
            local others=() status_long=0 status_rest=0
            for suite in "${INSTRUCTED[@]}"; do [ "$suite" = BodyReruns ] || others+=("$suite"); done
            run_suite "$bin" . "$dir/instructions" BodyReruns --instructions &
            local long=$!
            (run_suite "$bin" . "$dir/instructions" "${others[*]}" --instructions) || status_rest=$?
            wait "$long" || status_long=$?
            [ $status_long = 0 ] && [ $status_rest = 0 ] || { log "FAILED: the instruction pass"; exit 1; }
        else
            run_suite "$bin" . "$dir/instructions" "${INSTRUCTED[*]}" --instructions
        fi
        mapfile -t joined < <(suite_files "$dir/instructions")
    fi
    "$bin/lattice" merge --out "$dir/results.json" "${files[@]}" "${joined[@]/#/--metrics-from=}"
    rm -f "$dir/flamegraph.svg"
    # The baseline and its check keep exact figures only: no flamegraph.
    case "$command" in check|baseline) return 0 ;; esac
    # Profiles fail closed like the suite: the flamegraph is one of a run's outputs, and a
    # profile that dies ran the same code the suite measures.
    local profiled
    profiled=$(profiled_filter "$bin")
    if [ $profile = 1 ]; then
        log "profiling the suite ($(elapsed))"
        run_suite "$bin" . "$dir/profile" "${SUITE[*]}" --profile
    else
        log "profiling $PROFILED $profiled for the flamegraph ($(elapsed))"
        (filter=$profiled quick=1; run_suite "$bin" . "$dir/profile" "$PROFILED" --profile)
    fi
    local svg
    svg=$(ls "$dir/profile/$PROFILED"/*.svg 2>/dev/null | grep -F "$(echo "$profiled" | tr / .)" | head -n 1 || true)
    [ -n "$svg" ] || svg=$(ls "$dir"/profile/*/*.svg 2>/dev/null | head -n 1 || true)
    [ -n "$svg" ] || { log "FAILED: the profiles wrote no flamegraph"; exit 1; }
    cp "$svg" "$dir/flamegraph.svg"
}

# BENCHMARKS.md and the dashboard for results $1 into page $2 and folder $3 (history
# file $4 when a full run should be recorded, flamegraph $5 when present, copied into the
# folder; a copy of the results kept at $6 when given); prints the decision. lattice report
# writes all of them as one set: a failure leaves every one as it was.
report() {
    local results=$1 page=$2 dashboard=$3 history=$4 flamegraph=$5 results_out=${6:-}
    local options=(--results "$results" --limits "$LIMITS" --out "$page" --dashboard "$dashboard")
    [ -z "$history" ] || options+=(--history "$history")
    # A full run's decision is what ships: it is written into spec/limits.json with the rest.
    [ -z "$results_out" ] || options+=(--results-out "$results_out" --record-ships)
    [ ! -s "$flamegraph" ] || options+=(--flamegraph "$flamegraph")
    # The accepted changes and the baseline are spec/'s: another spec's report has neither.
    if [ -z "$spec_dir" ]; then
        [ ! -f "$ACCEPTED" ] || options+=(--accepted "$ACCEPTED")
        # The differential view needs instruction counts with their functions on both sides.
        [ ! -f "$BASELINE" ] || ! grep -q '"functions"' "$results" || options+=(--baseline "$BASELINE")
    fi
    "$bin/lattice" report "${options[@]}"
}

compare_commits() {
    local base head
    base=$(git rev-parse --verify --quiet "${positional[0]}^{commit}") || fail_usage "unknown commit ${positional[0]}"
    head=$(git rev-parse --verify --quiet "${positional[1]:-HEAD}^{commit}") \
        || fail_usage "unknown commit ${positional[1]:-HEAD}"
    local sides=("$base" "$head") bins=() trees=()
    for commit in "${sides[@]}"; do
        # Each side runs from a checkout of its own (spec/ is read from it); the builds share one.
        local tree="$LAB/worktrees/${commit:0:12}"
        if [ ! -e "$tree/.git" ]; then
            log "checking out ${commit:0:12} into $tree"
            git worktree add --detach --force "$tree" "$commit" >&2
        fi
        for suite in "${SUITE[@]}"; do
            [ -d "$tree/Benchmarks/$suite" ] || { log "${commit:0:12} has no Benchmarks/$suite"; exit 1; }
        done
        trees+=("$tree")
        local built
        built=$(build_commit "$commit")
        bins+=("$built")
    done
    local out="$LAB/compare/${base:0:12}-${head:0:12}"
    rm -rf "$out"
    # Exact figures first: one quick run a side (allocations, counts) and one instruction
    # pass a side, compared exactly; they need no rounds. Times only with --time: rounds
    # taken alternately from both commits, one process per executable and commit, which
    # lattice compare judges at the machine's reference pace.
    quick=1
    [ $timed = 1 ] || rounds=1
    local baseline_files=() candidate_files=()
    local order
    for round in $(seq 1 "$rounds"); do
        # A B, then B A: whatever running second does to a process cancels over the rounds.
        if [ $((round % 2)) = 1 ]; then order=(0 1); else order=(1 0); fi
        local pids=()
        for side in "${order[@]}"; do
            local dir="$out/round$round-$side"
            log "round $round/$rounds: ${sides[$side]:0:12} ($(elapsed))"
            if [ $timed = 1 ]; then
                run_suite "${bins[$side]}" "${trees[$side]}" "$dir" "${SUITE[*]}"
            else
                # Only exact figures are judged: both sides measure at once.
                (run_suite "${bins[$side]}" "${trees[$side]}" "$dir" "${SUITE[*]}") &
                pids+=($!)
            fi
        done
        for pid in "${pids[@]}"; do wait "$pid" || { log "FAILED: a run of the suite"; exit 1; }; done
        for side in "${order[@]}"; do
            local dir="$out/round$round-$side" files
            mapfile -t files < <(suite_files "$dir")
            "${bins[1]}/lattice" merge --out "$dir.json" "${files[@]}"
            if [ $side = 0 ]; then baseline_files+=(--baseline "$dir.json"); else candidate_files+=(--candidate "$dir.json"); fi
        done
    done
    # Counts do not depend on timing: both sides count at once, each on its own core.
    local pids=()
    for side in 0 1; do
        local dir="$out/instructions-$side"
        log "instructions: ${sides[$side]:0:12} ($(elapsed))"
        (run_suite "${bins[$side]}" "${trees[$side]}" "$dir" "${INSTRUCTED[*]}" --instructions) &
        pids+=($!)
    done
    for pid in "${pids[@]}"; do
        local status=0
        wait "$pid" || status=$?
        [ $status = 0 ] || { log "FAILED: an instruction pass"; exit 1; }
    done
    for side in 0 1; do
        local dir="$out/instructions-$side"
        local files
        mapfile -t files < <(suite_files "$dir")
        "${bins[1]}/lattice" merge --out "$dir.json" "${files[@]}"
        if [ $side = 0 ]; then baseline_files+=(--baseline "$dir.json"); else candidate_files+=(--candidate "$dir.json"); fi
    done
    local exact=()
    [ $timed = 1 ] || exact=(--exact)
    # The baseline's tolerances, as the check applies them (a lattice from before --limits
    # compares without them).
    ! "${bins[1]}/lattice" compare --help | grep -q -- --limits || exact+=(--limits "${trees[1]}/$LIMITS")
    local status=0
    "${bins[1]}/lattice" compare "${baseline_files[@]}" "${candidate_files[@]}" "${exact[@]}" --out "$out.md" || status=$?
    log "comparison written to $out.md ($(elapsed))"
    exit $status
}

lattice_setup_system
if [ "$command" = compare ]; then
    compare_commits
fi

if [ -n "$results_in" ]; then
    bin=$(build_release . .build)
    results=$results_in
else
    if [ "$command" = check ] || [ "$command" = baseline ]; then
        dir=$LAB/$command
    elif [ $quick = 1 ]; then
        dir=$RUNS/quick
    elif [ -n "$filter" ]; then
        dir=$RUNS/partial
    elif [ "$command" = gate ]; then
        dir=$RUNS/gate
    else
        dir=$RUNS/full
    fi
    bin=$(build_release . .build)
    measure "$dir" "$bin"
    results=$dir/results.json
fi

case "$command" in
    check)
        status=0
        "$bin/lattice" check --results "$results" --baseline "$BASELINE" --limits "$LIMITS" || status=$?
        log "check against $BASELINE: exit $status ($(elapsed))"
        exit "$status" ;;
    baseline)
        "$bin/lattice" baseline --results "$results" --out "$BASELINE" --accepted "$ACCEPTED"
        log "wrote $BASELINE and $ACCEPTED ($(elapsed))"
        exit 0 ;;
esac

if [ -z "$results_in" ] && [ -z "$spec_dir" ] && [ "$dir" = "$LAB/full" ]; then
    # A full run on spec/: the committed results, page (BENCHMARKS.md), dashboard, flamegraph and history,
    # as one set.
    decision=$(report "$results" "$DOCUMENT" "$DASHBOARD" "$DASHBOARD/history.json" "$dir/flamegraph.svg" "$RESULTS")
    log "wrote $RESULTS, $DOCUMENT, $DASHBOARD/ ($(elapsed))"
else
    out=${dir:-$RUNS/gate}
    mkdir -p "$out"
    decision=$(report "$results" "$out/BENCHMARKS.md" "$out/dashboards" "" "${dir:+$dir/flamegraph.svg}")
    log "wrote $out/BENCHMARKS.md and $out/dashboards/ ($(elapsed))"
fi
echo "$decision"

if [ "$command" = gate ]; then
    gate_options=(--results "$results" --limits "$LIMITS")
    [ -z "$baseline" ] || gate_options+=(--baseline "$baseline")
    status=0
    "$bin/lattice" gate "${gate_options[@]}" | grep -v '^decision: ' || status=${PIPESTATUS[0]}
    log "gate: exit $status ($(elapsed))"
    exit "$status"
fi
