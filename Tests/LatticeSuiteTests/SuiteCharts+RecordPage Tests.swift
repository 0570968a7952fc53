import Foundation
import LabTestSupport
import LatticeBench
import Testing
@testable import LatticeSuite

/// The record's chart on the dashboard: each published row the run measured a bar of Lattice's
/// median (per field for the reads, per record for the image's bytes), the published best its
/// mark, one chart per unit; read from the same rows as the record's table.
@Suite struct RecordPageChartTests {
    private func charts(_ benchmarks: [BenchmarkResult]) -> [MarkedBarChart] {
        SuiteCharts(index: SuiteIndex(LabSamples.file(benchmarks)), timeBound: nil, palette: Palette()).recordPage()
    }

    private func row(_ benchmark: SuiteBenchmark, isTime: Bool = true) throws -> ReferenceSystemFigures.Row {
        try #require(ReferenceSystemFigures.rows.first { $0.benchmark == benchmark && $0.quantity.isTime == isTime })
    }

    @Test func aBarPerMeasuredRowWithThePublishedBestMarked() throws {
        let hydrate = BenchmarkResult(name: "RecordPage/imageHydrate", metrics: [
            try MetricResult(metric: .wallTime, samples: LabSamples.times(around: 5_500_000)),
            try MetricResult(metric: .observed("imageBytes", unit: .bytes), samples: [180_000, 180_000]),
            try MetricResult(metric: .observed("residentRecords", unit: .count), samples: [900, 900]),
        ], iterationsPerSample: 1)
        let result = charts([try LabSamples.paced("RecordPage/readTracked", 9_600, counts: ["fields": 8]),
                             try LabSamples.paced("RecordPage/ingest", 9_000_000), hydrate,
                             try LabSamples.paced("Unrelated/thing", 10)])
        #expect(result.count == 2, "the times, then the bytes")
        guard result.count == 2 else { return }
        let times = result[0].bars, bytes = result[1].bars
        #expect(times.map(\.label) == ["RecordPage/ingest", "RecordPage/readTracked ÷ fields",
                                       "RecordPage/imageHydrate"], "in the table's order")
        #expect(times.map(\.value) == [9_000_000, 1_200, 5_500_000])
        let ingest = try row(.recordPage(step: "ingest"))
        #expect(times[0].mark == ingest.figure.best)
        #expect(times[0].annotation == "\(FigureText.times(9_000_000 / ingest.figure.best)) the published best")
        #expect(times[0].detail == ingest.measurement)
        #expect(times[1].mark == (try row(.recordPage(step: "readTracked"))).figure.best)
        #expect(times.allSatisfy { $0.decided })
        #expect(bytes.map(\.label) == ["RecordPage/imageHydrate"])
        #expect(bytes.first?.value == 200)
        #expect(bytes.first?.mark == (try row(.recordPage(step: "imageHydrate"), isTime: false)).figure.best)
        #expect(result[0].kind == .logarithmic && result[0].title.contains("time per operation"))
        #expect(result[1].title.hasSuffix("imageBytes ÷ residentRecords"))
        #expect(!result[0].legend.marks.contains("band"), "no published range of medians among the rows: no band")
    }

    @Test func aRangeOfPublishedMediansIsItsBandAndAnIntervalItsWhisker() throws {
        let result = charts([try LabSamples.paced("RecordPage/commitIntoEmpty", 1_000_000)])
        let bar = try #require(result.first?.bars.first)
        let medians = try row(.recordPage(step: "commitIntoEmpty")).figure.medians
        #expect(bar.markRange == (medians.lowerBound < medians.upperBound ? medians : nil))
        let interval = try #require(bar.interval)
        #expect(interval.lowerBound <= 1_000_000 && 1_000_000 <= interval.upperBound)
    }

    @Test func noRecordRowMeasuredGivesNoChart() throws {
        #expect(charts([try LabSamples.paced("Optimistic/cycle/100", 16_000)]).isEmpty)
        // A read whose fields were not counted cannot be divided: no bar, as the table shows no figure.
        #expect(charts([try LabSamples.paced("RecordPage/readTracked", 9_600)]).isEmpty)
    }

    @Test func theChartDrawsABarAndAMarkPerRow() throws {
        let svg = try #require(charts([try LabSamples.paced("RecordPage/ingest", 9_000_000),
                                       try LabSamples.paced("RecordPage/check", 150_000)]).first).render()
        #expect(svg.components(separatedBy: "class=\"mark\"").count - 1 == 2)
        #expect(svg.contains("stroke-width=\"2.5\""), "the published best is marked")
        #expect(svg.contains("RecordPage/check"))
    }
}
