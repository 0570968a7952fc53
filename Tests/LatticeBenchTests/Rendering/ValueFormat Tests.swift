import Testing
@testable import LatticeBench

@Suite struct ValueFormatTests {
    @Test(arguments: [
        (638.0, Metric.Unit.nanoseconds, "638 ns"), (25.9, .nanoseconds, "25.9 ns"),
        (0.5, .nanoseconds, "0.500 ns"), (-3.25, .nanoseconds, "-3.25 ns"),
        (1_200_000, .nanoseconds, "1.20 ms"), (50_000, .nanoseconds, "50.0 µs"),
        (2.5e9, .nanoseconds, "2.50 s"), (4096, .bytes, "4.00 KiB"), (100, .bytes, "100 B"),
        (12, .count, "12"), (12.5, .count, "12.5"), (1.0 / 3, .count, "0.33"),
        (1_234_567, .instructions, "1234567"), (2.1627, .paces, "2.16 paces"), (1394.1, .paces, "1394 paces"),
    ])
    func formatsInHumanUnits(value: Double, unit: Metric.Unit, expected: String) {
        #expect(ValueFormat.string(value, unit: unit) == expected)
    }

    @Test func formatsChangesAndProbabilities() {
        #expect(ValueFormat.percent(0.1034) == "+10.3%")
        #expect(ValueFormat.percent(-0.004) == "-0.4%")
        #expect(ValueFormat.probability(0.0341) == "p=0.034")
        #expect(ValueFormat.probability(0.0004) == "p<0.001")
    }
}
