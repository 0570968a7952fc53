import Testing
@testable import LatticeBench

/// Tolerances against scipy (relative to max(1, |expected|)): U exact (a sum of
/// half-integers); p-value 1e-9 (erfc against scipy's ndtr).
@Suite struct MannWhitneyUTests {
    @Test(arguments: ScipyReference.comparisons)
    func mannWhitneyMatchesScipy(_ reference: ScipyReference.ComparisonCase) throws {
        let test = try MannWhitneyU(baseline: reference.baseline, candidate: reference.candidate)
        #expect(test.u == reference.u)
        #expect(isClose(test.pValue, reference.pValue, relative: 1e-9),
                "p \(test.pValue) vs scipy \(reference.pValue)")
    }
}
