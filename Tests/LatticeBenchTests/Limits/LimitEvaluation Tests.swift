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

    static func evaluate(_ limit: Limit, ships: String = "derived") throws -> [LimitEvaluation] {
        LimitEvaluation.evaluate(LimitsFile(ships: ships, limits: [limit]), against: try results())
    }

    static func phaseRead(bound: Double, maxCV: Double? = nil, statistic: Statistic = .median) -> Limit {
        Limit(id: "phase-read", description: "", benchmark: "PhaseRead/{ships}/*/tracked",
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

        // The median is within 50.5 µs but its interval's upper end is not: failed.
        let tight = try #require(try Self.evaluate(Self.phaseRead(bound: 50_500)).first)
        #expect(interval.upper > 50_500)
        #expect(tight.outcome == .failed)
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
        // The default maxCV (0.10) lets the 5.8 % spread through, but not the noisy strategy's 44 %.
        #expect(try Self.evaluate(Self.phaseRead(bound: 52_000)).first?.outcome == .passed)
        let noisy = try #require(try Self.evaluate(Self.phaseRead(bound: 20_000), ships: "noisy").first)
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
        let missing = try Self.evaluate(Self.phaseRead(bound: 1), ships: "rootVerdict")
        #expect(missing.count == 1)
        #expect(missing.first?.outcome == .undecided(.benchmarkMissing(pattern: "PhaseRead/rootVerdict/*/tracked")))
        let noMetric = Limit(id: "cpu", description: "", benchmark: "PhaseRead/{ships}/Big/tracked",
                             metric: "cpuTime", statistic: .median, bound: 1)
        #expect(try Self.evaluate(noMetric).first?.outcome == .undecided(.metricMissing(metric: "cpuTime")))
    }

    @Test func aSingleNoisySampleIsUndecided() throws {
        let one = BenchmarkResult(name: "One", metrics: [try MetricResult(metric: .wallTime, samples: [5])],
                                  iterationsPerSample: 1)
        let limit = Limit(id: "one", description: "", benchmark: "One", metric: "wallTime",
                          statistic: .median, bound: 10)
        let evaluations = LimitEvaluation.evaluate(LimitsFile(ships: "x", limits: [limit]),
                                                   against: try SampleResults.file(benchmarks: [one]))
        #expect(evaluations.first?.outcome == .undecided(.tooFewSamples(n: 1)))
    }

    @Test func exactMetricsCompareTheirValue() throws {
        let zeroExtra = Limit(id: "extra-bodies", description: "", benchmark: "BodyReruns/{ships}/spreads",
                              metric: "extraBodies", statistic: .value, bound: 0)
        let derived = try #require(try Self.evaluate(zeroExtra).first)
        #expect(derived.outcome == .passed)
        #expect(derived.interval == nil)
        let stored = try #require(try Self.evaluate(zeroExtra, ships: "stored").first)
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
            return LimitEvaluation.evaluate(LimitsFile(ships: "x", limits: [limit]), against: file).first?.outcome
        }
        #expect(outcome(990) == .passed)
        #expect(outcome(1000) == .failed) // the lower end of the interval is below 1000
    }

    @Test func everyLimitMustPassForExitZero() throws {
        let passing = try Self.evaluate(Self.phaseRead(bound: 52_000))
        let failing = try Self.evaluate(Self.phaseRead(bound: 40_000))
        let undecided = try Self.evaluate(Self.phaseRead(bound: 52_000), ships: "none")
        #expect(LimitEvaluation.exitStatus(of: passing) == .ok)
        #expect(LimitEvaluation.exitStatus(of: passing + failing) == .limitNotPassed)
        #expect(LimitEvaluation.exitStatus(of: undecided) == .limitNotPassed)
        #expect(LimitEvaluation.exitStatus(of: []) == .ok)
    }
}
