import Foundation
import LabTestSupport
import LatticeBench
import Testing
@testable import LatticeLab
@testable import LatticeSuite

/// BENCHMARKS.md's record's benchmark: Lattice's figures beside the published ones, reads per
/// field, each with its ratio to the published median and its figure in reference paces.
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
        // 5.76 ms against a median of 2.88 ms: twice; 5,760 paces of 1 µs.
        #expect(text.contains("| Response bytes into normalized records | 5.76 ms ["))
        #expect(text.contains("| 2.87 ms (2.88 ms) | 2.00 × | 5,760 |"))
        // Against the range of medians 472–505 µs.
        #expect(text.contains("| 468 µs (472 µs–505 µs) | 1.87–2.00 × | 944 |"))
        // Per field: 4.96 µs over 8 fields is 620 ns, against medians of 606–628 ns.
        #expect(text.contains("| Tracked read, per field of a body of eight | 620 ns ["))
        #expect(text.contains("| 579 ns (606 ns–628 ns) | 0.99–1.02 × | 0.62 |"))
        #expect(text.contains("| Untracked read, per field | 50.8 ns ["))
        #expect(text.contains("| 20.3 ns | 2.50 × | 0.05 |"))
        #expect(text.contains("| 31.7 µs | 1.00 × | 31.7 |"))
        // Steps this run did not measure have no row.
        #expect(!text.contains("| The data check of the page |"))
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
        #expect(text.contains("| 113 µs (114 µs–118 µs) | undecided | undecided |"))
    }

    @Test func aReadWhoseFieldsWereNotCountedIsNotDivided() throws {
        let text = try page([try step("readTracked", 4_960)])
        #expect(text.contains("| Tracked read, per field of a body of eight | – | 579 ns (606 ns–628 ns) | – | – |"))
    }

    @Test func theObservableReadOfThisRunAnchorsTheMachines() throws {
        let text = try page([try step("check", 254_000),
                             try LabSamples.timed("FieldRead/observableTracked/8", 3_792)])
        #expect(text.contains("A tracked `@Observable` read, Observation's own cost, is 474 ns a field here"))
        #expect(text.contains("and 554 ns there."))
        #expect(text.contains("| The data check of the page | 254 µs ["))
        #expect(text.contains("| 127 µs | 2.00 × |"))
    }

    @Test func withoutRecordPageTheSectionSaysSo() throws {
        let text = try page([try LabSamples.timed("FieldRead/observableTracked/8", 3_792)])
        #expect(text.contains("## The record's benchmark\n\nNot measured in this run."))
    }
}
