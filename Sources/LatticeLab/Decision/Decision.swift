import LatticeBench

/// What a run decides, following the decision record to its end: the strategies of the limits
/// file's `chain` are weighed in order (`derived`, the record's candidate; `rootVerdict`, the
/// later record's route back to a derived phase; `stored`, as built), and the first that
/// passes every limit applying to it ships. A strategy that fails hands over to the next; a
/// strategy that cannot be judged (a limit undecided) leaves the whole decision undecided, since
/// the record may not skip it. The last strategy ships when every other failed, judged by its
/// own limits like the rest. Beside it: the strategy the limits file says the release ships.
/// Whether the release may ship is not judged here but by `ReleaseGate`, the one gate.
///
/// Every limit is judged by `LimitEvaluation`, and only there; the decision reads outcomes.
/// Times are judged at the machine's reference pace: the caller hands in results filtered by
/// `ResultsFile.atReferencePace()`.
public struct Decision {
    /// One strategy of the chain, judged.
    public struct Step {
        /// The strategy.
        public let strategy: String
        /// Its limits, judged.
        public let evaluations: [LimitEvaluation]

        /// Passed when every limit passed (a strategy with no limits passes nothing: it is
        /// undecided), failed when any failed, else undecided.
        var outcome: Outcome {
            if evaluations.contains(where: { $0.outcome == .failed }) { return .failed }
            return !evaluations.isEmpty && evaluations.allSatisfy(\.outcome.passed) ? .passed : .undecided
        }

        /// A step's outcome.
        enum Outcome: Equatable {
            case passed, failed, undecided
        }

        /// The ids of the limits with `outcome`, e.g. for "failed phase-read-largest".
        func limits(_ outcome: LimitOutcome) -> [String] {
            evaluations.filter { $0.outcome == outcome }.map(\.limit.id)
        }

        /// The ids of the limits that did not pass.
        var unpassed: [String] { evaluations.filter { !$0.outcome.passed }.map(\.limit.id) }
    }

    /// The limits judged.
    private(set) var limits: LabLimits
    /// Every strategy of the chain, in order, judged (those after the one that ships too, so
    /// reports can show what each would have met).
    public let steps: [Step]
    /// Each decision record's own limits, judged, in the limits file's order of records (they name
    /// no strategy, so the strategy shipped does not change them).
    private let decisionRecordEvaluations: [[LimitEvaluation]]

    /// Judges every strategy of `limits.chain` against `results` (filtered by pace already), and
    /// every decision record's own limits.
    /// - Complexity: that of `LimitEvaluation.evaluate`, once per strategy and once per record.
    init(limits: LabLimits, results: ResultsFile) {
        self.limits = limits
        steps = limits.chain.map { Step(strategy: $0, evaluations: LimitEvaluation.evaluate(limits.limits(for: $0),
                                                                                             against: results)) }
        decisionRecordEvaluations = limits.decisions.map { LimitEvaluation.evaluate($0.limits, against: results) }
    }

    /// Every decision record of the limits file, judged: the chain limits it names as the shipped
    /// strategy's (the release is what a record is about), its own limits as judged at `init`.
    /// - Complexity: O(records · limits).
    public var decisionRecords: [DecisionRecordJudgement] {
        let shippedEvaluations = shipped?.evaluations ?? []
        return zip(limits.decisions, decisionRecordEvaluations).map {
            DecisionRecordJudgement(decisionRecord: $0, shipped: limits.ships, shippedEvaluations: shippedEvaluations,
                            ownEvaluations: $1)
        }
    }

    /// The same judgement with the limits file shipping `strategy`: the steps do not read
    /// `ships`, so nothing is judged again. - Complexity: O(1).
    func shipping(_ strategy: String) -> Decision {
        var decision = self
        decision.limits.ships = strategy
        return decision
    }

    /// The strategy the chain ships; nil when a strategy before it could not be judged.
    public var decidedStrategy: String? {
        for (index, step) in steps.enumerated() {
            switch step.outcome {
            case .passed: return step.strategy
            case .undecided: return nil
            case .failed where index == steps.count - 1: return step.strategy
            case .failed: continue
            }
        }
        return nil
    }

    /// The step of the strategy the limits file ships.
    var shipped: Step? { steps.first { $0.strategy == limits.ships } }

    /// Each strategy's outcome in the chain's order, then why the decided one ships, e.g.
    /// `derived failed phase-read-largest; rootVerdict passed 5 of 5 limits`.
    public var chainSummary: String {
        var parts: [String] = []
        for step in steps {
            switch step.outcome {
            case .passed:
                parts.append("\(step.strategy) passed \(step.evaluations.count) of \(step.evaluations.count) limits")
            case .failed:
                parts.append("\(step.strategy) failed \(step.limits(.failed).joined(separator: ", "))")
            case .undecided:
                parts.append("\(step.strategy) could not be judged on \(step.unpassed.joined(separator: ", "))")
            }
            if step.strategy == decidedStrategy || step.outcome == .undecided { break }
        }
        return parts.joined(separator: "; ")
    }

    /// The decision in one line, without the gate's outcome (`ReleaseGate.oneLine` adds it),
    /// e.g. `decision: rootVerdict ships (derived failed phase-read-largest; rootVerdict passed
    /// 5 of 5 limits); the release ships rootVerdict`.
    var oneLine: String {
        let decided = decidedStrategy.map { "\($0) ships" } ?? "undecided"
        return "decision: \(decided) (\(chainSummary)); the release ships \(limits.ships)"
    }
}
