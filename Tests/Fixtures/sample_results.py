"""Writes sample-results.json: a small, hand-shaped results file (schema version 1) with
every benchmark family of the lab's suite the dashboard draws, for the report's tests and the
dashboard render check in scripts/test.sh (scripts/lab/check_dashboard.py counts its charts'
bars and points against this file). Figures are invented but plausible; samples are seeded, so the
file is the same on every run. Run: .venv/bin/python Tests/Fixtures/sample_results.py"""
import json
import pathlib

import numpy as np

rng = np.random.default_rng(20261005)
STRATEGIES = ["stored", "derived", "rootVerdict"]
N = 24


def summary(samples):
    x = np.array(samples, dtype=float)
    q1, med, q3 = (float(np.percentile(x, q)) for q in (25, 50, 75))
    iqr = q3 - q1
    sd = float(np.std(x, ddof=1)) if len(x) > 1 else None
    mean = float(np.mean(x))
    boots = np.median(rng.choice(x, size=(400, len(x)), replace=True), axis=1)
    return {
        "n": len(x), "min": float(x.min()), "p25": q1, "median": med, "p75": q3,
        "p90": float(np.percentile(x, 90)), "p99": float(np.percentile(x, 99)), "max": float(x.max()),
        "mean": mean, "standardDeviation": sd, "mad": float(np.median(np.abs(x - med))),
        "cv": (sd / abs(mean)) if sd is not None and mean != 0 else None,
        "medianInterval": {"lower": float(np.percentile(boots, 2.5)), "upper": float(np.percentile(boots, 97.5)),
                           "confidence": 0.95},
        "outliers": {
            "mildLow": int(((x >= q1 - 3 * iqr) & (x < q1 - 1.5 * iqr)).sum()),
            "mildHigh": int(((x > q3 + 1.5 * iqr) & (x <= q3 + 3 * iqr)).sum()),
            "severeLow": int((x < q1 - 3 * iqr).sum()), "severeHigh": int((x > q3 + 3 * iqr).sum()),
        },
    }


def metric(name, unit, samples, exact):
    result = {"metric": {"name": name, "unit": unit, "polarity": "prefersSmaller", "exact": exact},
              "samples": [round(s, 3) for s in samples]}
    result["summary"] = summary(result["samples"])
    return result


def time(center, spread=0.03):
    return metric("wallTime", "nanoseconds", list(center * (1 + rng.normal(0, spread, N))), False)


def count(name, value, n=5):
    return metric(name, "count", [float(value)] * n, True)


def bench(name, metrics, iterations=100):
    return {"name": name, "tags": [], "metrics": metrics, "iterationsPerSample": iterations, "warnings": []}


benchmarks = []
# Dashboard is the largest @throwOnFieldError operation; IssueScreen's selection is spreads only.
for operation, fields in [("Dashboard", 420), ("CloseIssue", 12), ("IssueScreen", 0)]:
    for strategy in STRATEGIES:
        for tracked in (True, False):
            cost = {"stored": 9.0, "rootVerdict": 14.0, "derived": 25.0 * fields + 40}[strategy]
            if tracked and strategy == "derived":
                cost *= 9
            benchmarks.append(bench(f"PhaseRead/{strategy}/{operation}/{'tracked' if tracked else 'untracked'}", [
                time(cost), count("mallocs", 2 if strategy == "derived" else 0),
                metric("bytesAllocated", "bytes", [64.0 if strategy == "derived" else 0.0] * 5, True),
                metric("instructions", "instructions", [cost * 3.1], True)]))
for fields in (8, 32, 128):
    for reader, per_field in [("dictionary", 6), ("lensUntracked", 21), ("lensTracked", 190),
                              ("observableUntracked", 2), ("observableTracked", 150)]:
        benchmarks.append(bench(f"FieldRead/{reader}/{fields}", [time(per_field * fields + 30)]))
commits = ["verdictValue", "otherValue", "nullWrittenAndCleared", "errorAddedAndCleared", "linkMoved",
           "refetchSucceeded", "refetchFailed", "retry"]
for operation in ("Dashboard", "IssueScreen"):
    for commit in commits:
        base = {"errorAddedAndCleared": 2, "retry": 0}.get(commit, 0)
        for strategy in STRATEGIES:
            extra = 1 if strategy == "derived" and operation == "Dashboard" and commit in (
                "verdictValue", "nullWrittenAndCleared", "linkMoved") else 0
            benchmarks.append(bench(f"BodyReruns/{strategy}/{operation}/{commit}", [
                count("bodies", base + extra), count("extraBodies", extra)], iterations=10))
for fields in (4, 16, 64, 256, 1024, 4096):
    for strategy in STRATEGIES:
        cost = {"stored": 9.0, "rootVerdict": 14.0, "derived": 220.0 * fields + 300}[strategy]
        benchmarks.append(bench(f"ReadScaling/{strategy}/{fields}", [time(cost)]))
for handles in (1, 10, 100, 1000, 10000):
    for strategy in STRATEGIES:
        walked = handles + 1 if strategy == "stored" else 1
        cost = {"stored": 900.0 * walked, "derived": 700.0, "rootVerdict": 1100.0}[strategy] + 2000
        benchmarks.append(bench(f"CommitScaling/{strategy}/{handles}", [
            time(cost), count("mallocs", 14 + (walked if strategy == "stored" else 0)),
            metric("bytesAllocated", "bytes", [1200.0] * 5, True),
            count("handlesWalked", walked), count("fieldsWalked", walked * 40 if strategy == "stored" else 0),
            count("notifications", 1)]))
for setting in ("off", "on"):
    benchmarks.append(bench(f"CommitScaling/counters/{setting}", [time(2700.0), count("mallocs", 14)]))
benchmarks.append(bench("HarnessExample/sum", [time(310.0), count("mallocs", 0)]))


def observed(name, unit, value):
    return metric(name, unit, list(value * (1 + rng.normal(0, 0.002, N))), False)


def instructions(value):
    return metric("instructions", "instructions", [float(value)], True)


# The families drawn on the dashboard beside the decision's (issue 40): appended after the
# others, so the figures above keep their samples.
for input_name, scale in [("Dashboard", 1.0), ("Feed", 0.4)]:
    for step, cost in [("decode", 9_000), ("JSONSerialization", 30_000), ("JSONDecoder", 60_000),
                       ("normalize", 21_000), ("publish", 14_000), ("commit", 44_000), ("read", 12_000)]:
        benchmarks.append(bench(f"ResponsePath/{input_name}/{step}", [
            time(cost * scale), count("bytes", int(18_000 * scale)), count("fields", int(900 * scale)),
            instructions(cost * scale * 7)]))
for step, cost in [("ingest", 9_600_000), ("commitIntoEmpty", 1_490_000), ("commitAgain", 376_000),
                   ("commitOneChange", 383_000), ("check", 152_000), ("unionIngest", 2_200_000),
                   ("collectOneRoot", 2_150_000), ("collect300Roots", 30_000), ("deleteOne", 3_200),
                   ("imageWrite", 1_270_000), ("imageLaunch", 6_620_000)]:
    benchmarks.append(bench(f"RecordPage/{step}", [time(cost), instructions(cost * 7)]))
for step, body in [("readUntracked", 944), ("readTracked", 9_300), ("readCaught", 2_306)]:
    benchmarks.append(bench(f"RecordPage/{step}", [time(body), count("fields", 8), instructions(body * 7)]))
benchmarks.append(bench("RecordPage/imageHydrate", [
    time(5_550_000), observed("imageBytes", "bytes", 167_936), observed("storeBytes", "bytes", 817_856),
    observed("residentRecords", "count", 900), instructions(35_400_000)]))
for size, cost in [(100, 28_600), (100_000, 28_700)]:
    benchmarks.append(bench(f"Optimistic/cycle/{size}", [time(cost), count("mallocs", 80), instructions(186_400)]))
for layers in (1, 4, 16):
    benchmarks.append(bench(f"Optimistic/rebase/{layers}", [time(12_000.0 * layers), instructions(87_000 * layers)]))
benchmarks.append(bench("Optimistic/rows/20", [time(141_000), count("notifications", 40), count("bodies", 40),
                                               instructions(943_000)]))
for page in (2, 10, 21, 42):
    benchmarks.append(bench(f"Pagination/load/{page}", [
        time(495_000), count("listBodies", 1), count("shownRowBodies", 0), count("newRows", 50),
        count("notifications", 52), instructions(3_500_000)]))
    benchmarks.append(bench(f"Pagination/listBody/{page}", [time(47_000.0 * page), instructions(270_000 * page)]))
benchmarks.append(bench("Pagination/loadListOnly/2", [time(324_000), instructions(2_300_000)]))
for page, records in [(1, 52), (10, 511), (21, 562), (42, 562)]:
    benchmarks.append(bench(f"Lifetime/scroll/{page}", [
        time(250_000.0 * page), observed("residentRecords", "count", records),
        observed("residentBytes", "bytes", records * 674), count("collections", max(0, page - 11)),
        instructions(1_700_000 * page)]))
for size, cost in [(1, 104_000), (4, 75_600), (16, 73_100), (64, 77_600)]:
    benchmarks.append(bench(f"Incremental/multipart/{size}", [time(cost), instructions(cost * 20)]))
for step, cost in [("decoded", 1_120_000), ("normalized", 6_450_000), ("partsAlone", 4_200_000),
                   ("initial", 220_000)]:
    benchmarks.append(bench(f"Incremental/{step}/16", [time(cost), instructions(cost * 8)]))
benchmarks.append(bench("Incremental/part/1", [time(90_900), count("partBodies", 1), count("otherBodies", 0),
                                               instructions(634_600)]))

document = {
    "schemaVersion": 1,
    "createdAt": "2026-10-05T09:00:00Z",
    "machine": {"cpuModel": "Sample CPU @ 2.0GHz", "cores": 2, "architecture": "x86_64",
                "kernel": "Linux 6.1.0", "loadAverage": {"oneMinute": 0.5, "fiveMinutes": 0.4,
                                                           "fifteenMinutes": 0.3}},
    "toolchain": {"swiftVersion": "Swift version 6.3.1 (swift-6.3.1-RELEASE)"},
    "revision": {"commit": "0123456789abcdef0123456789abcdef01234567", "dirty": False},
    "configuration": {"quick": False, "maxSamples": N, "mode": "measure", "harnessOverheadNanoseconds": 21.0},
    "benchmarks": benchmarks,
}
def drop_none(value):
    """The schema omits unknown optional fields rather than writing null."""
    if isinstance(value, dict):
        return {k: drop_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [drop_none(v) for v in value]
    return value


document = drop_none(document)
path = pathlib.Path(__file__).with_name("sample-results.json")
path.write_text(json.dumps(document, indent=2, sort_keys=True) + "\n")
