#!/usr/bin/env bash
# Runs a libFuzzer target under AddressSanitizer, either exploring for a time or reproducibly:
#
#   scripts/fuzz.sh Parser|Compiler|Normalizer|JSONReader SECONDS
#   scripts/fuzz.sh Parser|Compiler|Normalizer|JSONReader --runs N --seed S
#
# Builds Fuzz/TARGET in release under AddressSanitizer with libFuzzer's coverage (LATTICE_FUZZ
# declares the targets, LATTICE_SANITIZE leaves jemalloc out) in .build/fuzz, linked with
# libFuzzer's driver (each target's main calls LLVMFuzzerRunDriver: SwiftPM gives every
# executable a main, so -sanitize=fuzzer's own cannot link), and fuzzes at nice 19, seeded
# from spec/ and the test corpora (documents for Parser and Compiler, recorded responses for
# Normalizer and JSONReader).
#
# With SECONDS it explores with a random seed, growing a corpus of its own in
# .build/fuzz/corpus/TARGET across runs. With --runs and --seed it starts from the seeds alone
# (its corpus, .build/fuzz/runs/TARGET, is emptied first) and executes N inputs: CI's run, the
# same work on any machine. It is not the same inputs: libFuzzer's choices still vary from run
# to run (two runs of one binary with one seed kept different inputs, ASLR off or not).
# A crash is written to .build/fuzz/findings/TARGET/ and the script exits non-zero; turn each
# into a test.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/setup.sh"
cd "$LATTICE_ROOT"

usage="usage: scripts/fuzz.sh Parser|Compiler|Normalizer|JSONReader SECONDS | --runs N --seed S"
target=${1:-}
shift || true
seconds= runs= seed=
case "${1:-}" in
    --runs) runs=${2:-}; [ "${3:-}" = --seed ] && seed=${4:-}
            [[ "$runs" =~ ^[0-9]+$ && "$seed" =~ ^[1-9][0-9]*$ && $# -eq 4 ]] || { echo "$usage" >&2; exit 2; } ;;
    *) seconds=${1:-}; [[ "$seconds" =~ ^[0-9]+$ && $# -eq 1 ]] || { echo "$usage" >&2; exit 2; } ;;
esac
case "$target" in
    Parser | Compiler) seeds=(spec/operations Tests/GraphQLSyntaxTests/Corpus/valid Tests/GraphQLSyntaxTests/Corpus/invalid
                              Tests/LatticeTests/Compiler/ValidationCorpus) ;;
    Normalizer | JSONReader) seeds=(spec/responses) ;;
    *) echo "$usage" >&2; exit 2 ;;
esac

scratch=.build/fuzz
driver=$(ls "$(dirname "$(command -v swiftc)")"/../lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a 2>/dev/null | head -n 1)
[ -n "$driver" ] || { echo "fuzz: this toolchain has no libFuzzer (libclang_rt.fuzzer_no_main)" >&2; exit 1; }
echo "== build Fuzz$target under AddressSanitizer with libFuzzer's coverage" >&2
LATTICE_FUZZ=1 LATTICE_SANITIZE=1 swift build -c release --product "Fuzz$target" --scratch-path "$scratch" \
    -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table \
    -Xlinker "$driver" -Xlinker -lstdc++ 2>&1 | tail -n 3 >&2
findings=$scratch/findings/$target
if [ -n "$runs" ]; then
    corpus=$scratch/runs/$target
    rm -rf "$corpus"
    budget=(-runs="$runs" -seed="$seed")
    echo "== fuzz $target for $runs inputs from seed $seed (seeds: ${seeds[*]})" >&2
else
    corpus=$scratch/corpus/$target
    budget=(-max_total_time="$seconds")
    echo "== fuzz $target for ${seconds}s (seeds: ${seeds[*]})" >&2
fi
mkdir -p "$corpus" "$findings"
# The first folder is the one libFuzzer adds to; the seed folders are only read. Leak
# detection is off: libFuzzer checks leaks input by input, and the schema a target builds
# once reads as leaked (scripts/lab/leak-suppressions.txt says why); the address-sanitized
# tests (scripts/test.sh --sanitize address) check leaks.
ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}" \
    nice -n 19 "$scratch/release/Fuzz$target" "${budget[@]}" -print_final_stats=1 -detect_leaks=0 \
    -artifact_prefix="$findings/" "$corpus" "${seeds[@]}"
