import Testing
@testable import LatticeBench

@Suite struct FigureTextTests {
    /// A figure whose samples all agree is judged, at zero too, where the robust CV is
    /// undefined; one whose samples differ around a zero median is not.
    @Test func samplesThatAllAgreeAreDecidedEvenAtZero() throws {
        let never = try MetricResult(metric: .preemptions, samples: [0, 0, 0, 0])
        #expect(!FigureText.isUndecided(never))
        #expect(!FigureText.figure(never).hasPrefix("undecided"))
        let sometimes = try MetricResult(metric: .preemptions, samples: [0, 0, 1, 0])
        #expect(FigureText.isUndecided(sometimes))
        #expect(FigureText.figure(sometimes).hasPrefix("undecided"))
        let single = try MetricResult(metric: .preemptions, samples: [0])
        #expect(FigureText.isUndecided(single), "one sample cannot say whether they agree")
    }
}
