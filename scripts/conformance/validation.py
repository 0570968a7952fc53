"""Validation conformance: for each document of Tests/LatticeTests/Compiler/ValidationCorpus
(each breaks one rule of the spec's validation section that graphql-core also checks),
graphql-core's `validate` against spec/schema.graphql and spec/directives.graphql and
`lattice validate` must both reject it, and every location Lattice reports must be one
graphql-core reports (graphql-js names both places of a duplicate, Lattice the second)."""
import re
import subprocess
from pathlib import Path

from graphql import build_schema, parse, validate

LOCATION = re.compile(r"^.*:(\d+):(\d+): (.*)$")
CORPUS = Path("Tests/LatticeTests/Compiler/ValidationCorpus")
SCHEMAS = [Path("spec/schema.graphql"), Path("spec/directives.graphql")]


def corpus(root: Path) -> list[Path]:
    return sorted((root / CORPUS).glob("*.graphql"))


def graphql_core_locations(root: Path, path: Path) -> set[tuple[int, int]]:
    schema = build_schema("\n".join((root / schema).read_text() for schema in SCHEMAS))
    errors = validate(schema, parse(path.read_text()))
    return {(location.line, location.column) for error in errors for location in error.locations or []}


def lattice_locations(root: Path, lattice: str, path: Path) -> set[tuple[int, int]]:
    arguments = [lattice, "validate"]
    for schema in SCHEMAS:
        arguments += ["--schema", str(root / schema)]
    result = subprocess.run(arguments + [str(path)], capture_output=True, text=True)
    if result.returncode not in (0, 1):
        raise SystemExit(f"conformance: lattice validate failed on {path} (status {result.returncode}): {result.stderr}")
    return {(int(match[1]), int(match[2])) for line in result.stderr.splitlines() if (match := LOCATION.match(line))}


def check(root: Path, lattice: str, path: Path) -> str | None:
    """None when both reject at agreeing locations, else what differs."""
    expected = graphql_core_locations(root, path)
    actual = lattice_locations(root, lattice, path)
    if not expected:
        return "corpus mislabelled: graphql-core accepts it"
    if not actual:
        return f"graphql-core rejects it at {sorted(expected)}, Lattice accepts it"
    if not actual <= expected:
        return f"rejected at different locations: graphql-core {sorted(expected)}, Lattice {sorted(actual)}"
    return None
