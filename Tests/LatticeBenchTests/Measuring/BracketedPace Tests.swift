import Testing
@testable import LatticeBench

/// A sample's pace is the slower of the readings on its two sides: a machine that slowed
/// during the sample, or had not yet sped up, does not pass for fast.
@Suite struct BracketedPaceTests {
    @Test func eachSampleGetsTheSlowerOfTheReadingsAroundIt() {
        #expect(BracketedPace.pace(before: 1_000, after: 1_700) == 1_700)
        #expect(BracketedPace.pace(before: 1_900, after: 1_000) == 1_900)
        #expect(BracketedPace.pace(before: 1_000, after: 1_000) == 1_000)
    }
}
