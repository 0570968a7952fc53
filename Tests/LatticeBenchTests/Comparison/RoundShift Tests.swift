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
