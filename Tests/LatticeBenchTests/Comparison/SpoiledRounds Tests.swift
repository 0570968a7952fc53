import Testing
@testable import LatticeBench

@Suite struct SpoiledRoundsTests {
    /// Benchmarks A/1...A/n, rounds 0...3 near 0, round 2 offset by `offset`.
    private func side(_ n: Int, offset: Double) -> [String: [Int: Double]] {
        Dictionary(uniqueKeysWithValues: (1...n).map { index in
            ("A/\(index)", [0: 0.01 * Double(index % 2), 1: -0.01, 2: offset, 3: 0.005])
        })
    }

    @Test func aRoundOffAcrossItsExecutableIsSpoiled() {
        #expect(SpoiledRounds.find(side(5, offset: 0.9), sigma: 0.03) == [SpoiledRounds.Key(executable: "A", round: 2)])
        #expect(SpoiledRounds.find(side(5, offset: 0.06), sigma: 0.03).isEmpty, "within four deviations")
    }

    @Test func twoBenchmarksCannotSpoilARound() {
        #expect(SpoiledRounds.find(side(2, offset: 0.9), sigma: 0.03).isEmpty)
    }
}
