import Testing
@testable import LatticeBench

@Suite struct LimitRendererTests {
    @Test func oneLinePerEvaluationWithTheOutcomeFirst() throws {
        let limits = [
            Limit(id: "fast", description: "", benchmark: "Example/sum/10", metric: "wallTime",
                  statistic: .median, bound: 700),
            Limit(id: "slow", description: "", benchmark: "Example/sum/1000", metric: "wallTime",
                  statistic: .median, bound: 1_000_000),
            Limit(id: "allocs", description: "", benchmark: "Example/sum/10", metric: "mallocs",
                  statistic: .value, bound: 2),
            Limit(id: "gone", description: "", benchmark: "Nope/*", metric: "mallocs",
                  statistic: .value, bound: 2),
        ]
        let upper = try SampleResults.fastInterval().upper
        let text = LimitRenderer().render(LimitEvaluation.evaluate(limits, against: try SampleResults.file()))
        #expect(text.split(separator: "\n") == [
            "PASS fast Example/sum/10: wallTime median 640 ns, 95% CI upper \(upper) ≤ bound 700 ns",
            "FAIL slow Example/sum/1000: wallTime median 1.25 ms, 95% CI lower 1.24 ms > bound 1.00 ms",
            "FAIL allocs Example/sum/10: mallocs value 3 > bound 2",
            "UNDECIDED gone Nope/*: mallocs: no benchmark matches Nope/*",
        ])
    }
}
