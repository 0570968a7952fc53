"""What `lattice parse` makes of a document: its AST JSON, or where it fails."""
import json
import re
import subprocess
from pathlib import Path

from .graphql_core import Outcome

LOCATION = re.compile(r"^.*:(\d+):(\d+): (.*)$")


def lattice_outcome(lattice: str, path: Path) -> Outcome:
    result = subprocess.run([lattice, "parse", "--ast-json", str(path)], capture_output=True, text=True)
    if result.returncode == 0:
        return Outcome(tree=json.loads(result.stdout))
    first_line = result.stderr.splitlines()[0] if result.stderr else ""
    match = LOCATION.match(first_line)
    if result.returncode != 1 or not match:
        raise SystemExit(f"conformance: lattice failed on {path} (status {result.returncode}): {result.stderr}")
    return Outcome(position=(int(match[1]), int(match[2])), error=match[3].removeprefix("Syntax Error: "))


def parse_time_ms(lattice: str, path: Path, runs: int = 5) -> float:
    """The best of `runs` parse times `lattice parse` reports for the file."""
    times = []
    for _ in range(runs):
        output = subprocess.run([lattice, "parse", str(path)], capture_output=True, text=True, check=True).stdout
        times.append(float(re.search(r"parsed in ([0-9.]+) ms", output)[1]))
    return min(times)
