import LatticeBench

/// What a run decides, as decision record 0001 says: if `derived` passes every limit of
/// spec/limits.json it may ship; if it fails one, the fetch as a value ships alone and the
/// phase stays `stored`; if a limit cannot be decided (missing, too noisy), nothing is decided.
/// Beside it, the strategy the limits file says the release ships, judged by the same limits:
/// that is what the gate checks.
/// Every limit is judged by `LimitEvaluation`, and only there; the decision reads outcomes.
public struct Decision {
    /// What the result decides.
    enum Outcome: Equatable {
        /// `derived` passed every limit.
        case derivedShips
        /// `derived` failed at least one limit; the phase stays stored.
        case storedShips
        /// No limit failed, but at least one could not be decided.
        case undecided
    }

    /// The record's candidate strategy.
    static let candidate = StrategyName.derived
    /// What ships when the candidate fails.
    static let fallback = StrategyName.stored
    /// The limits judged.
    let limits: LimitsFile
    /// The limits judged for `derived`.
    let candidate: [LimitEvaluation]
    /// The limits judged for `limits.ships` (the same as `candidate` when it ships `derived`).
    let shipped: [LimitEvaluation]
    /// The strategy the runtime actually ships (`PhaseStrategy.shipped`, the `Environment`'s
    /// default), when known: the gate fails while it differs from `limits.ships`, since the
    /// limits would then judge a strategy the release does not ship.
    let runtimeDefault: String?

    /// Judges `limits` against `results` for `derived` and for the shipped strategy.
    /// - Complexity: that of `LimitEvaluation.evaluate`, twice at most.
    init(limits: LimitsFile, results: ResultsFile, runtimeDefault: String?) {
        self.limits = limits
        self.runtimeDefault = runtimeDefault
        var asCandidate = limits
        asCandidate.ships = Self.candidate
        candidate = LimitEvaluation.evaluate(asCandidate, against: results)
        shipped = limits.ships == Self.candidate ? candidate : LimitEvaluation.evaluate(limits, against: results)
    }

    /// The decision from `candidate`.
    var outcome: Outcome {
        if candidate.contains(where: { $0.outcome == .failed }) { return .storedShips }
        return candidate.allSatisfy(\.outcome.passed) ? .derivedShips : .undecided
    }

    /// The strategy the result says may ship; nil when undecided.
    var decidedStrategy: String? {
        switch outcome {
        case .derivedShips: Self.candidate
        case .storedShips: Self.fallback
        case .undecided: nil
        }
    }

    /// Whether the runtime's default is known and is not the strategy the limits file ships.
    var shipsMismatch: Bool { runtimeDefault.map { $0 != limits.ships } ?? false }

    /// The gate's status: `.ok` when the shipped strategy passes every limit and is the
    /// runtime's default, else `.limitNotPassed`.
    var gateStatus: ExitStatus {
        shipsMismatch ? .limitNotPassed : LimitEvaluation.exitStatus(of: shipped)
    }

    /// Why the gate fails on the strategy itself, when it does: one line.
    var mismatchLine: String? {
        guard shipsMismatch, let runtimeDefault else { return nil }
        return "SHIPS spec/limits.json ships \(limits.ships) but the runtime's default (PhaseStrategy.shipped) is "
            + "\(runtimeDefault): change both together"
    }

    /// The decision in one line, e.g. `decision: derived ships (passed 2 of 2 limits); the
    /// release ships derived: gate passes`.
    public var oneLine: String {
        let passed = candidate.filter(\.outcome.passed).count
        let judged = "\(passed) of \(candidate.count) limits"
        let decided = switch outcome {
        case .derivedShips: "\(Self.candidate) ships (passed \(judged))"
        case .storedShips:
            "\(Self.fallback) ships: \(Self.candidate) failed "
                + candidate.filter { $0.outcome == .failed }.map(\.limit.id).joined(separator: ", ")
        case .undecided:
            "undecided: \(Self.candidate) could not be judged on "
                + candidate.filter { !$0.outcome.passed }.map(\.limit.id).joined(separator: ", ")
        }
        let gate = gateStatus == .ok ? "gate passes"
            : shipsMismatch ? "gate fails (the runtime's default is \(runtimeDefault ?? "?"))" : "gate fails"
        let agreement = decidedStrategy.map { $0 == limits.ships ? "" : " (spec/limits.json should say \($0))" } ?? ""
        return "decision: \(decided); the release ships \(limits.ships): \(gate)\(agreement)"
    }
}
