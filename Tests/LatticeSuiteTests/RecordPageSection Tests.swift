import Foundation
import LabTestSupport
import LatticeBench
import Testing
@testable import LatticeLab
@testable import LatticeSuite

/// BENCHMARKS.md's record's benchmark: Lattice's figures beside the published ones, reads per
/// field, each with its ratio to the published best (and median) and its figure in reference
/// paces; under the table, each row over the best with where its instructions go.
@Suite struct RecordPageSectionTests {
    /// A step of the record's page at `nanoseconds` (each sample taken at a pace of 1 µs), with
    /// its counts.
    func step(_ step: String, _ nanoseconds: Double, counts: [String: Double] = [:]) throws -> BenchmarkResult {
        try LabSamples.paced("RecordPage/\(step)", nanoseconds, counts: counts)
    }

    func page(_ benchmarks: [BenchmarkResult]) throws -> String {
        BenchmarksPage(findings: try LabSamples.findings(LabSamples.file(benchmarks), ships: "derived"),
                       resultsPath: "results.json", limitsPath: "spec/limits.json").render()
    }

    @Test func setsEachStepBesideThePublishedFigureWithItsRatioAndPaces() throws {
        let text = try page([
            try step("ingest", 5_760_000),
            try step("commitIntoEmpty", 944_000),
            try step("readTracked", 4_960, counts: ["fields": 8]),
            try step("readUntracked", 406, counts: ["fields": 8]),
            try step("collect300Roots", 31_700),
        ])
        #expect(text.contains("## The record's benchmark"))
        #expect(text.contains("The machines differ"))
        // 5.76 ms against a best of 1.73 ms and a median of 1.80 ms: 3.33 and 3.2 times; 5,760
        // paces of 1 µs; the entry's date.
        #expect(text.contains("| Response bytes into a change set | 5.76 ms ["))
        #expect(text.contains("| 1.73 ms (1.80 ms) | 3.33 × (3.20 ×) | 5,760 | to 2026-10-09 (issue 38) |"))
        #expect(text.contains("| 470 µs (505 µs) | 2.01 × (1.87 ×) | 944 |"))
        // Per field: 4.96 µs over 8 fields is 620 ns, against a best of 579 ns and a median of 628 ns.
        #expect(text.contains("| Tracked read, per field of a body of eight | 620 ns ["))
        #expect(text.contains("| 579 ns (628 ns) | 1.07 × (0.99 ×) | 0.62 |"))
        #expect(text.contains("| Untracked read, per field | 50.8 ns ["))
        #expect(text.contains("| 20.3 ns | 2.50 × | 0.05 |"))
        #expect(text.contains("| 25.4 µs (26.2 µs) | 1.25 × (1.21 ×) | 31.7 |"))
        // Steps this run did not measure have no row.
        #expect(!text.contains("| The data check of the page |"))
    }

    /// Issue 38: the ingest beside the floor of this machine, simdjson's parse of the same bytes.
    @Test func theIngestStandsBesideTheMachinesFloor() throws {
        let text = try page([try step("ingest", 5_760_000), try step("referenceParse", 240_000)])
        #expect(text.contains("a walk of every value (`referenceParse`, in the same process), is 240 µs"))
        #expect(text.contains("the ingest takes 24.0 × that (the goal: at most 2 ×)."))
        let withoutFloor = try page([try step("ingest", 5_760_000)])
        #expect(!withoutFloor.contains("The floor of the ingest"))
    }

    @Test func anUndecidedFigureGetsNoRatioNorPaces() throws {
        // Half the samples at 1 ms and half at 3 ms: far too noisy to judge.
        let samples = (0..<40).map { $0 % 2 == 0 ? 1_000_000.0 : 3_000_000.0 }
        let noisy = BenchmarkResult(name: "RecordPage/commitAgain", metrics: [
            try MetricResult(metric: .wallTime, samples: samples),
            try MetricResult(metric: .machinePace, samples: Array(repeating: 1_000, count: samples.count)),
        ], iterationsPerSample: 1)
        let text = try page([noisy])
        #expect(text.contains("| The same payload again | undecided ("))
        #expect(text.contains("| 113 µs (118 µs) | undecided | undecided |"))
    }

    @Test func aReadWhoseFieldsWereNotCountedIsNotDivided() throws {
        let text = try page([try step("readTracked", 4_960)])
        #expect(text.contains("| Tracked read, per field of a body of eight | – | 579 ns (628 ns) | – | – | to 2026-10-09 (issue 38) |"))
    }

    @Test func theObservableReadOfThisRunAnchorsTheMachines() throws {
        let text = try page([try step("check", 254_000),
                             try LabSamples.timed("FieldRead/observableTracked/8", 3_792)])
        #expect(text.contains("A tracked `@Observable` read, Observation's own cost, is 474 ns a field here"))
        #expect(text.contains("and 554 ns there."))
        #expect(text.contains("| The data check of the page | 254 µs ["))
        #expect(text.contains("| 137 µs (138 µs) | 1.85 × (1.84 ×) |"))
    }

    @Test func rowsOfOtherExecutablesStandBesideTheirPublishedFigures() throws {
        let text = try page([try step("check", 254_000),
                             try LabSamples.paced("Optimistic/oneRow/20", 11_080),
                             try LabSamples.paced("Pagination/nodes/42", 161_600),
                             try step("readCaught", 1_200, counts: ["fields": 8])])
        // 11.08 µs against the apply's and the revert's medians together, 5.54 µs.
        #expect(text.contains("| An optimistic layer over 20 observed rows applied, then reverted"))
        #expect(text.contains("| 5.21 µs (5.54 µs) | 2.13 × (2.00 ×) | 11.1 | 2026-10-03 |"))
        #expect(text.contains("| The nodes of 2,100 merged edges, untracked | 162 µs ["))
        #expect(text.contains("| 80.8 µs | 2.00 × |"))
        // A caught read per field: 1.2 µs over 8 fields.
        #expect(text.contains("| A `@catch` read of a field without an error | 150 ns ["))
        // The rows this run did not measure have none.
        #expect(!text.contains("| An optimistic `@appendEdge` on 50 edges"))
    }

    @Test func everyPublishedRowNamesABenchmarkOfTheSuite() {
        for row in ReferenceSystemFigures.rows {
            if let benchmark = row.benchmark {
                #expect(SuiteBenchmark(name: benchmark.name) == benchmark)
                #expect(LatticeSuite().executable(named: benchmark.executable) != nil)
            }
            #expect(row.figure.best > 0 && row.figure.best <= row.figure.medians.lowerBound)
            #expect(!row.date.isEmpty)
        }
        // One row a benchmark's quantity.
        let measured = ReferenceSystemFigures.rows.compactMap { row in
            row.benchmark.map { "\($0.name) \(row.quantity.metric)" }
        }
        #expect(Set(measured).count == measured.count)
    }

    /// Issue 38's long session is measured by `RecordPage/longSession`: its row is set beside the
    /// published figure at the session's end.
    @Test func theLongSessionIsSetBesideThePublishedEnd() throws {
        let text = try page([try step("longSession", 2_970)])
        #expect(text.contains("| A long session: a lookup's commit after 50,000 lookups of new ids "
            + "(1.33 µs (1.46 µs) at its start; +20.3 MB over 61,308 records; here without the record's 500 pages, "
            + "the commit writing a character deleted since its lookup and deleting another) | 2.97 µs ["))
        // 2.97 µs against a best of 2.12 µs and a median of 2.33 µs.
        #expect(text.contains("| 2.12 µs (2.33 µs) | 1.40 × (1.27 ×) | 2.97 | 2026-10-07 |"))
        #expect(!text.contains("no benchmark of the suite measures it"))
    }

    @Test func withoutRecordPageTheSectionSaysSo() throws {
        let text = try page([try LabSamples.timed("FieldRead/observableTracked/8", 3_792)])
        #expect(text.contains("## The record's benchmark\n\nNot measured in this run."))
    }
}
