#!/usr/bin/env python3
"""Conformance of `lattice parse --ast-json` and `lattice validate` with graphql-core, at the
version scripts/requirements.txt pins (3.3.2; the check stops if another one is installed).

For every .graphql file of the corpus (Tests/GraphQLSyntaxTests/Corpus, spec/) and of
graphql-core's own test fixtures (downloaded as the pinned sdist, cached under .build/):
  - graphql-core accepts it: Lattice's AST JSON must equal ast_to_dict(parse(text,
    no_location=True)) exactly (null lists as null, keys in graphql-core's order);
  - graphql-core rejects it: Lattice must reject it at the same line and column.
Then for every document of the validation corpus (Tests/LatticeTests/Compiler/ValidationCorpus),
each breaking one rule both check, both must reject it, Lattice at locations graphql-core
reports (see conformance/validation.py).
Prints counts, the first differing JSON path of each mismatch, and the time Lattice
takes to parse the GitHub schema. Exits 1 on any mismatch.

usage: conformance.py --lattice PATH_TO_LATTICE_BINARY
"""
import argparse
import sys
from pathlib import Path

from conformance.compare import first_difference
from conformance.corpus import corpus_files, public_fixtures
from conformance.graphql_core import expected_outcome
from conformance.lattice import lattice_outcome, parse_time_ms
from conformance import validation

ROOT = Path(__file__).resolve().parent.parent


def check(lattice: str, path: Path) -> tuple[str, str | None, bool]:
    """Returns (category, problem, same message): category names what agreed; problem is
    None when it did; the last says whether both rejected with the same message."""
    expected = expected_outcome(path.read_bytes())
    actual = lattice_outcome(lattice, path)
    category, problem = compare(path, expected, actual)
    same_message = expected.error is not None and expected.error == actual.error
    return category, problem, same_message


def compare(path: Path, expected, actual) -> tuple[str, str | None]:
    label = path.parent.name
    if label == "valid" and expected.tree is None:
        return "equal", f"corpus mislabelled: in valid/ but graphql-core rejects it ({expected.error})"
    if label == "invalid" and expected.tree is not None:
        return "rejected", "corpus mislabelled: in invalid/ but graphql-core accepts it"
    if expected.tree is not None:
        if actual.tree is None:
            return "equal", f"graphql-core accepts it, Lattice rejects it: {actual.error}"
        difference = first_difference(expected.tree, actual.tree)
        if difference is not None:
            return "equal", f"trees differ at {difference}"
        return "equal", None
    if actual.tree is not None:
        return "rejected", f"graphql-core rejects it ({expected.error}), Lattice accepts it"
    if expected.position is None:
        # graphql-core cannot say where (invalid UTF-8, or it crashed): rejecting is enough.
        return "rejected-unlocated", None
    if actual.position != expected.position:
        return "rejected", (f"rejected at different positions: graphql-core {expected.position}"
                            f" ({expected.error}), Lattice {actual.position} ({actual.error})")
    return "rejected", None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lattice", required=True, help="path to the built lattice binary")
    args = parser.parse_args()

    files = corpus_files(ROOT) + public_fixtures(ROOT)
    counts = {"equal": 0, "rejected": 0, "rejected-unlocated": 0}
    same_messages = 0
    mismatches = []
    show_progress = sys.stderr.isatty()
    for index, path in enumerate(files, 1):
        if show_progress:
            print(f"\rconformance: {index}/{len(files)}", end="", file=sys.stderr, flush=True)
        category, problem, same_message = check(args.lattice, path)
        same_messages += same_message
        if problem is None:
            counts[category] += 1
        else:
            mismatches.append((path, problem))
    if show_progress:
        print(file=sys.stderr)

    for path, problem in mismatches:
        print(f"MISMATCH {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: {problem}")
    print(f"conformance: {len(files)} files checked, {counts['equal']} equal ASTs, "
          f"{counts['rejected']} rejected at the same line and column "
          f"({same_messages} with graphql-core's exact message), "
          f"{counts['rejected-unlocated']} rejected where graphql-core cannot locate the error, "
          f"{len(mismatches)} mismatches")
    documents = validation.corpus(ROOT)
    validation_mismatches = [(path, problem) for path in documents
                             if (problem := validation.check(ROOT, args.lattice, path)) is not None]
    for path, problem in validation_mismatches:
        print(f"MISMATCH {path.relative_to(ROOT)}: {problem}")
    print(f"conformance: {len(documents)} invalid documents validated, "
          f"{len(documents) - len(validation_mismatches)} rejected by both at agreeing locations, "
          f"{len(validation_mismatches)} mismatches")
    mismatches += validation_mismatches
    github = [f for f in files if f.name == "github_schema.graphql"]
    if github:
        size_kb = github[0].stat().st_size / 1024
        print(f"conformance: lattice parse github_schema.graphql ({size_kb:.0f} KiB): "
              f"{parse_time_ms(args.lattice, github[0]):.2f} ms (best of 5, {args.lattice})")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
