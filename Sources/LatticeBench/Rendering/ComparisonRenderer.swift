/// A benchstat-like comparison table: per benchmark and metric the baseline and candidate
/// medians (± the larger half-width of their 95 % interval, relative), the change or `~` when
/// there is no significant change, the p-value (`exact` for deterministic metrics) and the
/// outcome; then what could not be compared (`NOT JUDGED:` for each gap that fails the
/// comparison), and a one-line tally. Under the table, each count that grew names the events
/// behind it that the baseline lacks (`AddedEventsText`), and each instruction count that
/// changed and carries attribution names the functions that moved most (`AttributionTable`).
public struct ComparisonRenderer: Sendable {
    /// Whether to colour regressions red and improvements green (terminal only).
    public var colour: Bool

    /// Creates a renderer.
    public init(colour: Bool = false) {
        self.colour = colour
    }

    /// Aligned columns for a terminal, then the events each grown count gained
    /// (`AddedEventsText`) and the functions each changed instruction count is attributed to
    /// (`AttributionTable`). - Complexity: O(rows + events + attributed functions).
    public func terminal(_ comparison: ResultsComparison) -> String {
        let events = comparison.rows.filter(AddedEventsText.applies).map { row in
            "\n" + AddedEventsText.lines(row).map { $0 + "\n" }.joined()
        }
        let attributions = events + comparison.rows.filter(AttributionTable.applies).map { row in
            "\n" + AttributionTable.lines(row, colour: colour).map { $0 + "\n" }.joined()
        }
        return table(comparison).aligned(colour: colour) + attributions.joined()
            + (attributions.isEmpty ? "" : "\n") + notes(comparison).map { $0 + "\n" }.joined()
    }

    /// A Markdown table, the events each grown count gained (a heading and a list each), the
    /// functions each changed instruction count is attributed to (a heading and a table each),
    /// and notes. - Complexity: O(rows + events + attributed functions).
    public func markdown(_ comparison: ResultsComparison) -> String {
        let events = comparison.rows.filter(AddedEventsText.applies).map { row in
            "\n**\(AddedEventsText.heading(row).markdownEscapedForAttribution)**\n\n"
                + row.addedEvents.map { "- \($0.text)\n" }.joined()
        }
        let attributions = events + comparison.rows.filter(AttributionTable.applies).map { row in
            "\n**\(AttributionTable.heading(row).markdownEscapedForAttribution)**\n\n" + AttributionTable.table(row).markdown()
        }
        return table(comparison).markdown() + attributions.joined() + "\n" + notes(comparison).map { "- \($0)\n" }.joined()
    }

    private func table(_ comparison: ResultsComparison) -> TextTable {
        var table = TextTable(headers: ["benchmark", "metric", "baseline", "candidate", "delta", "p", "outcome"],
                              alignments: [.left, .left, .right, .right, .right, .left, .left])
        var previous: String?
        for row in comparison.rows {
            let result = row.comparison
            let delta = switch result.outcome {
            case .noChange: "~"
            case .undecided: "?"
            case .regression, .improvement: result.relativeChange.map(ValueFormat.percent) ?? "from 0"
            }
            let style: TextTable.Style? = switch result.outcome {
            case .noChange, .undecided: nil
            case .regression: .red
            case .improvement: .green
            }
            table.append([
                TextTable.Cell(row.benchmark == previous ? "" : row.benchmark, style: .bold),
                TextTable.Cell(result.metric.name),
                TextTable.Cell(Self.figure(row.baseline, metric: result.metric)),
                TextTable.Cell(Self.figure(row.candidate, metric: result.metric)),
                TextTable.Cell(delta, style: style),
                TextTable.Cell(result.pValue.map(ValueFormat.probability)
                               ?? result.hashSeeds.map { "exact, \($0) seeds" }
                               ?? (result.outcome == .undecided ? "" : "exact")),
                TextTable.Cell(result.outcome == .noChange ? "" : result.outcome.rawValue, style: style),
            ])
            previous = row.benchmark
        }
        return table
    }

    private func notes(_ comparison: ResultsComparison) -> [String] {
        let outcomes = comparison.rows.map(\.comparison.outcome)
        let tally = "regressions: \(outcomes.count { $0 == .regression }), "
            + "improvements: \(outcomes.count { $0 == .improvement }), "
            + "unchanged: \(outcomes.count { $0 == .noChange })"
            + (outcomes.contains(.undecided) ? ", undecided: \(outcomes.count { $0 == .undecided })" : "")
            + (comparison.gaps.isEmpty ? "" : ", not judged: \(comparison.gaps.count)")
        let pace = comparison.paceMatching.map(Self.paceNote).map { [$0] } ?? []
        let byRounds = comparison.rows.filter { $0.comparison.roundShift != nil }.count
        let rounds = byRounds == 0 ? [] : ["\(byRounds) rows judged by their rounds (one process each), "
            + "the false discovery rate over them held at 5%"]
        let outside = [(comparison.outsideCandidateFilter.count, "baseline", "candidate"),
                       (comparison.outsideBaselineFilter.count, "candidate", "baseline")]
            .filter { $0.0 > 0 }
            .map { "\($0.0) \($0.1) benchmarks not compared: the \($0.2)'s --filter did not select them" }
        return comparison.gaps.map { "NOT JUDGED: \($0)" }
            + outside
            + comparison.warnings
            + pace
            + rounds
            + [tally]
    }

    /// How times were matched by the machine's pace: at one reference in nanoseconds, or in
    /// paces when the sides' reference paces differ.
    private static func paceNote(_ sides: PaceMatching.Sides) -> String {
        let within = "\(Int(PaceMatching.tolerance * 100))%"
        let undecided = "undecided: fewer than \(PaceMatching.minimumSamples) such samples on a side"
        let old = ValueFormat.string(sides.baseline.reference, unit: .nanoseconds)
        guard sides.inPaces else {
            return "times compared on samples taken at the machine's reference speed (pace within \(within) of "
                + "\(old)); \(undecided)"
        }
        let new = ValueFormat.string(sides.candidate.reference, unit: .nanoseconds)
        return "times compared in paces: the sides' reference paces differ (\(old) → \(new)), so each side's "
            + "samples taken at its own reference speed (pace within \(within) of it) are divided by it; \(undecided)"
    }

    /// `640 ns ± 1.6%` for noisy metrics, the bare value for exact ones.
    private static func figure(_ summary: Summary, metric: Metric) -> String {
        let value = ValueFormat.string(summary.median, unit: metric.unit)
        guard !metric.exact, summary.median != 0 else { return value }
        let interval = summary.medianInterval
        let halfWidth = Swift.max(summary.median - interval.lower, interval.upper - summary.median)
        return "\(value) ± \(ValueFormat.percent(halfWidth / Swift.abs(summary.median)).dropFirst())"
    }
}

extension String {
    /// `*` and `_` escaped, so a function name in a bold heading stays literal Markdown.
    fileprivate var markdownEscapedForAttribution: String {
        replacingOccurrences(of: "*", with: "\\*").replacingOccurrences(of: "_", with: "\\_")
    }
}
