import Foundation
import Testing
@testable import LatticeBench

@Suite struct JSONRenderersTests {
    @Test func bencherMetricFormatHasAMeasurePerMetric() throws {
        let text = try BencherRenderer().render(try SampleResults.file())
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: [String: [String: Double]]])
        #expect(Set(json.keys) == ["Example/sum/10", "Example/sum/1000"])
        let fast = try #require(json["Example/sum/10"])
        #expect(Set(fast.keys) == ["latency", "mallocs"])
        #expect(fast["latency"]?["value"] == 640)
        let interval = try SampleResults.file().benchmarks[0].metrics[0].summary.medianInterval
        #expect(fast["latency"]?["lower_value"] == interval.lower)
        #expect(fast["latency"]?["upper_value"] == interval.upper)
        #expect(interval.lower < 640 && interval.upper > 640)
        #expect(fast["mallocs"] == ["value": 3])
    }

    @Test func githubActionBenchmarkListsSmallerIsBetterEntries() throws {
        var results = try SampleResults.file()
        let throughput = Metric(name: "throughput", unit: .count, polarity: .prefersLarger, exact: false)
        results.benchmarks[0].metrics.append(try MetricResult(metric: throughput, samples: [1, 2, 3]))
        let text = try GitHubActionBenchmarkRenderer().render(results)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(entries.map { $0["name"] as? String } == [
            "Example/sum/10 - wallTime", "Example/sum/10 - mallocs",
            "Example/sum/1000 - wallTime", "Example/sum/1000 - mallocs",
        ])
        #expect(entries.map { $0["unit"] as? String } == ["ns", "count", "ns", "count"])
        #expect(entries[0]["value"] as? Double == 640)
        let summary = results.benchmarks[0].metrics[0].summary
        let halfWidth = max(640 - summary.medianInterval.lower, summary.medianInterval.upper - 640)
        #expect(entries[0]["range"] as? String == "± \(ValueFormat.string(halfWidth, unit: .count))")
        let interval = try SampleResults.fastInterval()
        #expect((entries[0]["extra"] as? String)?.hasPrefix("n=101, 95% CI \(interval.lower) – \(interval.upper), CV ") == true)
        #expect(entries[1]["range"] == nil)
        #expect(entries[1]["extra"] as? String == "n=3")
    }

    @Test func everyFormatRendersAndJSONIsTheResultsFile() throws {
        let results = try SampleResults.file()
        #expect(OutputFormat(rawValue: "github-action-benchmark") == .githubActionBenchmark)
        let json = try OutputFormat.json.render(results, colour: false)
        #expect(try JSONFileDecoder.decode(ResultsFile.self, from: Data(json.utf8), file: "stdout") == results)
        for format in OutputFormat.allCases {
            #expect(try format.render(results, colour: false).contains("Example/sum/1000"))
        }
    }
}
