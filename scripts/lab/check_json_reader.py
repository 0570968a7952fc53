#!/usr/bin/env python3
"""The JSON reader against a strict reference: Python's json module.

    check_json_reader.py --lattice .build/debug/lattice FOLDER_OR_FILE...

Reads every file given (folders: every file in them, e.g. spec/responses and the fuzzer's
corpus .build/fuzz/corpus/JSONReader) with `lattice json` and with Python, and demands the
same accept/reject and the same value, kinds included (an int is not a float; 40.0 stays a
float). Python is made strict as RFC 8259 is: the bytes must be UTF-8 (a byte-order mark is
skipped, as the reader does), and NaN/Infinity are refused.

Where the two differ by design, the runtime's refusal is expected and counted apart:
  - a string holding half of a surrogate pair (Python keeps it; a Swift String cannot),
  - a number beyond a double's range (Python reads 1e400 as inf and long integers exactly;
    the runtime refuses what it cannot represent),
  - nesting deeper than the runtime's bound (JSONReader.maximumDepth, 100 levels).
An integer beyond 64 bits is compared as the double the runtime keeps.
Exit status 0 when nothing else differs; every difference is printed with its file.
"""
import argparse
import json
import math
import pathlib
import subprocess
import sys

MAXIMUM_DEPTH = 100
INT64 = range(-(2 ** 63), 2 ** 63)
BATCH = 200


class Refused(Exception):
    """Python's strict reading refuses the bytes."""


def refuse_constant(name):
    raise Refused(f"{name} is not JSON")


def python_value(data: bytes):
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
        return json.loads(text, parse_constant=refuse_constant)
    except (UnicodeDecodeError, ValueError, RecursionError, Refused) as error:
        raise Refused(str(error)) from error


def expected_refusal(value, depth=0):
    """Why the runtime refuses a value Python reads, if it does so by design."""
    if isinstance(value, (list, dict)):
        if depth >= MAXIMUM_DEPTH:
            return "nesting"
        items = value.values() if isinstance(value, dict) else value
        keys = value.keys() if isinstance(value, dict) else []
        for item in list(keys) + list(items):
            reason = expected_refusal(item, depth + 1)
            if reason:
                return reason
        return None
    if isinstance(value, str):
        return "surrogate" if any(0xD800 <= ord(c) <= 0xDFFF for c in value) else None
    if isinstance(value, float) and math.isinf(value):
        return "range"
    if isinstance(value, int) and not isinstance(value, bool) and value not in INT64:
        try:
            return "range" if math.isinf(float(value)) else None
        except OverflowError:
            return "range"
    return None


def same(python, runtime):
    """Equal values of equal kinds; an integer past 64 bits against the runtime's double."""
    if isinstance(python, bool) or isinstance(runtime, bool):
        return type(python) is type(runtime) and python == runtime
    if isinstance(python, int):
        if python in INT64:
            return type(runtime) is int and python == runtime
        return type(runtime) is float and float(python) == runtime
    if isinstance(python, float):
        return type(runtime) is float and (python == runtime)
    if isinstance(python, list):
        return isinstance(runtime, list) and len(python) == len(runtime) and all(map(same, python, runtime))
    if isinstance(python, dict):
        return isinstance(runtime, dict) and python.keys() == runtime.keys() \
            and all(same(python[key], runtime[key]) for key in python)
    return python == runtime


def runtime_lines(lattice, paths):
    """`lattice json` on `paths`, by path: ("value", text) or ("error", message)."""
    results = {}
    for start in range(0, len(paths), BATCH):
        batch = [str(path) for path in paths[start:start + BATCH]]
        run = subprocess.run([lattice, "json", *batch], capture_output=True, check=False)
        if run.returncode not in (0, 1):
            sys.exit(f"check_json_reader: lattice json exited {run.returncode}: {run.stderr.decode(errors='replace')}")
        lines = run.stdout.split(b"\n")[: len(batch)]
        if len(lines) != len(batch):
            sys.exit(f"check_json_reader: lattice json printed {len(lines)} lines for {len(batch)} files")
        for path, line in zip(batch, lines):
            name, _, rest = line.partition(b"\t")
            if name.decode(errors="replace") != path:
                sys.exit(f"check_json_reader: expected a line for {path}, got {line[:80]!r}")
            text = rest.decode("utf-8")
            results[path] = ("error", text[len("error: "):]) if text.startswith("error: ") else ("value", text)
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lattice", required=True)
    parser.add_argument("inputs", nargs="+")
    options = parser.parse_args()
    paths = []
    for name in options.inputs:
        place = pathlib.Path(name)
        if place.is_dir():
            paths += sorted(path for path in place.iterdir() if path.is_file())
        elif place.is_file():
            paths.append(place)
    if not paths:
        sys.exit("check_json_reader: no files to read")
    runtime = runtime_lines(options.lattice, paths)
    counts = {"both read": 0, "both refused": 0, "refused by design": 0}
    by_design = {}
    differences = []
    for path in paths:
        kind, text = runtime[str(path)]
        try:
            python = python_value(path.read_bytes())
        except Refused as error:
            if kind == "error":
                counts["both refused"] += 1
            else:
                differences.append(f"{path}: the runtime reads it, Python refuses it ({error})")
            continue
        if kind == "error":
            reason = expected_refusal(python)
            if reason:
                counts["refused by design"] += 1
                by_design[reason] = by_design.get(reason, 0) + 1
            else:
                differences.append(f"{path}: Python reads it, the runtime refuses it ({text})")
            continue
        if same(python, json.loads(text)):
            counts["both read"] += 1
        else:
            differences.append(f"{path}: the values differ: runtime {text[:120]}")
    design = ", ".join(f"{count} {reason}" for reason, count in sorted(by_design.items())) or "none"
    print(f"check_json_reader: {len(paths)} files: {counts['both read']} read alike, {counts['both refused']} refused "
          f"by both, {counts['refused by design']} refused by the runtime by design ({design}), "
          f"{len(differences)} differences", file=sys.stderr)
    for difference in differences:
        print(difference, file=sys.stderr)
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
