import Testing
@testable import LatticeBench

@Suite struct HarnessOverheadTests {
    @Test func perOperationSubtractsTheRegionOnceAndTheIterationPerOperation() {
        // (10 000 − 500) / 100 − 2 = 93
        #expect(HarnessOverhead.perOperation(raw: 10_000, batch: 100, region: 500, iteration: 2) == 93)
    }

    @Test func perOperationIsNeverNegative() {
        for raw: UInt64 in [0, 1, 50, 499, 500, 501, 10_000] {
            for batch in [1, 2, 100, 1 << 20] {
                for iteration in [0.0, 0.5, 3, 1_000] {
                    let figure = HarnessOverhead.perOperation(raw: raw, batch: batch, region: 500,
                                                              iteration: iteration)
                    #expect(figure >= 0, "raw \(raw), batch \(batch), iteration \(iteration)")
                }
            }
        }
    }

    @Test func wallAndCPUUseTheirOwnOverheads() {
        let overhead = HarnessOverhead(wallRegionNanoseconds: 100, cpuRegionNanoseconds: 600,
                                       wallIterationNanoseconds: 1, cpuIterationNanoseconds: 2)
        let figures = overhead.perOperation(TimingSample(wallNanoseconds: 1_100, cpuNanoseconds: 1_600),
                                            batch: 10)
        #expect(figures.wall == 99)  // (1 100 − 100) / 10 − 1
        #expect(figures.cpu == 98)   // (1 600 − 600) / 10 − 2
        #expect(overhead.wallNanoseconds(batch: 10) == 110)
    }

    @Test func aBatchOfZeroIsTreatedAsOneOperation() {
        #expect(HarnessOverhead.perOperation(raw: 700, batch: 0, region: 100, iteration: 0) == 600)
    }
}
