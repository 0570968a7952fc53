import Foundation
import LabTestSupport
import LatticeBench
import Testing
@testable import LatticeSuite

/// The dashboard's charts of the sections past the decision's: optimistic layers, pagination,
/// the lifetime plateau, incremental delivery and the response path, each read from a results
/// file of known figures; a chart whose benchmarks are missing is absent, and the dashboard
/// says so in its place.
@Suite struct SectionChartsTests {
    private func charts(_ benchmarks: [BenchmarkResult]) -> SuiteCharts {
        SuiteCharts(index: SuiteIndex(LabSamples.file(benchmarks)), timeBound: nil, palette: Palette())
    }

    private func points(_ chart: LineChart?) -> [String: [Double]] {
        Dictionary(uniqueKeysWithValues: (chart?.series ?? []).map { ($0.name, $0.points.flatMap { [$0.x, $0.y] }) })
    }

    @Test func optimisticLayersByRowsByLayersAndWhomTheRowsTold() throws {
        let charts = charts([try LabSamples.paced("Optimistic/cycle/100000", 16_300),
                             try LabSamples.paced("Optimistic/cycle/100", 16_000),
                             try LabSamples.paced("Optimistic/rows/20", 76_000, counts: ["notifications": 40, "bodies": 39])])
        #expect(points(charts.optimisticCycle()) == ["cycle": [100, 16_000, 100_000, 16_300]], "by rows, ascending")
        #expect(charts.optimisticRebase() == nil, "no rebase measured: no chart")
        let rows = try #require(charts.optimisticRows())
        #expect(rows.series == ["notifications", "bodies"])
        #expect(rows.groups.map(\.label) == ["20 rows observed"])
        #expect(rows.groups.first?.values == [40, 39])
    }

    @Test func paginationDrawsTheLoadAndTheListBodyByPage() throws {
        let charts = charts([try LabSamples.paced("Pagination/load/42", 500_000),
                             try LabSamples.paced("Pagination/load/2", 490_000),
                             try LabSamples.paced("Pagination/listBody/2", 100_000),
                             try LabSamples.paced("Pagination/listBody/42", 2_000_000),
                             try LabSamples.paced("Pagination/nodes/42", 550_000)])
        let chart = try #require(charts.paginationByPage())
        #expect(chart.series.map(\.name) == ["load", "listBody"])
        #expect(points(chart) == ["load": [2, 490_000, 42, 500_000], "listBody": [2, 100_000, 42, 2_000_000]])
        #expect(chart.xLabel.contains("page") && chart.yLabel.contains("time"))
    }

    @Test func lifetimeDrawsRecordsAndBytesHeldByPage() throws {
        func scroll(_ page: Int, records: Double, bytes: Double) throws -> BenchmarkResult {
            BenchmarkResult(name: "Lifetime/scroll/\(page)", metrics: [
                try MetricResult(metric: .wallTime, samples: LabSamples.times(around: 1_000_000)),
                try MetricResult(metric: .observed("residentRecords", unit: .count), samples: [records, records]),
                try MetricResult(metric: .observed("residentBytes", unit: .bytes), samples: [bytes, bytes]),
            ], iterationsPerSample: 1)
        }
        let charts = charts([try scroll(10, records: 511, bytes: 347_136), try scroll(42, records: 562, bytes: 378_528)])
        let plateau = charts.lifetimePlateau()
        #expect(plateau.count == 2)
        #expect(points(plateau.first) == ["scroll": [10, 511, 42, 562]])
        #expect(points(plateau.last) == ["scroll": [10, 347_136, 42, 378_528]])
        #expect(plateau.first?.yLabel.contains("records") == true && plateau.last?.yLabel.contains("bytes") == true)
        #expect(self.charts([try LabSamples.paced("Lifetime/scroll/10", 1_000)]).lifetimePlateau().isEmpty,
                "nothing held observed: no chart")
    }

    @Test func incrementalDrawsChunkSizesWithThePublishedBestAndTheCommitsSideBySide() throws {
        let charts = charts([try LabSamples.paced("Incremental/multipart/64", 77_000),
                             try LabSamples.paced("Incremental/multipart/16", 73_000),
                             try LabSamples.paced("Incremental/normalized/16", 6_400_000),
                             try LabSamples.paced("Incremental/partsAlone/16", 4_200_000)])
        let chunks = try #require(charts.incrementalChunks())
        #expect(points(chunks) == ["multipart": [16, 73_000, 64, 77_000]])
        let published = try #require(ReferenceSystemFigures.rows.first {
            if case .incremental("multipart", _)? = $0.benchmark { true } else { false }
        })
        #expect(chunks.reference?.value == published.figure.best)
        let commits = try #require(charts.incrementalCommitsBySize())
        #expect(commits.series == ["normalized", "partsAlone"])
        #expect(commits.groups.map(\.label) == ["16 KiB chunks"])
        #expect(commits.groups.first?.values == [6_400_000, 4_200_000])
    }

    @Test func theResponsePathIsAChartPerInputWithABarPerStep() throws {
        let charts = charts([try LabSamples.paced("ResponsePath/Feed/decode", 4_000),
                             try LabSamples.paced("ResponsePath/Feed/JSONSerialization", 12_000),
                             try LabSamples.paced("ResponsePath/Feed/normalize", 9_000),
                             try LabSamples.paced("ResponsePath/Dashboard/decode", 20_000)])
        let steps = charts.responsePathSteps()
        #expect(steps.map(\.title) == ["Response path: Feed, step by step", "Response path: Dashboard, step by step"])
        #expect(steps.first?.groups.map(\.label) == ["decode", "normalize", "JSONSerialization (anchor)"],
                "the path's steps, then Foundation's reader it is set beside")
        #expect(steps.first?.groups.map(\.values) == [[4_000], [9_000], [12_000]])
        #expect(steps.last?.groups.map(\.label) == ["decode"])
    }

    @Test func aSectionWhoseBenchmarksAreMissingSaysSoInsteadOfAChart() throws {
        let results = LabSamples.file([try LabSamples.paced("Optimistic/cycle/100", 16_000)])
        let report = LatticeSuite().report(of: JudgedRun(results: results, limits: [], goals: [], decided: nil))
        let optimistic = try #require(report.dashboard.first { $0.title == "Optimistic layers" })
        #expect(optimistic.charts.count == 1)
        #expect(optimistic.omitted == ["No chart: the results hold no Optimistic/rebase/* (a quick or filtered run).",
                                       "No chart: the results hold no Optimistic/rows/* (a quick or filtered run)."])
        let pagination = try #require(report.dashboard.first { $0.title == "Pagination" })
        #expect(pagination.charts.isEmpty && pagination.omitted.count == 1)
        let record = try #require(report.dashboard.first { $0.title == "The record's benchmark" })
        #expect(record.charts.isEmpty)
        #expect(record.omitted == ["No chart: the results hold no benchmark of the record's table (a quick or filtered run)."])
    }
}
