#!/usr/bin/env python3
"""Turns a whole results file of a full run into a recorded-run fixture for the judging tests.

    recorded_run.py RESULTS[.gz] OUTPUT.json.gz [--before-only] [--judged-by LIMITS] [--keep-cpu-time]

Keeps every metric but cpuTime (nothing judges it; it is a third of the file), and writes the
rest gzipped, keys sorted, so the fixture is byte-for-byte the same each time it is made from
the same input.

--keep-cpu-time: keeps cpuTime too, for a run taken before the harness recorded the kernel's
run-queue wait beside each sample (runQueueWait): the judge then tells a preempted sample by
the gap between its wall and CPU times (Disturbance in LatticeBench).

--judged-by LIMITS: keeps the metrics of only the benchmarks a limit of that limits file
(spec/limits.json) or of its decision records names, any strategy, or as a ratio's reference:
the tests judge those (summarizing the whole run's 161 benchmarks at pace takes the debug build
most of a minute). The others keep their paces, so the run's reference pace is the whole run's.

--before-only: the file comes from a harness that read the machine's pace only before each
sample (before 2026-12-02's bracketing probe). Each sample's pace becomes the slower of the
reading before it and the reading before the next sample, which the harness takes as soon as
the sample ends: what the bracketing harness records. A benchmark's last sample has no reading
after it and keeps the one before it. The pace's summary stays the recorded readings' (a
results file's summaries are checked against their samples' count only, and nothing judges
the pace's summary: the judge reads the readings).
"""
import argparse
import fnmatch
import gzip
import json
import os
import sys


def bracketed(benchmark):
    metrics = {m["metric"]["name"]: m for m in benchmark["metrics"]}
    pace = metrics.get("machinePace")
    if pace is None:
        return
    readings = pace["samples"]
    pace["samples"] = [max(before, after) for before, after in zip(readings, readings[1:])] + readings[-1:]


def judged_patterns(path):
    """Every benchmark pattern the limits file's limits and decision records' limits name,
    `{strategy}` standing for any strategy."""
    with open(path, encoding="utf-8") as file:
        limits_file = json.load(file)
    limits = list(limits_file.get("limits", []))
    for record in limits_file.get("decisions", []):
        limits += record.get("limits", [])
    patterns = set()
    for limit in limits:
        for key in ("benchmark", "relativeTo"):
            if limit.get(key):
                patterns.add(limit[key].replace("{strategy}", "*"))
    return sorted(patterns)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results")
    parser.add_argument("output")
    parser.add_argument("--before-only", action="store_true")
    parser.add_argument("--judged-by", metavar="LIMITS")
    parser.add_argument("--keep-cpu-time", action="store_true")
    arguments = parser.parse_args()
    opener = gzip.open if arguments.results.endswith(".gz") else open
    try:
        with opener(arguments.results, "rt", encoding="utf-8") as file:
            results = json.load(file)
        benchmarks = results["benchmarks"]
    except (OSError, ValueError, KeyError, TypeError) as error:
        sys.exit(f"recorded_run.py: {arguments.results}: not a results file: {error}")
    if arguments.judged_by:
        try:
            patterns = judged_patterns(arguments.judged_by)
        except (OSError, ValueError, AttributeError) as error:
            sys.exit(f"recorded_run.py: {arguments.judged_by}: not a limits file: {error}")
        for benchmark in benchmarks:
            if not any(fnmatch.fnmatchcase(benchmark["name"], pattern) for pattern in patterns):
                benchmark["metrics"] = [m for m in benchmark["metrics"] if m["metric"]["name"] == "machinePace"]
    for benchmark in benchmarks:
        if not arguments.keep_cpu_time:
            benchmark["metrics"] = [m for m in benchmark["metrics"] if m["metric"]["name"] != "cpuTime"]
        if arguments.before_only:
            bracketed(benchmark)
    text = json.dumps(results, sort_keys=True, separators=(",", ":"))
    temporary = arguments.output + ".partial"
    with open(temporary, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, filename="") as file:
        file.write(text.encode("utf-8"))
    os.replace(temporary, arguments.output)


if __name__ == "__main__":
    main()
