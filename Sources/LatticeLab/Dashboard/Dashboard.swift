import Foundation
import LatticeBench

/// `dashboards/index.html`: one static, self-contained page (no network, no third-party
/// code; every chart an inline SVG) with the decision, the limits, the sections the suite gives
/// (`SuiteReport.dashboard`: its tables and charts), a flamegraph when a profile was given, the
/// largest change against the baseline, and the run history (`HistoryChart`).
///
/// A short inline script checks that every chart was laid out with a non-zero size and
/// records the result on `<body data-render-check>`, which `scripts/test.sh` reads in
/// headless Chromium.
struct Dashboard {
    /// What the results say.
    let findings: Findings
    /// The runs recorded so far, this one included.
    let history: History
    /// An SVG flamegraph to embed (the harness's `--profile` output), with its source name.
    let flamegraph: (name: String, svg: Data)?
    /// The run against the committed baseline, when one was given: how many instruction
    /// figures were compared, and the one that moved most (nil when none moved).
    let againstBaseline: (figures: Int, largest: LargestChange?)?

    /// The page. Deterministic: the same inputs give the same bytes.
    /// - Complexity: O(samples) for the distributions, plus the tables'.
    func render() -> String {
        var body = header() + decision()
        for section in findings.report.dashboard {
            body += self.section(section.title, section.charts, LimitTable.table(of: section.content), note: section.note,
                                 omitted: section.omitted)
        }
        body += flamegraphSection()
        body += differentialSection()
        let histories = HistoryChart.every(findings: findings, history: history).map { ($0.limit.id, $0.render()) }
        let unrecorded = histories.filter { $0.1 == nil }.map(\.0)
        body += section("History", histories.compactMap(\.1), historyTable(),
                        omitted: unrecorded.isEmpty ? [] : ["No chart of \(unrecorded.joined(separator: ", ")): "
                                                            + "no recorded run has its figure."])
        return HTMLDocument.page(title: "Lattice benchmarks", style: Self.style, body: body, script: Self.renderCheck)
    }

    private func header() -> String {
        let results = findings.results
        let quick = results.configuration.quick == true
            ? "<p class=\"quick\">QUICK RUN: short and lower-confidence; these figures decide nothing.</p>\n" : ""
        let context = (ResultsTable.context(results) + [(label: "figures", value: findings.timeFiguresSentence)]).map {
            "<li><b>\(($0.label).markupEscaped)</b>: \(($0.value).markupEscaped)</li>"
        }.joined(separator: "\n")
        return "<h1>Lattice benchmarks</h1>\n\(quick)<ul class=\"context\">\n\(context)\n</ul>\n"
    }

    private func decision() -> String {
        let decision = findings.decision
        let words = DecisionText(findings: findings)
        let gate = findings.gate
        let tone = gate.status == .ok ? "pass" : decision.decidedStrategy == nil ? "undecided" : "fail"
        let chain = decision.steps.map {
            "<li><b><code>\(($0.strategy).markupEscaped)</code></b>, \((words.role(of: $0.strategy)).markupEscaped): "
                + "\((DecisionText.outcome(of: $0)).markupEscaped)</li>"
        }.joined(separator: "\n")
        let gain = words.gainLine.map { "<p>\(Markup.inline($0))</p>\n" } ?? ""
        return """
            <section id="decision" class="\(tone)">
            <h2>Decision</h2>
            <p class="headline">\(Markup.inline(words.shipsLine))</p>
            \(gain)<ol class="chain">
            \(chain)
            </ol>
            <p>The release ships <code>\((decision.limits.ships).markupEscaped)</code>. \
            <b>The release gate (<code>lattice gate</code>, judging the same inputs) \
            \(gate.outcome.markupEscaped).</b></p>
            \(LimitTable.table(decision).html())\(decisionRecords())</section>

            """
    }

    /// The decision records with their statuses, as BENCHMARKS.md lists them.
    private func decisionRecords() -> String {
        let table = DecisionRecordTable.table(findings.decision)
        guard !table.isEmpty else { return "\n<h3>Decision records</h3>\n<p>The limits file states no decision record.</p>\n" }
        return "\n<h3>Decision records</h3>\n<p>\(DecisionRecordTable.about.markupEscaped)</p>\n\(table.html())"
    }

    private func section(_ title: String, _ charts: [String], _ table: TextTable, note: String = "",
                         omitted: [String] = []) -> String {
        guard !charts.isEmpty || !table.isEmpty || !omitted.isEmpty else { return "" }
        let id = title.lowercased().filter { $0.isLetter || $0 == " " }.replacingOccurrences(of: " ", with: "-")
        let paragraph = note.isEmpty ? "" : "<p>\((note).markupEscaped)</p>\n"
        return "<section id=\"\(id)\">\n<h2>\((title).markupEscaped)</h2>\n\(paragraph)"
            + charts.map { "<figure>\($0)</figure>\n" }.joined()
            + omitted.map { "<p class=\"omitted\">\(($0).markupEscaped)</p>\n" }.joined()
            + (table.isEmpty ? "" : "<details><summary>table</summary>\n\(table.html())</details>\n")
            + "</section>\n"
    }

    private func flamegraphSection() -> String {
        guard let flamegraph else { return "" }
        return """
            <section id="flamegraph">
            <h2>Flamegraph</h2>
            <p>Sampled stacks of the profiled benchmark, named at the top of the graph \
            (<code>\((flamegraph.name).markupEscaped)</code>, drawn by the harness).</p>
            <figure><img class="flamegraph" alt="flamegraph" \
            src="data:image/svg+xml;base64,\(flamegraph.svg.base64EncodedString())"></figure>
            </section>

            """
    }

    /// The differential view: the instruction count that moved most against the baseline, and
    /// the functions that moved it, as red/blue bars and as a table.
    private func differentialSection() -> String {
        guard let againstBaseline else { return "" }
        let heading = "<section id=\"differential\">\n<h2>Largest change against the baseline</h2>\n"
        guard let largest = againstBaseline.largest else {
            return heading + "<p>No instruction figure moved against the committed baseline "
                + "(\(againstBaseline.figures) compared).</p>\n</section>\n"
        }
        let row = largest.row
        let judgement = largest.judged
            ? "The baseline check judges it a \(row.comparison.outcome == .regression ? "regression" : "improvement")."
            : "No figure moved beyond its tolerance (spec/limits.json); this is the largest movement within one."
        let unit = row.comparison.metric.unit
        let bars = row.attribution.map {
            DifferenceChart.Bar(label: $0.name, before: $0.baseline, after: $0.candidate, change: $0.change)
        }
        let chart = bars.isEmpty ? "" : "<figure>" + DifferenceChart(
            title: "\(row.benchmark): self instructions per operation, baseline → this run",
            axisLabel: "change of self instructions per operation", bars: bars,
            format: { ValueFormat.string($0, unit: unit) }).render() + "</figure>\n"
        return heading
            + "<p>\((AttributionTable.heading(row)).markupEscaped). \((judgement).markupEscaped) "
            + "Of \(againstBaseline.figures) instruction figures compared with <code>results/baseline.json</code>.</p>\n"
            + chart
            + (bars.isEmpty ? "" : "<details open><summary>table</summary>\n\(AttributionTable.table(row).html())</details>\n")
            + "</section>\n"
    }

    private func historyTable() -> TextTable {
        var table = TextTable(headers: ["date", "commit", "decision", "pace", "figures"], numericFrom: 5)
        for entry in history.entries.reversed() {
            let figures = entry.figures.keys.sorted().map { key -> String in
                let value = entry.figures[key] ?? 0
                let paces = entry.paces?[key].map { " = " + ValueFormat.string($0, unit: .paces) } ?? ""
                return "\(key) \(historyText(value, key: key))\(paces)"
            }
            // Entries from before paces were recorded keep their times, marked as such.
            let pace = entry.referencePace.map { "reference pace \(ValueFormat.string($0, unit: .nanoseconds))" }
                ?? "no pace recorded"
            table.append([ResultsTable.timestamp(entry.date),
                               (entry.commit.map { String($0.prefix(10)) } ?? "unknown") + (entry.dirty ? "+" : ""),
                               entry.decision, pace, figures.joined(separator: "; ")])
        }
        return table
    }

    /// A history figure as its limit's judgement writes it (a ratio, a count, a time), found by
    /// the limit id the key starts with; the suite's figures are times, but for counts of
    /// crossings and bodies.
    private func historyText(_ value: Double, key: String) -> String {
        let id = key.split(separator: "/", maxSplits: 1).first.map(String.init) ?? key
        if let evaluation = findings.evaluation(ofLimit: id), evaluation.metric != nil { return evaluation.text(value) }
        let unit: Metric.Unit = key.hasPrefix("crossover") || key.contains("bodies") ? .count : .nanoseconds
        return ValueFormat.string(value, unit: unit)
    }

    private static let style = """
        body{font-family:system-ui,sans-serif;margin:2em auto;max-width:1000px;padding:0 1em;color:#222}\
        h1{margin-bottom:.2em}section{margin:2em 0}figure{margin:1em 0;overflow-x:auto}\
        table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #ddd;padding:3px 6px;text-align:left}\
        td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}\
        #decision{border-left:6px solid #999;padding:.5em 1em;background:#fafafa}\
        #decision.pass{border-color:#2ca02c}#decision.fail{border-color:#d62728}#decision.undecided{border-color:#e0a100}\
        .headline{font-size:1.3em;font-weight:600}.quick{background:#fff3cd;padding:.5em;font-weight:600}\
        .context{font-size:13px;color:#555}img.flamegraph{max-width:100%}svg.chart{max-width:100%;height:auto}\
        .omitted{color:#8a6d00;font-style:italic}#history figure{display:inline-block;margin:.5em .5em 0 0}
        """

    /// Marks the page rendered when every chart has a laid-out, non-empty box with at least one
    /// datum drawn, and writes on each chart how many of its data (`class="mark"`: bars, points,
    /// boxes) the browser laid out (`data-drawn`), which scripts/lab/check_dashboard.py compares
    /// with the results.
    private static let renderCheck = """
        (function(){var charts=document.querySelectorAll('svg.chart');var empty=0;\
        charts.forEach(function(c){var r=c.getBoundingClientRect();var drawn=0;\
        c.querySelectorAll('.mark').forEach(function(m){var b=m.getBBox();if(b.width>0||b.height>0)drawn++;});\
        c.setAttribute('data-drawn',drawn);if(!(r.width>0&&r.height>0&&drawn>0))empty++;});\
        document.body.setAttribute('data-render-check',empty===0?'ok '+charts.length+' charts':\
        'failed: '+empty+' of '+charts.length+' charts empty');})();
        """
}
