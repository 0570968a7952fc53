import LabTestSupport
import LatticeBench
import Testing
@testable import LatticeLab
@testable import LatticeSuite

/// Under the record's table, each row over the published best: by how much, and where its
/// instructions go by the run's attribution (issue 38: a row that misses says how far and why).
@Suite struct RecordPageMissesTests {
    static let heading = "### Where the time goes in the rows over the published best"

    /// `name` at `nanoseconds` (paced at 1 µs) with its instruction count attributed to
    /// `functions` (nil: a count kept without attribution; absent when `instructions` is nil),
    /// its mallocs and its counts.
    func result(_ name: String, _ nanoseconds: Double, instructions: Double? = nil, functions: [(String, Double)]? = nil,
                mallocs: Double? = nil, counts: [String: Double] = [:]) throws -> BenchmarkResult {
        var result = try LabSamples.paced(name, nanoseconds, counts: counts)
        if let instructions {
            result.metrics.append(try MetricResult(metric: .instructions, samples: [instructions], functions: functions?.map {
                FunctionCost(name: $0.0, selfInstructions: $0.1, inclusiveInstructions: $0.1)
            }))
        }
        if let mallocs { result.metrics.append(try MetricResult(metric: .mallocs, samples: [mallocs])) }
        return result
    }

    func page(_ benchmarks: [BenchmarkResult]) throws -> String {
        BenchmarksPage(findings: try LabSamples.findings(LabSamples.file(benchmarks), ships: "derived"),
                       resultsPath: "results.json", limitsPath: "spec/limits.json").render()
    }

    /// The attribution table: from its heading to the next section.
    func misses(_ page: String) -> String? {
        guard let start = page.range(of: Self.heading) else { return nil }
        let rest = page[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
    }

    @Test func aRowOverTheBestShowsHowFarAndItsLargestSelfCosts() throws {
        let text = try page([try result("RecordPage/commitAgain", 339_000, instructions: 2_000_000, functions: [
            ("swift_retain", 400_000), ("swift_release", 300_000), ("Lattice.Store.publish(Lattice.RecordSourceDelta)", 500_000),
            ("Hasher.combine(bytes:)", 120_000), ("Hasher._finalize()", 80_000), ("Lattice.Slots.write()", 60_000),
            ("Lattice.JSONValue.copy()", 40_000), ("Lattice.Small.step()", 20_000),
        ], mallocs: 12, counts: ["retains": 40])])
        // 339 µs against a best of 113 µs: 3 times, 226 µs over it.
        #expect(text.contains("| The same payload again | 339 µs ["))
        #expect(text.contains("| 113 µs (118 µs) | 3.00 × (2.87 ×) |"))
        let table = try #require(misses(text))
        #expect(table.contains("| The same payload again | 3.00 × (+226 µs) | 2,000,000 | 12 | 40 | *reference counting* 35.0%, "
            + "`Lattice.Store.publish(Lattice.RecordSourceDelta)` 25.0%, *hashing* 10.0%, `Lattice.Slots.write()` 3.0%, "
            + "`Lattice.JSONValue.copy()` 2.0% |"))
        // Five entries at most: the smallest function is left out.
        #expect(!table.contains("Lattice.Small.step()"))
    }

    @Test func aRowAtOrUnderTheBestShowsNoAttribution() throws {
        let functions = [("Lattice.DataChecker.check()", 1_000_000.0)]
        let under = try page([try result("RecordPage/check", 130_000, instructions: 1_000_000, functions: functions)])
        #expect(under.contains("| 137 µs (138 µs) | 0.95 × (0.94 ×) |"))
        #expect(misses(under) == nil)
        #expect(!under.contains("Lattice.DataChecker.check()"))
        // Beside a row that misses, the one at the best is still left out of the table.
        let both = try page([try result("RecordPage/check", 137_000, instructions: 1_000_000, functions: functions),
                             try result("RecordPage/commitAgain", 339_000, instructions: 2_000_000,
                                        functions: [("Lattice.Store.publish(Lattice.RecordSourceDelta)", 2_000_000)])])
        let table = try #require(misses(both))
        #expect(table.contains("| The same payload again | 3.00 × (+226 µs) | 2,000,000 | – | – | "
            + "`Lattice.Store.publish(Lattice.RecordSourceDelta)` 100.0% |"))
        #expect(!table.contains("The data check of the page"))
    }

    @Test func aRowWithoutAttributionSaysItIsMissing() throws {
        let text = try page([try result("RecordPage/commitAgain", 339_000, instructions: 2_000_000, mallocs: 0),
                             try result("RecordPage/ingest", 5_760_000)])
        let table = try #require(misses(text))
        #expect(table.contains("| The same payload again | 3.00 × (+226 µs) | 2,000,000 | 0 | – | "
            + "attribution missing: the results keep no functions for `RecordPage/commitAgain`'s instructions |"))
        #expect(table.contains("| Response bytes into a change set | 3.33 × (+4.03 ms) | – | – | – | "
            + "attribution missing: the run counted no instructions for `RecordPage/ingest` |"))
    }

    @Test func anAttributionSpreadUnderOnePercentAFunctionSaysSo() throws {
        let functions = (0..<200).map { ("Lattice.step\($0)()", 10_000.0) }
        let text = try page([try result("RecordPage/commitAgain", 339_000, instructions: 2_000_000, functions: functions)])
        let table = try #require(misses(text))
        #expect(table.contains("| 2,000,000 | – | – | spread thin: no function or family takes 1.0% |"))
    }

    @Test func aReadsCostsAreOneFieldsAsItsTimeIs() throws {
        // 8 µs over 8 fields: 1 µs a field against 579 ns; 80,000 instructions, 24 mallocs and 16
        // retains a body are 10,000, 3 and 2 a field.
        let text = try page([try result("RecordPage/readTracked", 8_000, instructions: 80_000,
                                        functions: [("Observation.ObservationRegistrar.access()", 40_000)],
                                        mallocs: 24, counts: ["fields": 8, "retains": 16])])
        let table = try #require(misses(text))
        #expect(table.contains("| Tracked read, per field of a body of eight | 1.73 × (+421 ns) | 10,000 | 3 | 2 | "
            + "`Observation.ObservationRegistrar.access()` 50.0% |"))
    }

    @Test func theImagesBytesARecordStandBesideThePublishedFile() throws {
        let hydrate = BenchmarkResult(name: "RecordPage/imageHydrate", metrics: [
            try MetricResult(metric: .observed(SuiteBenchmark.ObservedName.imageBytes, unit: .bytes),
                             samples: Array(repeating: 245_760, count: 41)),
            try MetricResult(metric: .observed(SuiteBenchmark.ObservedName.residentRecords, unit: .count),
                             samples: Array(repeating: 900, count: 41)),
        ], iterationsPerSample: 1)
        let text = try page([hydrate])
        // 245,760 B over 900 records, 273 B, against 167,936 B over 898 rows, 187 B: 1.46 times.
        #expect(text.contains("| The image's file holding the page, per record (the published file: 167,936 B for 898 rows) "
            + "| 273 B [273 B, 273 B] | 187 B | 1.46 × | – | 2026-10-03 |"))
        let table = try #require(misses(text))
        #expect(table.contains("| 1.46 × (+86.1 B) | – | – | – | not a time: no instruction attribution |"))
    }
}
