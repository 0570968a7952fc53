#!/usr/bin/env python3
"""Reference values for LatticeBench's statistics, computed with numpy and scipy.

Run once from the repository root (after `source scripts/lib/setup.sh && lattice_setup_venv`):

    .venv/bin/python scripts/stats_reference.py

It rewrites Tests/LatticeBenchTests/Statistics/ScipyReference.swift with exact inputs and
expected outputs as Swift literals. The inputs come from a fixed seed, so rerunning it with
the pinned numpy/scipy (scripts/requirements.txt) reproduces the file byte for byte; a diff
after a rerun means the reference, not the Swift code, changed.

Definitions checked (they are the Swift side's documented definitions):
- percentiles: numpy.percentile(x, q) (default method "linear");
- mad: scipy.stats.median_abs_deviation(x) (scale 1.0, unscaled);
- standard deviation: numpy.std(x, ddof=1); cv = std / |mean|;
- Tukey fences on numpy's linear quartiles: mild beyond 1.5 IQR, severe beyond 3 IQR;
- Mann-Whitney U: scipy.stats.mannwhitneyu(baseline, candidate, alternative="two-sided",
  method="asymptotic", use_continuity=True); U is the baseline's statistic;
- Hodges-Lehmann: numpy.median of all candidate - baseline differences; the interval is
  [D(C), D(N+1-C)] of the sorted differences with C the nearest integer to
  N/2 - norm.ppf((1+0.95)/2) * sqrt(n1*n2*(n1+n2+1)/12), clamped to 1..N (Hollander & Wolfe).
- Student's t: scipy.stats.t.sf(t, df).
"""
import math
import pathlib

import numpy as np
import scipy
from scipy import stats

OUT = pathlib.Path(__file__).resolve().parent.parent / \
    "Tests/LatticeBenchTests/Statistics/ScipyReference.swift"
rng = np.random.default_rng(20261129)


def timings(n, scale=1000.0, sigma=0.05):
    return [round(float(v), 2) for v in scale * rng.lognormal(0.0, sigma, n)]


def lit(x):
    if x is None:
        return "nil"
    return repr(float(x))


def lits(xs):
    return "[" + ", ".join(lit(x) for x in xs) + "]"


def summary_case(name, samples):
    x = np.asarray(samples, dtype=float)
    n = len(x)
    q1, q3 = np.percentile(x, 25), np.percentile(x, 75)
    iqr = q3 - q1
    mean = float(np.mean(x))
    std = float(np.std(x, ddof=1)) if n >= 2 else None
    cv = std / abs(mean) if std is not None and mean != 0 else None
    fields = {
        "min": np.min(x), "p25": q1, "median": np.percentile(x, 50), "p75": q3,
        "p90": np.percentile(x, 90), "p99": np.percentile(x, 99), "max": np.max(x),
        "mean": mean, "standardDeviation": std,
        "mad": stats.median_abs_deviation(x), "cv": cv,
    }
    counts = {
        "mildLow": int(np.sum((x >= q1 - 3 * iqr) & (x < q1 - 1.5 * iqr))),
        "mildHigh": int(np.sum((x <= q3 + 3 * iqr) & (x > q3 + 1.5 * iqr))),
        "severeLow": int(np.sum(x < q1 - 3 * iqr)),
        "severeHigh": int(np.sum(x > q3 + 3 * iqr)),
    }
    body = ", ".join(f"{k}: {lit(v)}" for k, v in fields.items())
    tukey = ", ".join(f"{k}: {v}" for k, v in counts.items())
    return (f'        SummaryCase(name: "{name}", samples: {lits(samples)},\n'
            f"                    n: {n}, {body},\n"
            f"                    {tukey}),")


def comparison_case(name, baseline, candidate, confidence=0.95):
    b = np.asarray(baseline, dtype=float)
    c = np.asarray(candidate, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        result = stats.mannwhitneyu(b, c, alternative="two-sided", method="asymptotic",
                                    use_continuity=True)
    diffs = np.sort(np.subtract.outer(c, b).ravel())
    n1, n2, total = len(b), len(c), len(diffs)
    z = stats.norm.ppf((1 + confidence) / 2)
    rank = math.floor(n1 * n2 / 2 - z * math.sqrt(n1 * n2 * (n1 + n2 + 1) / 12) + 0.5)
    rank = min(max(rank, 1), total)
    return (f'        ComparisonCase(name: "{name}",\n'
            f"                       baseline: {lits(baseline)},\n"
            f"                       candidate: {lits(candidate)},\n"
            f"                       u: {lit(result.statistic)}, pValue: {lit(result.pvalue)},\n"
            f"                       shift: {lit(np.median(diffs))}, "
            f"lower: {lit(diffs[rank - 1])}, upper: {lit(diffs[total - rank])}),")


summaries = [
    summary_case("timings with outliers",
                 timings(40) + [2500.0, 1900.0, 1480.0, 400.0, 650.0, 1180.0, 800.0]),
    summary_case("integers with ties", [float(v) for v in rng.integers(0, 10, 31)]),
    summary_case("four values", [5.0, 1.0, 4.0, 2.0]),
    summary_case("two values", [1.0, 2.0]),
    summary_case("one value", [42.0]),
    summary_case("all equal", [7.0] * 9),
    summary_case("around zero", [round(float(v), 3) for v in rng.normal(0.0, 1.5, 23)]),
]

base = timings(30)
comparisons = [
    comparison_case("ten percent slower", base, [round(v * 1.1, 2) for v in timings(30)]),
    comparison_case("same distribution", base, timings(30)),
    comparison_case("integer ties", [float(v) for v in rng.integers(0, 5, 15)],
                    [float(v) for v in rng.integers(1, 6, 18)]),
    comparison_case("unequal sizes", timings(7), timings(12, scale=1020.0)),
    comparison_case("heavy ties, 200 a side", [float(v) for v in rng.integers(90, 110, 200)],
                    [float(v) for v in rng.integers(92, 112, 200)]),
    comparison_case("around zero", [round(float(v), 3) for v in rng.normal(0.0, 1.0, 13)],
                    [round(float(v), 3) for v in rng.normal(0.4, 1.0, 11)]),
    comparison_case("all equal", [5.0] * 6, [5.0] * 4),
    comparison_case("one a side", [1.0], [2.0]),
]

student = []
for t, df in [(3.8, 10), (0.5, 3), (5.0, 10), (2.0, 1), (-1.5, 7), (1.0, 100), (12.0, 6), (0.0, 4),
              (1e-9, 100)]:
    student.append(f"        StudentTCase(t: {lit(t)}, freedom: {lit(df)}, survival: {lit(stats.t.sf(t, df))}),")

OUT.write_text(f"""\
// Generated by scripts/stats_reference.py with numpy {np.__version__} and scipy {scipy.__version__}.
// Do not edit: rerun the script. Definitions: see the script's docstring.

import Testing

/// Reference values from numpy/scipy for the statistics tests.
enum ScipyReference {{
    /// Inputs and numpy/scipy outputs for `Summary`.
    struct SummaryCase: Sendable, CustomTestStringConvertible {{
        let name: String
        let samples: [Double]
        let n: Int
        let min, p25, median, p75, p90, p99, max, mean: Double
        let standardDeviation: Double?
        let mad: Double
        let cv: Double?
        let mildLow, mildHigh, severeLow, severeHigh: Int
        var testDescription: String {{ name }}
    }}

    /// Inputs and scipy outputs for `MannWhitneyU` and `HodgesLehmann` (95 %).
    struct ComparisonCase: Sendable, CustomTestStringConvertible {{
        let name: String
        let baseline: [Double]
        let candidate: [Double]
        let u, pValue, shift, lower, upper: Double
        var testDescription: String {{ name }}
    }}

    /// scipy's Student t tail at `t`, `freedom` degrees of freedom.
    struct StudentTCase: Sendable, CustomTestStringConvertible {{
        let t, freedom, survival: Double
        var testDescription: String {{ "t \\(t), \\(freedom) df" }}
    }}

    static let summaries: [SummaryCase] = [
{chr(10).join(summaries)}
    ]

    static let comparisons: [ComparisonCase] = [
{chr(10).join(comparisons)}
    ]

    static let studentT: [StudentTCase] = [
{chr(10).join(student)}
    ]
}}
""")
print(f"wrote {OUT}")
