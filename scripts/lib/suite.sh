# Sourced by scripts/bench.sh and scripts/lab/check_fail_closed.sh: runs benchmark
# executables and fails closed. `run_suite` exits 1 when an executable exits by a signal or
# with a non-zero status (naming it, the signal, and the benchmarks that did not report),
# when an executable exits 0 without reporting a benchmark it listed, and when the filter
# matches nothing in any executable it was given.
#
# The caller sets `quick` (1 for a quick run, else 0) and `filter` (a --filter pattern, or
# empty), and may fill `BUDGET` (seconds of sampling per executable, for runs that are not
# quick), `QUICK_BUDGET` (seconds for executables that sample fully even in a quick run: a
# gate's limits must be decided), `HEAP_LAYOUTS` (per executable: instruction runs count under
# that many heap layouts instead of three) and `HASH_SEEDS` (per executable: instruction runs
# also count under that many random hash seeds, for executables whose counts move with hashed
# addresses). Progress goes to stderr.

started=$SECONDS
declare -A BUDGET=()
declare -A QUICK_BUDGET=()
declare -A HASH_SEEDS=()
declare -A HEAP_LAYOUTS=()

log() { echo "bench: $*" >&2; }
elapsed() { printf '%dm%02ds' $(((SECONDS - started) / 60)) $(((SECONDS - started) % 60)); }

# How a process ended, from the status bash gives it: "was killed by SIGSEGV (status 139)"
# (bash reports death by signal N as 128 + N), or "exited with status N".
exit_reason() {
    local status=$1 signal
    if [ "$status" -gt 128 ] && signal=$(kill -l $((status - 128)) 2>/dev/null); then
        echo "was killed by SIG${signal#SIG} (status $status)"
    else
        echo "exited with status $status"
    fi
}

# The names among $3 (one a line) that did not report: with $1 = 1 (profiles), those without
# an SVG in the folder $2; otherwise those not named in the results file $2 (none when it is
# missing: the executable died before writing it).
unreported() {
    local profiles=$1 target=$2 name file pattern
    while IFS= read -r name; do
        [ -n "$name" ] || continue
        if [ "$profiles" = 1 ]; then
            # The harness's file name: / becomes ., anything but [A-Za-z0-9._+-] becomes _.
            file=$(LC_ALL=C sed 's/[^A-Za-z0-9._+-]/_/g' <<<"${name//\//.}")
            [ -s "$target/$file.svg" ] || echo "$name"
        else
            pattern=$(sed 's/[][\.*^$+?(){}|]/\\&/g' <<<"$name")
            [ -s "$target" ] && grep -qE "\"name\"[[:space:]]*:[[:space:]]*\"$pattern\"" "$target" || echo "$name"
        fi
    done <<<"$3"
}

# Ends the run for an executable that failed: $1 the executable, $2 what went wrong, $3 the
# benchmarks that did not report (one a line); the executables not run follow.
suite_failed() {
    local suite=$1 what=$2 missing=$3
    shift 3
    log "FAILED: $suite $what"
    if [ -n "$missing" ]; then
        log "benchmarks of $suite that did not report ($(grep -c . <<<"$missing")):"
        sed 's/^/    /' <<<"$missing" >&2
    fi
    [ $# -eq 0 ] || log "not run: $*"
    exit 1
}

# Runs the executables named in $4 (a space-separated list) of the binaries in $1 from the
# checkout $2, writing into $3 one results file per executable (NAME.json) or, with
# --profile, one folder of profiles per executable (NAME/); the mode option (--instructions
# or --profile) follows. Each executable lists what the run will report first (`--list`
# with the filter and the mode): one that lists nothing is skipped, and a filter that lists
# nothing anywhere fails the run before anything is measured. After a run, every benchmark
# listed must have reported.
run_suite() {
    local bin=$1 checkout=$2 out=$3 names=($4)
    shift 4
    local selection=("$@") profiles=0 option
    for option in "$@"; do [ "$option" = --profile ] && profiles=1; done
    [ -z "$filter" ] || selection+=(--filter "$filter")
    mkdir -p "$out"
    out=$(cd "$out" && pwd)  # the executables run from the checkout
    local -A listed=() legacy=()
    local suite status total=0 help
    for suite in "${names[@]}"; do
        status=0
        listed[$suite]=$(cd "$checkout" && "$bin/$suite" --list "${selection[@]}") || status=$?
        [ $status -ne 0 ] || { total=$((total + $(grep -c . <<<"${listed[$suite]}" || true))); continue; }
        # An executable built before --list (a compare's older commit) rejects it with 1
        # but answers --help without it; its run below is judged by its exit status alone.
        if [ $status = 1 ] && help=$(cd "$checkout" && "$bin/$suite" --help 2>/dev/null) \
            && [[ "$help" != *--list* ]]; then
            legacy[$suite]=1
            continue
        fi
        suite_failed "$suite" "$(exit_reason $status) when asked to list its benchmarks" ""
    done
    if [ $total = 0 ] && [ ${#legacy[@]} = 0 ]; then
        log "FAILED: no benchmark${filter:+ matching '$filter'} to run in ${names[*]}${*:+ ($*)}"
        exit 1
    fi

    local index=0 ran=0 target options missing
    for suite in "${names[@]}"; do
        index=$((index + 1))
        if [ -z "${listed[$suite]}" ] && [ -z "${legacy[$suite]:-}" ]; then
            log "[$index/${#names[@]}] $suite: nothing matches '$filter'"
            continue
        fi
        if [ $profiles = 1 ]; then
            target=$out/$suite
            rm -rf "$target"
            options=(--output "$target")
        else
            target=$out/$suite.json
            rm -f "$target"
            options=(--format json --output "$target")
        fi
        # An executable built before these options (a compare's older commit) counts without.
        if [[ " $* " == *" --instructions "* ]] && [ -n "${HASH_SEEDS[$suite]:-}${HEAP_LAYOUTS[$suite]:-}" ]; then
            help=$(cd "$checkout" && "$bin/$suite" --help 2>/dev/null || true)
            [ -z "${HASH_SEEDS[$suite]:-}" ] || [[ "$help" != *--hash-seeds* ]] \
                || options+=(--hash-seeds "${HASH_SEEDS[$suite]}")
            [ -z "${HEAP_LAYOUTS[$suite]:-}" ] || [[ "$help" != *--heap-layouts* ]] \
                || options+=(--heap-layouts "${HEAP_LAYOUTS[$suite]}")
        fi
        if [ "$quick" = 1 ]; then
            options+=(--quick)
            [ -z "${QUICK_BUDGET[$suite]:-}" ] || options+=(--time-budget "${QUICK_BUDGET[$suite]}" --samples 1000)
        elif [ -n "${BUDGET[$suite]:-}" ]; then
            options+=(--time-budget "${BUDGET[$suite]}")
        fi
        log "[$index/${#names[@]}] $suite ($(elapsed))"
        status=0
        # Profiles print the files they write; the run's log is enough.
        if [ $profiles = 1 ]; then
            (cd "$checkout" && "$bin/$suite" "${options[@]}" "${selection[@]}") >/dev/null || status=$?
        else
            (cd "$checkout" && "$bin/$suite" "${options[@]}" "${selection[@]}") || status=$?
        fi
        if [ -n "${legacy[$suite]:-}" ]; then
            if [ $status = 1 ] && [ -n "$filter" ] && [ ! -e "$target" ]; then
                log "$suite: nothing matches '$filter' (it exited 1 without results; it predates --list)"
                continue
            fi
            [ $status = 0 ] || suite_failed "$suite" "$(exit_reason $status)" "" "${names[@]:index}"
            ran=$((ran + 1))
            continue
        fi
        missing=$(unreported $profiles "$target" "${listed[$suite]}")
        [ $status = 0 ] || suite_failed "$suite" "$(exit_reason $status)" "$missing" "${names[@]:index}"
        [ -z "$missing" ] || suite_failed "$suite" "exited 0 but did not report everything it listed" \
            "$missing" "${names[@]:index}"
        ran=$((ran + 1))
    done
    if [ $ran = 0 ]; then
        log "FAILED: no benchmark${filter:+ matching '$filter'} ran in ${names[*]}${*:+ ($*)}"
        exit 1
    fi
}
