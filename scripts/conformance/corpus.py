"""Which files the conformance check reads: ours, and graphql-core's public fixtures."""
import re
import subprocess
import sys
import tarfile
from pathlib import Path

import graphql

FIXTURES = ("kitchen_sink.graphql", "schema_kitchen_sink.graphql", "github_schema.graphql")


def pinned_graphql_core(root: Path) -> str:
    """The graphql-core version scripts/requirements.txt pins (the one pin fixtures and
    conformance share), after checking that it is the one installed: a venv left from an
    older pin would compare Lattice with the wrong parser."""
    requirements = (root / "scripts" / "requirements.txt").read_text()
    match = re.search(r"^graphql-core==(\S+)$", requirements, re.MULTILINE)
    if match is None:
        raise SystemExit("conformance: scripts/requirements.txt pins no graphql-core version")
    if graphql.__version__ != match[1]:
        raise SystemExit(f"conformance: graphql-core {graphql.__version__} is installed, scripts/requirements.txt "
                         f"pins {match[1]}; run scripts/test.sh (its setup reinstalls the pins)")
    return match[1]


def corpus_files(root: Path) -> list[Path]:
    """Every .graphql under the syntax tests' corpus and under spec/, sorted."""
    folders = [root / "Tests" / "GraphQLSyntaxTests" / "Corpus", root / "spec"]
    return sorted(p for folder in folders if folder.is_dir() for p in folder.rglob("*.graphql"))


def public_fixtures(root: Path) -> list[Path]:
    """graphql-core's own test fixtures (a kitchen-sink query and SDL, GitHub's public
    schema), from the pinned version's sdist, downloaded once and cached under .build/ in
    a folder of that version (a changed pin downloads its own)."""
    version = pinned_graphql_core(root)
    release = f"graphql_core-{version}"
    cache = root / ".build" / "conformance" / release
    extracted = cache / "fixtures"
    if all((extracted / name).is_file() for name in FIXTURES):
        return [extracted / name for name in FIXTURES]
    cache.mkdir(parents=True, exist_ok=True)
    sdist = cache / f"{release}.tar.gz"
    if not sdist.is_file():
        print(f"conformance: downloading the graphql-core {version} sdist", file=sys.stderr)
        # `--no-binary graphql-core`, not `:all:`: pip prepares the sdist's metadata with its
        # build backend, which must come as a wheel (3.3's builds from Rust source otherwise).
        subprocess.run([sys.executable, "-m", "pip", "download", f"graphql-core=={version}",
                        "--no-binary", "graphql-core", "--no-deps", "--disable-pip-version-check", "-q",
                        "-d", str(cache)], check=True)
    extracted.mkdir(exist_ok=True)
    with tarfile.open(sdist) as archive:
        for name in FIXTURES:
            member = archive.extractfile(f"{release}/tests/fixtures/{name}")
            if member is None:
                raise SystemExit(f"conformance: {name} missing from {sdist.name}")
            temporary = extracted / (name + ".tmp")
            temporary.write_bytes(member.read())
            temporary.rename(extracted / name)
    return [extracted / name for name in FIXTURES]
