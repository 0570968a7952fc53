import LatticeBench

/// Which benchmarks a run must sample again before its limits can be decided: those of a
/// limit left undecided for want of samples (too few, too few at the machine's reference pace,
/// or too noisy). A quick run samples briefly and then only what the limits need; a slow or
/// noisy machine gets more samples where a figure is judged, not a longer run everywhere.
///
/// Too few samples (or too few at pace) are pooled with the new ones; a figure too noisy to
/// judge is measured afresh instead, since a noisy spell of the machine passes and pooling would
/// keep it.
///
/// A strategy that already failed a limit is not resampled: the chain moves past it whatever
/// its other figures say. A decision record's own limits are resampled like a strategy's: the
/// gate fails on an undecided record as on an undecided strategy. A missing benchmark or metric is not a sampling matter and is left to
/// the decision, which names it.
///
/// A full run also resamples the time figures no limit judges whose wall time the reports would
/// call undecided (`FigureText.isUndecided`, the one rule), within `figureBudget`: every figure
/// on the page should mean something on a slow machine too. Each is admitted on what its
/// sampling takes at least (`cost`), the cheapest first, so one figure of long samples does not
/// spend the budget that would decide many short ones; the figures are charged their share of
/// each round's wall time.
enum Resampling {
    /// How many times a run resamples at most; each round doubles the budget of the last.
    static let rounds = 3
    /// The wall seconds, over all rounds, a full run may spend on figures no limit judges (each
    /// round's time shared among what it resampled): the first pass and the instruction pass of
    /// a full run take about ten minutes here, and the lab's budget is fifteen.
    static let figureBudget: Double = 240

    /// The seconds sampling `name` again takes at least with `budget`: the budget, or what its
    /// samples so far took when the harness's least number of samples outlasts it (run B of
    /// 2026-12-03: ResponsePath/List100k/JSONDecoder took 16 samples of 2.5 s against a budget
    /// of 4 s, three rounds in a row, and stayed undecided).
    /// - Complexity: O(samples).
    static func cost(of name: String, in results: ResultsFile, budget: Double) -> Double {
        guard let benchmark = results.benchmark(named: name),
              let time = benchmark.metric(named: Metric.wallTime.name) else { return budget }
        let taken = time.samples.reduce(0, +) * Double(benchmark.iterationsPerSample) / 1e9
        return max(budget, taken)
    }

    /// What a benchmark's new samples do.
    enum Use: Equatable {
        /// Join the earlier ones.
        case pool
        /// Replace them.
        case replace
    }

    /// The benchmarks to sample again, in the order the limits name them, and what their new
    /// samples do (a benchmark two limits name pools if either lacks samples).
    /// - Complexity: that of `LimitEvaluation.evaluate`, once per strategy of the chain and
    ///   once for the decision records' own limits.
    static func needed(_ limits: LabLimits, _ results: ResultsFile) -> [(name: String, use: Use)] {
        let atPace = results.atReferencePace()
        var needed: [(name: String, use: Use)] = []
        for strategy in limits.chain {
            let evaluations = LimitEvaluation.evaluate(limits.limits(for: strategy), against: atPace)
            guard !evaluations.contains(where: { $0.outcome == .failed }) else { continue }
            add(evaluations, to: &needed)
        }
        // A record's failed limit does not spare its others: each is reported, so each is judged.
        add(LimitEvaluation.evaluate(limits.decisions.flatMap(\.limits), against: atPace), to: &needed)
        return needed
    }

    /// The benchmarks whose wall time at the reference pace is undecided by the reports' rule, and
    /// not already `needed`: too few samples at pace pool, too noisy are measured afresh.
    /// - Complexity: O(benchmarks), plus the pace filter's O(samples).
    static func undecidedFigures(_ results: ResultsFile,
                                 besides needed: [(name: String, use: Use)]) -> [(name: String, use: Use)] {
        results.atReferencePace().benchmarks.compactMap { benchmark in
            guard !needed.contains(where: { $0.name == benchmark.name }),
                  let time = benchmark.metric(named: Metric.wallTime.name), FigureText.isUndecided(time) else { return nil }
            let fewAtPace = time.referencePace.map { !$0.suffices } ?? false
            return (benchmark.name, fewAtPace || time.summary.n < 2 ? .pool : .replace)
        }
    }

    /// Adds the benchmarks of `evaluations` more samples could decide to `needed`, once each
    /// (pooling if any of its limits lacks samples).
    private static func add(_ evaluations: [LimitEvaluation], to needed: inout [(name: String, use: Use)]) {
        for evaluation in evaluations {
            guard let use = use(for: evaluation.outcome) else { continue }
            for name in [evaluation.benchmark, evaluation.reference].compactMap({ $0 }) {
                if let index = needed.firstIndex(where: { $0.name == name }) {
                    if use == .pool { needed[index].use = .pool }
                } else {
                    needed.append((name, use))
                }
            }
        }
    }

    /// What new samples would do for an outcome; nil when more samples cannot decide it.
    private static func use(for outcome: LimitOutcome) -> Use? {
        guard case .undecided(let reason) = outcome else { return nil }
        switch reason {
        case .tooFewSamples, .tooFewAtReferencePace, .straddlesBound: return .pool
        case .tooNoisy: return .replace
        case .benchmarkMissing, .metricMissing, .zeroReference: return nil
        }
    }

    /// `results` with each benchmark of `extra` that `needed` lists pooled with its earlier
    /// samples (`ResultsFile.pooled`) or put in their place; the others as they were.
    /// - Throws: `JSONFileError` when the two cannot be pooled (another commit, another unit).
    static func applying(_ extra: ResultsFile, from path: String, to results: ResultsFile,
                         _ needed: [(name: String, use: Use)]) throws(JSONFileError) -> ResultsFile {
        var pooled = results
        for (index, benchmark) in results.benchmarks.enumerated() {
            guard let use = needed.first(where: { $0.name == benchmark.name })?.use,
                  let again = extra.benchmark(named: benchmark.name) else { continue }
            guard use == .pool else {
                pooled.benchmarks[index] = again
                continue
            }
            var before = results
            before.benchmarks = [benchmark]
            var after = extra
            after.benchmarks = [again]
            guard let merged = try ResultsFile.pooled([("the first samples", before), (path, after)]).benchmarks.first else {
                continue
            }
            pooled.benchmarks[index] = merged
        }
        return pooled
    }
}
