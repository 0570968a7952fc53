import Foundation
import Testing
@testable import LatticeBench

@Suite struct RoundShiftTests {
    @Test func theShiftIsTheDifferenceOfTheSidesMeanLogMedians() {
        let shift = RoundShift(baseline: [log(100), log(104)], candidate: [log(110), log(114)], sigma: 0.02)
        #expect(abs(shift.logShift - (log(110 * 114) - log(100 * 104)) / 2) < 1e-12)
        #expect(shift.baselineRounds == 2 && shift.candidateRounds == 2)
    }

    @Test func moreRoundsNarrowTheShiftAndALargerDeviationWidensIt() {
        let two = RoundShift(baseline: [0, 0], candidate: [0.05, 0.05], sigma: 0.03)
        let four = RoundShift(baseline: [0, 0, 0, 0], candidate: [0.05, 0.05, 0.05, 0.05], sigma: 0.03)
        let noisy = RoundShift(baseline: [0, 0, 0, 0], candidate: [0.05, 0.05, 0.05, 0.05], sigma: 0.1)
        #expect(four.standardError < two.standardError)
        #expect(four.pValue < two.pValue)
        #expect(noisy.pValue > four.pValue)
    }

    @Test func aBenchmarksOwnScatterWeighsAgainstThePooledDeviation() {
        let steady = RoundShift(baseline: [0, 0, 0], candidate: [0.06, 0.06, 0.06], sigma: 0.02)
        let scattered = RoundShift(baseline: [-0.1, 0, 0.1], candidate: [-0.04, 0.06, 0.16], sigma: 0.02)
        #expect(scattered.logShift == steady.logShift)
        #expect(scattered.standardError > 2 * steady.standardError)
        // Rounds that happen to agree never make it surer than the suite's deviation.
        #expect(abs(steady.standardError - 0.02 * (2.0 / 3).squareRoot()) < 1e-12)
    }

    @Test func theProcessDeviationBarelyMovesForASpoiledRound() throws {
        let sides: [[Double]] = (0..<20).map { [0.01 * Double($0 % 3), -0.01 * Double($0 % 2), 0.005] }
        let clean = try #require(RoundShift.processDeviation(sides))
        let spoiled = try #require(RoundShift.processDeviation(sides + [[0, 0.9, 0.02]]))
        #expect(abs(spoiled - clean) / clean < 0.1)
        #expect(RoundShift.processDeviation([[0.1], [0.2]]) == nil, "no side has two rounds")
    }
}

@Suite struct FalseDiscoveryTests {
    @Test func everyPValueUnderItsStepIsADiscovery() {
        #expect(FalseDiscovery.discoveries([0.01, 0.04, 0.03, 0.005], alpha: 0.05) == [0, 1, 2, 3])
    }

    @Test func theStepsStopAtTheLastPValueUnderThem() {
        // Sorted: 0.001 <= 0.0125; 0.03 > 0.025; 0.04 > 0.0375; 0.2 > 0.05.
        #expect(FalseDiscovery.discoveries([0.001, 0.2, 0.03, 0.04], alpha: 0.05) == [0])
    }

    @Test func aLoneFourPercentAmongTwentyRowsIsNoDiscovery() {
        // Alone it would pass 0.05; among twenty it must pass 0.05/20.
        #expect(FalseDiscovery.discoveries([0.04] + Array(repeating: 0.5, count: 19), alpha: 0.05).isEmpty)
        let many = FalseDiscovery.discoveries(Array(repeating: 0.04, count: 19) + [0.5], alpha: 0.05)
        #expect(many.count == 19, "nineteen rows at 0.04 are evidence together")
    }
}

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

/// Against scipy.stats.t: tails to 1e-10 relative.
@Suite struct StudentTTests {
    @Test(arguments: ScipyReference.studentT)
    func tailMatchesScipy(_ reference: ScipyReference.StudentTCase) {
        let survival = StudentT.survival(reference.t, freedom: reference.freedom)
        #expect(isClose(survival, reference.survival, relative: 1e-10), "sf \(survival) vs \(reference.survival)")
    }
}
