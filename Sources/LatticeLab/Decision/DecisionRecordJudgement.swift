import LatticeBench

/// A decision record, judged by a run: its limits' outcomes (each from `LimitEvaluation`, the one
/// judge of a limit) read into one status. The page, the dashboard and the gate all print
/// `summary`, so they cannot say different things about a record.
public struct DecisionRecordJudgement {
    /// A decision record's status in a run.
    public enum Status: Equatable {
        /// Every limit that watches it passed.
        case holds
        /// A limit that watches it failed: its reopening line fires.
        case reopens
        /// No limit failed, but one could not be judged (or none applies to the shipped strategy):
        /// the run cannot say the record holds.
        case undecided
        /// No limit watches it: no benchmark measures what it claims.
        case notWatched
    }

    /// The decision record as the limits file states it.
    public let decisionRecord: DecisionRecord
    /// Its limits, judged: the referenced chain limits as the shipped strategy's, then its own.
    public let evaluations: [LimitEvaluation]
    /// The strategy whose judgement the chain limits were read from.
    public let shipped: String

    /// Reads `record`'s outcomes from `shippedEvaluations` (the shipped strategy's step) and
    /// `ownEvaluations` (its own limits, judged once when the decision was made).
    init(decisionRecord record: DecisionRecord, shipped: String, shippedEvaluations: [LimitEvaluation],
         ownEvaluations: [LimitEvaluation]) {
        self.decisionRecord = record
        self.shipped = shipped
        evaluations = shippedEvaluations.filter { record.chainLimits.contains($0.limit.id) } + ownEvaluations
    }

    /// The status: not watched without limits; reopens when any failed (a failure outranks an
    /// undecided figure, as it does for a strategy); undecided when any could not be judged, or
    /// when none of the chain limits it names applies to the shipped strategy; else holds.
    public var status: Status {
        if !decisionRecord.watched { return .notWatched }
        if evaluations.contains(where: { $0.outcome == .failed }) { return .reopens }
        if evaluations.isEmpty || !evaluations.allSatisfy(\.outcome.passed) { return .undecided }
        return .holds
    }

    /// The status with its cause, in one line: `holds: 5 of 5 limits pass` (with its own limits'
    /// figures), `reopens:
    /// response-normalize-instructions measured 12.1 M instructions against ≤ 11.7 M`, `undecided:
    /// phase-read-largest: robust CV …`, `not watched: no limit watches it`.
    public var summary: String {
        switch status {
        case .holds:
            // The chain's limits show their figures in the limit table; a record's own show here only.
            let own = evaluations.filter { evaluation in decisionRecord.limits.contains { $0.id == evaluation.limit.id } }
            let figures = own.map(Self.figure).joined(separator: "; ")
            return "holds: \(evaluations.count) of \(evaluations.count) limits pass" + (own.isEmpty ? "" : " (\(figures))")
        case .reopens:
            return "reopens: " + evaluations.filter { $0.outcome == .failed }.map(Self.firing).joined(separator: "; ")
        case .undecided:
            guard !evaluations.isEmpty else {
                return "undecided: none of \(decisionRecord.chainLimits.joined(separator: ", ")) applies to \(shipped), "
                    + "the strategy the release ships"
            }
            return "undecided: " + evaluations.compactMap { evaluation in
                guard let reason = evaluation.undecidedText else { return nil }
                return "\(evaluation.limit.id) (\(evaluation.subject)): \(reason)"
            }.joined(separator: "; ")
        case .notWatched:
            return "not watched: no limit watches it (no benchmark of the suite measures what it claims)"
        }
    }

    /// A failed limit and the figure that fired it: `id (benchmark) measured median 12 µs
    /// against ≤ 10 µs`.
    private static func firing(_ evaluation: LimitEvaluation) -> String {
        "\(evaluation.limit.id) (\(evaluation.subject)) measured " + figure(evaluation)
    }

    /// A limit's figure beside its bound: `median 10.6 M against ≤ 11.6 M`, and the value that
    /// decided when it is not the figure itself (`median 2.24× (95% CI lower 2.03×) against
    /// ≤ 1.20×`): each value printed under its own name.
    private static func figure(_ evaluation: LimitEvaluation) -> String {
        let figure = evaluation.figure.map(evaluation.text) ?? FigureText.missing
        var decided = ""
        if let name = evaluation.judgedName, let judged = evaluation.judged {
            decided = " (\(name) \(evaluation.text(judged)))"
        }
        return "\(evaluation.limit.statistic.rawValue) \(figure)\(decided) against \(LimitTable.bound(evaluation))"
    }
}
