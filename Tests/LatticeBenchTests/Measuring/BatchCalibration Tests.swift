import Testing
@testable import LatticeBench

@Suite struct BatchCalibrationTests {
    /// A fake clock: a batch of `b` operations takes `fixed + b × perOperation` nanoseconds.
    final class FakeOperation {
        let fixed: Double
        let perOperation: Double
        var batchesMeasured: [Int] = []

        init(fixed: Double = 0, perOperation: Double) {
            self.fixed = fixed
            self.perOperation = perOperation
        }

        func measure(_ batch: Int) -> UInt64 {
            batchesMeasured.append(batch)
            return UInt64(fixed + Double(batch) * perOperation)
        }
    }

    @Test(arguments: [(0.0, 7.0), (500.0, 3.0), (0.0, 0.25), (40.0, 250_000.0)])
    func aCalibratedSampleLastsAtLeastTheMinimum(fixed: Double, perOperation: Double) {
        let operation = FakeOperation(fixed: fixed, perOperation: perOperation)
        let minimum: UInt64 = 100_000
        let batch = BatchCalibration.batchSize(minimumNanoseconds: minimum,
                                               estimatedNanosecondsPerOperation: perOperation,
                                               measure: operation.measure)
        #expect(operation.measure(batch) >= minimum)
        // Not wastefully long either: half the batch would have been too short, unless the
        // batch is a single operation.
        #expect(batch == 1 || operation.measure(batch / 2) < minimum * 2)
    }

    @Test func aWrongEstimateIsCorrectedByMeasuring() {
        // Warm-up thought an operation takes 1 µs; it takes 7 ns.
        let operation = FakeOperation(perOperation: 7)
        let batch = BatchCalibration.batchSize(minimumNanoseconds: 100_000,
                                               estimatedNanosecondsPerOperation: 1_000,
                                               measure: operation.measure)
        #expect(operation.measure(batch) >= 100_000)
        #expect(operation.batchesMeasured.count <= 4, "grows in proportion, not one doubling at a time")
    }

    @Test func anOperationTheClockCannotSeeStopsAtTheLargestBatch() {
        let batch = BatchCalibration.batchSize(minimumNanoseconds: 100_000,
                                               estimatedNanosecondsPerOperation: 0,
                                               measure: { _ in 0 })
        #expect(batch == BatchCalibration.maximumBatch)
    }
}
