#!/usr/bin/env bash
# The lab's one command, as a shell must do it: installs what a fresh machine lacks, builds the
# package in release (and, for compare, each commit in a git worktree), then hands everything
# else to `lattice bench`, which runs the suite, reports, gates, checks, rewrites the baseline
# or compares (`scripts/bench.sh --help`; Sources/LatticeLab/Suite/). Progress goes to stderr.
# Exit status: lattice bench's, or 1 when a build fails.
set -euo pipefail
shopt -s inherit_errexit
source "$(dirname "${BASH_SOURCE[0]}")/lib/setup.sh"
cd "$LATTICE_ROOT"

log() { echo "bench: $*" >&2; }

# Builds the release products of the package at $1 (scratch path $2); prints the bin path.
build_release() {
    local package=$1 scratch=$2 output status=0
    log "building release in $package"
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
# .build/lab/bins/<commit>, where lattice bench compare finds them, beside its checkout under
# .build/lab/worktrees/<first 12 of the commit>. Every commit builds in one worktree, so the
# second build of a compare recompiles only what the two commits change.
build_commit() {
    local commit=$1 kept=.build/lab/bins/$1 tree=.build/lab/worktrees/build checkout=.build/lab/worktrees/${1:0:12}
    [ -e "$checkout/.git" ] || git worktree add --detach --force "$checkout" "$commit" >&2
    if [ -f "$kept/.complete" ]; then
        log "release executables of ${commit:0:12} already built ($kept)"
        return 0
    fi
    if [ ! -e "$tree/.git" ]; then
        git worktree add --detach --force "$tree" "$commit" >&2
    else
        git -C "$tree" checkout --detach --force -q "$commit" >&2
    fi
    local built name
    built=$(build_release "$tree" "$tree/.build")
    rm -rf "$kept.partial"
    mkdir -p "$kept.partial"
    [ -x "$built/lattice" ] || { log "the release build of ${commit:0:12} has no lattice"; exit 1; }
    # An executable the commit does not have (a benchmark added since) is left out: lattice bench
    # compare lists its benchmarks as on one side only.
    for name in $("$lattice" bench --executables); do
        # The shared build folder still holds executables of commits built before.
        [ ! -d "$tree/Benchmarks/$name" ] || cp "$built/$name" "$kept.partial/"
    done
    cp "$built/lattice" "$kept.partial/"
    # GeneratedCompile compiles against the Lattice module beside its executable.
    [ ! -d "$built/Modules" ] || cp -R "$built/Modules" "$kept.partial/Modules"
    touch "$kept.partial/.complete"
    rm -rf "$kept"
    mv "$kept.partial" "$kept"
}

for argument in "$@"; do
    case "$argument" in -h|--help) ;; *) continue ;; esac
    # The help needs no build when lattice is built already.
    [ ! -x .build/release/lattice ] || exec .build/release/lattice bench --help
done
lattice_setup_system
bin=$(build_release . .build)
lattice=$bin/lattice
# lattice bench checks the arguments and names the commits a comparison needs built.
commits=$("$lattice" bench --commits-to-build "$@") || exit $?
for commit in $commits; do build_commit "$commit"; done
[ -z "$commits" ] || set -- "$@" --built $commits
exec "$lattice" bench --bin "$bin" "$@"
