import Testing
@testable import LatticeBench

/// The Hodges-Lehmann estimate and interval ends against numpy: exact (order statistics of the
/// same differences, computed the same way).
@Suite struct HodgesLehmannTests {
    @Test(arguments: ScipyReference.comparisons)
    func hodgesLehmannMatchesNumpy(_ reference: ScipyReference.ComparisonCase) throws {
        let shift = try HodgesLehmann(baseline: reference.baseline, candidate: reference.candidate)
        #expect(shift.estimate == reference.shift)
        #expect(shift.interval.lower == reference.lower)
        #expect(shift.interval.upper == reference.upper)
    }

    @Test func pairwiseDifferencesRankLikeASortedList() {
        let baseline: [Double] = [3, -1.5, 0, 3, 7.25, -0.0]
        let candidate: [Double] = [0, 2, 3, -4, 1e-3, 3]
        let brute = candidate.flatMap { c in baseline.map { c - $0 } }.sorted()
        let differences = PairwiseDifferences(baseline: baseline, candidate: candidate)
        #expect(differences.count == brute.count)
        for k in 1...brute.count {
            #expect(differences.smallest(k) == brute[k - 1], "k = \(k)")
        }
    }
}
