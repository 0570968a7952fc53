"""The dashboard's charts as headless Chromium laid them out, against the results they draw (a
scripts/lab/check_dashboard.sh step, after scripts/lab/check_page.sh).

The page's own script writes on every chart how many of its data (bars, points, boxes) the
browser laid out with a box (`data-drawn`). This reads the rendered DOM and checks, section by
section, that each chart the results call for is there, in order, with as many data drawn as the
results hold: counted here from the results file, the history and the limits, and for the
record's section from BENCHMARKS.md's table of it, never from the page's own code.

Usage: check_dashboard.py DOM RESULTS HISTORY LIMITS BENCHMARKS_MD
"""
import json
import sys
from html.parser import HTMLParser


class Charts(HTMLParser):
    """Each section's charts: (title, data drawn) in page order."""

    def __init__(self):
        super().__init__()
        self.sections = {}
        self.section = None
        self.chart = None

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "section":
            self.section = attributes.get("id")
            self.sections.setdefault(self.section, [])
        elif tag == "svg" and "chart" in (attributes.get("class") or "").split():
            drawn = attributes.get("data-drawn")
            self.chart = [None, int(drawn) if drawn is not None else None]
            self.sections.setdefault(self.section, []).append(self.chart)
        elif tag == "title" and self.chart is not None and self.chart[0] is None:
            self.chart[0] = ""

    def handle_data(self, data):
        if self.chart is not None and self.chart[0] == "":
            self.chart[0] = data

    def handle_endtag(self, tag):
        if tag == "svg":
            self.chart = None
        elif tag == "section":
            self.section = None


def measured(results, executable, step, metric):
    """How many `executable/step/<size>` benchmarks have `metric`."""
    sizes = []
    for benchmark in results["benchmarks"]:
        parts = benchmark["name"].split("/")
        if len(parts) == 3 and parts[0] == executable and parts[1] == step and parts[2].isdigit() \
                and any(m["metric"]["name"] == metric for m in benchmark["metrics"]):
            sizes.append(int(parts[2]))
    return len(sizes)


def record_rows(markdown):
    """Rows of BENCHMARKS.md's record table with a figure of this run in Lattice's column."""
    section = markdown.split("## The record's benchmark", 1)[1].split("\n## ", 1)[0]
    lines = section.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("|"))
    table = []
    for line in lines[start + 2:]:  # after the header and its separator
        if not line.startswith("|"):
            break
        table.append(line)
    return sum(1 for line in table
               if line.split("|")[2].strip() not in ("–", "no benchmark of the suite measures it"))


def history_points(history, limits):
    """Per limit the history draws (the chain's limits no record names, then each record's), the
    points its chart has; limits without any left out."""
    chain = {limit["id"]: limit for limit in limits["limits"]}
    named = {limit_id for record in limits["decisions"] for limit_id in record["chainLimits"]}
    ordered = [limit for limit in limits["limits"] if limit["id"] not in named]
    for record in limits["decisions"]:
        for limit in [chain[i] for i in record["chainLimits"]] + record["limits"]:
            if all(limit["id"] != seen["id"] for seen in ordered):
                ordered.append(limit)
    entries = history["entries"]
    paced = [entry for entry in entries if entry.get("paces") is not None]
    points = []
    for limit in ordered:
        is_time = limit["metric"] == "wallTime" and not limit.get("relativeTo")
        in_paces = is_time and bool(paced) and paced[-1].get("referencePace") is not None
        count = 0
        for entry in entries:
            figures = (entry.get("paces") or {}) if in_paces else entry["figures"]
            count += sum(1 for key in figures if key == limit["id"] or key.startswith(limit["id"] + "/"))
        if count:
            points.append(count)
    return points


def main():
    dom, results_path, history_path, limits_path, markdown_path = sys.argv[1:6]
    parser = Charts()
    with open(dom, encoding="utf-8") as file:
        parser.feed(file.read())
    with open(results_path, encoding="utf-8") as file:
        results = json.load(file)
    with open(history_path, encoding="utf-8") as file:
        history = json.load(file)
    with open(limits_path, encoding="utf-8") as file:
        limits = json.load(file)
    with open(markdown_path, encoding="utf-8") as file:
        markdown = file.read()

    inputs = []
    for benchmark in results["benchmarks"]:
        parts = benchmark["name"].split("/")
        if parts[0] == "ResponsePath" and len(parts) == 3 and parts[1] not in inputs:
            inputs.append(parts[1])
    expected = {
        "optimistic-layers": [measured(results, "Optimistic", "cycle", "wallTime"),
                              measured(results, "Optimistic", "rebase", "wallTime"),
                              measured(results, "Optimistic", "rows", "notifications")
                              + measured(results, "Optimistic", "rows", "bodies")],
        "pagination": [measured(results, "Pagination", "load", "wallTime")
                       + measured(results, "Pagination", "listBody", "wallTime")],
        "lifetime": [measured(results, "Lifetime", "scroll", "residentRecords"),
                     measured(results, "Lifetime", "scroll", "residentBytes")],
        "incremental-delivery": [measured(results, "Incremental", "multipart", "wallTime"),
                                 measured(results, "Incremental", "normalized", "wallTime")
                                 + measured(results, "Incremental", "partsAlone", "wallTime")],
        "response-path": [sum(1 for b in results["benchmarks"] if b["name"].startswith(f"ResponsePath/{i}/")
                              and any(m["metric"]["name"] == "wallTime" for m in b["metrics"])) for i in inputs],
        "history": history_points(history, limits),
    }
    failures = []
    for section, counts in expected.items():
        counts = [c for c in counts if c > 0]
        drawn = [chart[1] for chart in parser.sections.get(section, [])]
        if not counts:
            failures.append(f"{section}: the results hold nothing it draws (is the sample complete?)")
        elif drawn != counts:
            failures.append(f"{section}: data drawn per chart {drawn}, the results hold {counts}")
    record = parser.sections.get("the-records-benchmark", [])
    rows = record_rows(markdown)
    drawn = sum(chart[1] or 0 for chart in record)
    if not record or drawn != rows:
        failures.append(f"the-records-benchmark: {drawn} bars in {len(record)} charts, "
                        f"BENCHMARKS.md's table has {rows} measured rows")
    for section, charts in parser.sections.items():
        for title, drawn in charts:
            if not drawn:
                failures.append(f"{section}: chart '{title}' has no datum laid out")
    if failures:
        print("dashboard charts:\n  " + "\n  ".join(failures), file=sys.stderr)
        return 1
    total = sum(len(charts) for charts in parser.sections.values())
    print(f"dashboard charts: {total} charts, each section's data drawn as the results hold them", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
