import Testing
@testable import LatticeBench

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
