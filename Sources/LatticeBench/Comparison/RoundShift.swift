/// The shift between two commits judged by their rounds, the unit that repeats: a round is
/// one process, and at the same machine pace one process of a benchmark still runs a few
/// percent off another, which thousands of samples from few processes cannot average out.
///
/// Model: the log median of a round = the commit's level + a process effect with standard
/// deviation σ, the same for every benchmark of the comparison (σ is pooled from all of them;
/// see `processDeviation`). The shift is the difference of the two sides' mean log round
/// medians; its standard error is σ̃·√(1/k₁ + 1/k₂) for k₁ and k₂ rounds, where σ̃ is σ
/// moderated by the benchmark's own scatter and never below σ; tested two-sided against
/// Student's t with the moderation's degrees of freedom (`priorRounds` + the benchmark's
/// own), as a moderated t test does: σ̃ rests on a handful of rounds.
public struct RoundShift: Codable, Sendable, Hashable {
    /// Rounds of the baseline with enough samples at reference speed.
    public var baselineRounds: Int
    /// Rounds of the candidate with enough samples at reference speed.
    public var candidateRounds: Int
    /// Mean log candidate round median - mean log baseline round median.
    public var logShift: Double
    /// σ̃·√(1/k₁ + 1/k₂).
    public var standardError: Double
    /// Degrees of freedom of σ̃: `priorRounds` plus Σ(kᵢ - 1) over sides of two rounds or more.
    public var degreesOfFreedom: Double
    /// Two-sided p-value of no shift.
    public var pValue: Double

    /// The shift of `candidate` from `baseline`, both log round medians (non-empty), with the
    /// pooled process deviation `sigma` (> 0). - Complexity: O(rounds).
    public init(baseline: [Double], candidate: [Double], sigma: Double) {
        baselineRounds = baseline.count
        candidateRounds = candidate.count
        logShift = Self.mean(candidate) - Self.mean(baseline)
        // The benchmark's own deviation, where its rounds show one, moderates the pooled σ,
        // but only upward: a few rounds that happen to agree say little about the next ones.
        var squares = 0.0
        var freedom = 0.0
        for side in [baseline, candidate] where side.count >= 2 {
            let mean = Self.mean(side)
            squares += side.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
            freedom += Double(side.count - 1)
        }
        let moderated = ((Self.priorRounds * sigma * sigma + squares) / (Self.priorRounds + freedom)).squareRoot()
        standardError = Swift.max(sigma, moderated) * (1 / Double(baseline.count) + 1 / Double(candidate.count)).squareRoot()
        degreesOfFreedom = Self.priorRounds + freedom
        pValue = Swift.min(1, 2 * StudentT.survival(Swift.abs(logShift) / standardError, freedom: degreesOfFreedom))
    }

    /// How many rounds' worth of weight the pooled σ gets against a benchmark's own rounds.
    static let priorRounds = 10.0

    private static func mean(_ values: [Double]) -> Double {
        values.reduce(0, +) / Double(values.count)
    }

    /// σ, robustly: 1.4826 × the median, over every side of two or more rounds in
    /// `roundsPerSide` (each entry the log round medians of one side of one benchmark), of
    /// |log median - the side's mean| · √(k/(k-1)), which estimates σ for normal process
    /// effects while a few spoiled rounds barely move it. Nil without a side of two rounds.
    /// - Complexity: O(total rounds · log).
    public static func processDeviation(_ roundsPerSide: [[Double]]) -> Double? {
        var deviations: [Double] = []
        for rounds in roundsPerSide where rounds.count >= 2 {
            let mean = rounds.reduce(0, +) / Double(rounds.count)
            let correction = (Double(rounds.count) / Double(rounds.count - 1)).squareRoot()
            deviations += rounds.map { Swift.abs($0 - mean) * correction }
        }
        guard !deviations.isEmpty else { return nil }
        let sigma = 1.4826 * SortedSamples(deviations).median
        return sigma > 0 ? sigma : nil
    }
}
