"""Which files the conformance check reads: ours, and graphql-core's public fixtures."""
import subprocess
import sys
import tarfile
from pathlib import Path

GRAPHQL_CORE = "graphql-core==3.2.6"
SDIST = "graphql_core-3.2.6.tar.gz"
FIXTURES = ("kitchen_sink.graphql", "schema_kitchen_sink.graphql", "github_schema.graphql")


def corpus_files(root: Path) -> list[Path]:
    """Every .graphql under the syntax tests' corpus and under spec/, sorted."""
    folders = [root / "Tests" / "GraphQLSyntaxTests" / "Corpus", root / "spec"]
    return sorted(p for folder in folders if folder.is_dir() for p in folder.rglob("*.graphql"))


def public_fixtures(root: Path) -> list[Path]:
    """graphql-core's own test fixtures (a kitchen-sink query and SDL, GitHub's public
    schema), from the pinned sdist, downloaded once and cached under .build/."""
    cache = root / ".build" / "conformance"
    extracted = cache / "fixtures"
    if all((extracted / name).is_file() for name in FIXTURES):
        return [extracted / name for name in FIXTURES]
    cache.mkdir(parents=True, exist_ok=True)
    if not (cache / SDIST).is_file():
        print(f"conformance: downloading the {GRAPHQL_CORE} sdist", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "pip", "download", GRAPHQL_CORE, "--no-binary", ":all:",
                        "--no-deps", "--disable-pip-version-check", "-q", "-d", str(cache)], check=True)
    extracted.mkdir(exist_ok=True)
    with tarfile.open(cache / SDIST) as archive:
        for name in FIXTURES:
            member = archive.extractfile(f"graphql_core-3.2.6/tests/fixtures/{name}")
            if member is None:
                raise SystemExit(f"conformance: {name} missing from {SDIST}")
            temporary = extracted / (name + ".tmp")
            temporary.write_bytes(member.read())
            temporary.rename(extracted / name)
    return [extracted / name for name in FIXTURES]
