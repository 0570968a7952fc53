import Testing
@testable import LatticeBench

/// Against scipy.stats.t: tails to 1e-10 relative.
@Suite struct StudentTTests {
    @Test(arguments: ScipyReference.studentT)
    func tailMatchesScipy(_ reference: ScipyReference.StudentTCase) {
        let survival = StudentT.survival(reference.t, freedom: reference.freedom)
        #expect(isClose(survival, reference.survival, relative: 1e-10), "sf \(survival) vs \(reference.survival)")
    }
}
