import Testing
@testable import LatticeSuite

@Suite struct CrossoverTests {
    @Test func interpolatesOnLogLogAxesBetweenTheSizesAroundTheBound() {
        // cost = 100 · size: 10 µs at 100 fields, 100 µs at 1000; 50 µs is at 500 fields.
        let crossing = Crossover(points: [(10, 1_000), (100, 10_000), (1_000, 100_000)], bound: 50_000)
        #expect(crossing == .between(lower: 100, upper: 1_000, size: 500))
        #expect(crossing.size == 500)
    }

    @Test func reportsBoundsOutsideTheMeasuredRange() {
        #expect(Crossover(points: [(4, 60_000)], bound: 50_000) == .belowSmallest(size: 4))
        #expect(Crossover(points: [(4, 10), (4_096, 40_000)], bound: 50_000) == .beyondLargest(size: 4_096))
        #expect(Crossover(points: [], bound: 50_000) == .unmeasured)
        #expect(Crossover(points: [(4, 10)], bound: 50_000).size == nil)
    }

    @Test func sentenceNamesTheSizes() {
        let sentence = Crossover.between(lower: 1_024, upper: 2_048, size: 1_530)
            .sentence(series: "derived", bound: "50.0 µs", unit: "fields")
        #expect(sentence == "derived crosses 50.0 µs at about 1,530 fields (between 1,024 and 2,048)")
        #expect((-1_234_567).grouped == "-1,234,567")
    }
}
