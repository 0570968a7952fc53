import Testing
@testable import LatticeBench

@Suite struct LimitEvaluationTests {
    /// Wall time evenly spread over 45–55 µs (median 50 µs, CV ≈ 0.058) and exact counts.
    static func results() throws -> ResultsFile {
        let extraBodies = Metric.count("extraBodies")
        let bodies = { (value: Double) in
            BenchmarkResult(name: "", metrics: [try MetricResult(metric: extraBodies, samples: [value, value])],
                            iterationsPerSample: 1)
        }
        var derived = try bodies(0)
        derived.name = "BodyReruns/derived/spreads"
        var stored = try bodies(2)
        stored.name = "BodyReruns/stored/spreads"
        return try SampleResults.file(benchmarks: [
            try SampleResults.benchmark("PhaseRead/derived/Big/tracked", nanoseconds: 50_000, step: 100),
            try SampleResults.benchmark("PhaseRead/stored/Big/tracked", nanoseconds: 20_000, step: 100),
            try SampleResults.benchmark("PhaseRead/noisy/Big/tracked", nanoseconds: 20_000, step: 300),
            derived, stored,
        ])
    }

    /// `limit` judged against `file` (default `results()`), with `{subject}` in its patterns
    /// standing for `subject`: the benchmarks here are named after what they measure.
    static func evaluate(_ limit: Limit, subject: String = "derived", against file: ResultsFile? = nil)
        throws -> [LimitEvaluation] {
        var limit = limit
        limit.benchmark = limit.benchmark.replacingOccurrences(of: "{subject}", with: subject)
        limit.relativeTo = limit.relativeTo?.replacingOccurrences(of: "{subject}", with: subject)
        return LimitEvaluation.evaluate([limit], against: try file ?? results())
    }

    static func phaseRead(bound: Double, maxCV: Double? = nil, statistic: Statistic = .median) -> Limit {
        Limit(id: "phase-read", description: "", benchmark: "PhaseRead/{subject}/*/tracked",
              metric: "wallTime", statistic: statistic, bound: bound, maxCV: maxCV)
    }

    @Test func passesOnlyWhenThePessimisticEndIsWithinTheBound() throws {
        let generous = try #require(try Self.evaluate(Self.phaseRead(bound: 52_000)).first)
        #expect(generous.outcome == .passed)
        #expect(generous.benchmark == "PhaseRead/derived/Big/tracked")
        #expect(generous.figure == 50_000)
        let interval = try #require(generous.interval)
        #expect(interval.lower < 50_000 && interval.upper > 50_000)
        #expect(generous.judged == interval.upper)

        // The median is within 50.5 µs but its interval's upper end is not: not passed.
        let tight = try #require(try Self.evaluate(Self.phaseRead(bound: 50_500)).first)
        #expect(interval.upper > 50_500)
        #expect(!tight.outcome.passed)
    }

    /// Failed needs the whole interval beyond the bound; an interval that holds the bound is
    /// undecided, whichever side of it the median lies on, and says so with its figures.
    @Test func failsOnlyWhenTheWholeIntervalIsBeyondTheBoundAndAStraddleIsUndecided() throws {
        let interval = try #require(try Self.evaluate(Self.phaseRead(bound: 52_000)).first?.interval)
        for bound in [50_500.0, 49_600] {
            let straddling = try #require(try Self.evaluate(Self.phaseRead(bound: bound)).first)
            #expect(straddling.outcome == .undecided(.straddlesBound(interval: interval, bound: bound)),
                    "bound \(bound) inside [\(interval.lower), \(interval.upper)]")
            #expect(straddling.judged == nil)
            let text = try #require(straddling.undecidedText)
            #expect(text.contains("median 50.0 µs") && text.contains("holds the bound"), "\(text)")
        }
        let beyond = try #require(try Self.evaluate(Self.phaseRead(bound: interval.lower.nextDown)).first)
        #expect(beyond.outcome == .failed)
        #expect(beyond.judged == interval.lower, "a failure is judged on the end nearest the bound")
        let line = LimitRenderer().line(for: beyond)
        #expect(line.contains("median 50.0 µs, 95% CI lower"), "\(line)")
    }

    @Test func otherStatisticsGetTheirOwnInterval() throws {
        let p90 = try #require(try Self.evaluate(Self.phaseRead(bound: 60_000, statistic: .p90)).first)
        #expect(p90.figure == 54_000)
        #expect(try #require(p90.interval).upper > 54_000)
        #expect(p90.outcome == .passed)
    }

    @Test func aNoisyFigureStraddlingTheBoundIsUndecidedNeverPassed() throws {
        let evaluation = try #require(try Self.evaluate(Self.phaseRead(bound: 50_000, maxCV: 0.05)).first)
        guard case .undecided(.tooNoisy(let cv?, 0.05)) = evaluation.outcome else {
            Issue.record("expected tooNoisy, got \(evaluation.outcome)")
            return
        }
        #expect(cv > 0.05)
        // The default maxCV (0.10) lets the 5.8 % spread through, but not the noisy benchmark's 44 %.
        #expect(try Self.evaluate(Self.phaseRead(bound: 52_000)).first?.outcome == .passed)
        let noisy = try #require(try Self.evaluate(Self.phaseRead(bound: 20_000), subject: "noisy").first)
        #expect(noisy.outcome == .undecided(.tooNoisy(cv: noisy.cv, maxCV: Limit.defaultMaxCV)))
        #expect(try #require(noisy.cv) > 0.4)
    }

    @Test func aNoisyFigureWhollyOnOneSideOfTheBoundIsDecidedByItsRange() throws {
        let samples = try #require(try Self.results().benchmark(named: "PhaseRead/derived/Big/tracked")?
            .metric(named: "wallTime")?.samples)
        let within = try #require(try Self.evaluate(Self.phaseRead(bound: 1e9, maxCV: 0.05)).first)
        #expect(within.outcome == .passed)
        #expect(within.judged == samples.max() && within.interval == nil, "judged by its slowest sample")
        let beyond = try #require(try Self.evaluate(Self.phaseRead(bound: 40_000, maxCV: 0.05)).first)
        #expect(beyond.outcome == .failed)
        #expect(beyond.judged == samples.min() && beyond.interval == nil, "judged by its fastest sample")
    }

    @Test func missingBenchmarksAndMetricsAreUndecided() throws {
        let missing = try Self.evaluate(Self.phaseRead(bound: 1), subject: "rootVerdict")
        #expect(missing.count == 1)
        #expect(missing.first?.outcome == .undecided(.benchmarkMissing(pattern: "PhaseRead/rootVerdict/*/tracked")))
        let noMetric = Limit(id: "cpu", description: "", benchmark: "PhaseRead/{subject}/Big/tracked",
                             metric: "cpuTime", statistic: .median, bound: 1)
        #expect(try Self.evaluate(noMetric).first?.outcome == .undecided(.metricMissing(metric: "cpuTime")))
    }

    @Test func aSingleNoisySampleIsUndecided() throws {
        let one = BenchmarkResult(name: "One", metrics: [try MetricResult(metric: .wallTime, samples: [5])],
                                  iterationsPerSample: 1)
        let limit = Limit(id: "one", description: "", benchmark: "One", metric: "wallTime",
                          statistic: .median, bound: 10)
        let evaluations = try Self.evaluate(limit, against: try SampleResults.file(benchmarks: [one]))
        #expect(evaluations.first?.outcome == .undecided(.tooFewSamples(n: 1)))
    }

    @Test func exactMetricsCompareTheirValue() throws {
        let zeroExtra = Limit(id: "extra-bodies", description: "", benchmark: "BodyReruns/{subject}/spreads",
                              metric: "extraBodies", statistic: .value, bound: 0)
        let derived = try #require(try Self.evaluate(zeroExtra).first)
        #expect(derived.outcome == .passed)
        #expect(derived.interval == nil)
        let stored = try #require(try Self.evaluate(zeroExtra, subject: "stored").first)
        #expect(stored.outcome == .failed)
        #expect(stored.judged == 2)
    }

    @Test func aLargerIsBetterMetricHasALowerBound() throws {
        let throughput = Metric(name: "throughput", unit: .count, polarity: .prefersLarger, exact: false)
        let result = BenchmarkResult(
            name: "T", metrics: [try MetricResult(metric: throughput,
                                                  samples: SampleResults.spread(around: 1000, step: 1))],
            iterationsPerSample: 1)
        let file = try SampleResults.file(benchmarks: [result])
        func outcome(_ bound: Double) -> LimitOutcome? {
            let limit = Limit(id: "t", description: "", benchmark: "T", metric: "throughput",
                              statistic: .median, bound: bound)
            return (try? Self.evaluate(limit, against: file))?.first?.outcome
        }
        #expect(outcome(990) == .passed)
        // The median is 1000 and the interval's lower end below it: the bound is inside.
        guard case .undecided(.straddlesBound) = outcome(1000) else {
            Issue.record("expected straddlesBound, got \(String(describing: outcome(1000)))")
            return
        }
        #expect(outcome(1100) == .failed)
    }

    @Test func everyLimitMustPassForExitZero() throws {
        let passing = try Self.evaluate(Self.phaseRead(bound: 52_000))
        let failing = try Self.evaluate(Self.phaseRead(bound: 40_000))
        let undecided = try Self.evaluate(Self.phaseRead(bound: 52_000), subject: "none")
        #expect(LimitEvaluation.exitStatus(of: passing) == .ok)
        #expect(LimitEvaluation.exitStatus(of: passing + failing) == .limitNotPassed)
        #expect(LimitEvaluation.exitStatus(of: undecided) == .limitNotPassed)
        #expect(LimitEvaluation.exitStatus(of: []) == .ok)
    }

    /// A commit's cost at `small` and `large` retained handles, with instructions.
    static func scaling(small: Double, large: Double, step: Double = 2) throws -> ResultsFile {
        func commit(_ name: String, _ nanoseconds: Double, instructions: Double) throws -> BenchmarkResult {
            var result = try SampleResults.benchmark(name, nanoseconds: nanoseconds, step: step)
            result.metrics.append(try MetricResult(metric: .instructions, samples: [instructions, instructions + 11]))
            return result
        }
        return try SampleResults.file(benchmarks: [
            try commit("CommitScaling/rootVerdict/10/untouched", small, instructions: 15_000),
            try commit("CommitScaling/rootVerdict/10000/untouched", large, instructions: 15_300),
        ])
    }

    static func ratio(_ metric: String, bound: Double = 1.5) -> Limit {
        Limit(id: "scaling", description: "", benchmark: "CommitScaling/{subject}/10000/untouched",
              relativeTo: "CommitScaling/{subject}/10/untouched", metric: metric, statistic: .median, bound: bound)
    }

    @Test func aRatioLimitBoundsOneBenchmarkAgainstAnother() throws {
        let flat = try Self.scaling(small: 2_000, large: 2_100)
        let time = try #require(try Self.evaluate(Self.ratio("wallTime"), subject: "rootVerdict", against: flat).first)
        #expect(time.outcome == .passed)
        #expect(time.reference == "CommitScaling/rootVerdict/10/untouched")
        #expect(isClose(time.figure, 1.05, relative: 1e-9))
        let interval = try #require(time.interval)
        #expect(interval.lower < 1.05 && interval.upper > 1.05, "bootstrapped from both sides")
        let steep = try Self.scaling(small: 2_000, large: 4_000)
        #expect(try Self.evaluate(Self.ratio("wallTime"), subject: "rootVerdict", against: steep).first?.outcome == .failed)
        let instructions = try #require(try Self.evaluate(Self.ratio("instructions"), subject: "rootVerdict",
                                                          against: flat).first)
        #expect(instructions.outcome == .passed && instructions.interval == nil, "exact: the ratio itself")
        #expect(isClose(instructions.figure, 15_305.5 / 15_005.5, relative: 1e-9))
    }

    @Test func aRatioWithoutItsReferenceOrTooNoisyIsUndecided() throws {
        let flat = try Self.scaling(small: 2_000, large: 2_100)
        let missing = try #require(try Self.evaluate(Self.ratio("wallTime"), subject: "derived", against: flat).first)
        #expect(missing.outcome == .undecided(.benchmarkMissing(pattern: "CommitScaling/derived/10000/untouched")))
        // A spread above maxCV on both sides: no range rule stands in for a ratio.
        let noisy = try Self.scaling(small: 2_000, large: 2_100, step: 30)
        let judged = try #require(try Self.evaluate(Self.ratio("wallTime"), subject: "rootVerdict", against: noisy).first)
        guard case .undecided(.tooNoisy) = judged.outcome else {
            Issue.record("expected tooNoisy, got \(judged.outcome)")
            return
        }
    }

    @Test func timesAreJudgedOnTheSamplesAtTheReferencePace() throws {
        // Half the samples at the fast pace (1.9 µs) near 20 µs, half at the slow one
        // (3.4 µs) near 34 µs: pooled, the spread is the switching; at pace, the figure.
        let fast = SampleResults.spread(around: 20_000, step: 40)
        let slow = SampleResults.spread(around: 34_000, step: 40)
        let read = BenchmarkResult(name: "PhaseRead/derived/Big/tracked", metrics: [
            try MetricResult(metric: .wallTime, samples: fast + slow),
            try MetricResult(metric: .machinePace, samples: fast.map { _ in 1_900 } + slow.map { _ in 3_400 }),
        ], iterationsPerSample: 1)
        let file = try SampleResults.file(benchmarks: [read])
        let pooled = try #require(try Self.evaluate(Self.phaseRead(bound: 25_000), against: file).first)
        #expect(pooled.outcome != .passed, "pooled over both speeds the figure is neither")
        let paced = try #require(try Self.evaluate(Self.phaseRead(bound: 25_000), against: file.atReferencePace()).first)
        #expect(paced.outcome == .passed)
        #expect(paced.referencePace == MetricResult.ReferencePace(reference: 1_900, atPace: fast.count, taken: fast.count * 2))
        #expect(paced.n == fast.count)
    }

    @Test func tooFewSamplesAtTheReferencePaceAreUndecided() throws {
        let samples = SampleResults.spread(around: 20_000, step: 40)
        let paces = samples.enumerated().map { $0.offset < 3 ? 1_900.0 : 3_400 }
        let read = BenchmarkResult(name: "PhaseRead/derived/Big/tracked", metrics: [
            try MetricResult(metric: .wallTime, samples: samples),
            try MetricResult(metric: .machinePace, samples: paces),
        ], iterationsPerSample: 1)
        let file = try SampleResults.file(benchmarks: [read]).atReferencePace()
        let evaluation = try #require(try Self.evaluate(Self.phaseRead(bound: 25_000), against: file).first)
        #expect(evaluation.outcome == .undecided(.tooFewAtReferencePace(atPace: 3, taken: samples.count)))
    }
}
