import Foundation
import Testing
@testable import LatticeBench

@Suite struct LimitsFileTests {
    /// A limits file with a key of an embedding file at the top and in a limit, which this
    /// reader ignores.
    static let valid = """
    {
      "version": 4,
      "embedder": "ignored",
      "limits": [
        { "id": "phase-read", "description": "phase read on the largest operation",
          "benchmark": "PhaseRead/derived/*/tracked", "metric": "wallTime",
          "statistic": "median", "bound": 50000, "maxCV": 0.2, "embedder": ["ignored"] },
        { "id": "extra-bodies", "description": "no extra bodies",
          "benchmark": "BodyReruns/derived/spreads/readValueChanged", "metric": "extraBodies",
          "statistic": "value", "bound": 0 },
        { "id": "scaling", "description": "flat commits",
          "benchmark": "CommitScaling/derived/10000/untouched", "relativeTo": "CommitScaling/derived/10/untouched",
          "metric": "instructions", "statistic": "median", "bound": 1.5 }
      ],
      "baseline": [
        { "benchmarks": "PhaseRead/*", "tolerance": 0, "why": "hot" },
        { "benchmarks": "CommitScaling/stored/10", "tolerance": 0.01, "why": "a commit" }
      ]
    }
    """

    @Test func readsAValidFileFromDisk() throws {
        let url = try SampleResults.temporaryDirectory().appendingPathComponent("limits.json")
        try Data(Self.valid.utf8).write(to: url)
        let file = try LimitsFile.read(from: url)
        #expect(file.version == 4)
        #expect(file.limits.map(\.id) == ["phase-read", "extra-bodies", "scaling"])
        #expect(file.limits[2].relativeTo == "CommitScaling/derived/10/untouched")
        #expect(file.limits[0].statistic == .median)
        #expect(file.limits[0].bound == 50000)
        #expect(file.limits[0].maxCV == 0.2)
        #expect(file.limits[1].maxCV == nil)
        #expect(file.baselineTolerance(for: "PhaseRead/stored/Dashboard/tracked")?.why == "hot")
        #expect(file.baselineTolerance(for: "CommitScaling/stored/10")?.tolerance == 0.01)
        #expect(file.baselineTolerance(for: "CommitScaling/stored/100") == nil, "a name without a glob is whole")
    }

    @Test(arguments: [
        ("\"statistic\": \"median\"", "\"statistic\": \"p95\"", "$.limits[0].statistic"),
        ("\"bound\": 0", "\"bound\": \"zero\"", "$.limits[1].bound"),
        ("\"id\": \"extra-bodies\"", "\"id\": \"phase-read\"", "$.limits[1].id"),
        ("\"maxCV\": 0.2", "\"maxCV\": -1", "$.limits[0].maxCV"),
        ("\"benchmark\": \"PhaseRead/derived/*/tracked\"", "\"benchmark\": \"\"", "$.limits[0].benchmark"),
        ("\"bound\": 1.5", "\"bound\": 0", "$.limits[2].bound"),
        ("\"relativeTo\": \"CommitScaling/derived/10/untouched\"", "\"relativeTo\": \"\"", "$.limits[2].relativeTo"),
        ("\"tolerance\": 0.01", "\"tolerance\": -0.01", "$.baseline[1].tolerance"),
        ("\"benchmarks\": \"PhaseRead/*\"", "\"benchmarks\": \"\"", "$.baseline[0].benchmarks"),
    ])
    func namesTheJSONPathOfWhatIsWrong(replacing: String, with: String, path: String) throws {
        let text = Self.valid.replacingOccurrences(of: replacing, with: with)
        #expect(text != Self.valid)
        do {
            _ = try JSONFileDecoder.decode(LimitsFile.self, from: Data(text.utf8), file: "limits.json")
            Issue.record("expected an error")
        } catch {
            guard case .corrupt(let file, let found, _) = error else {
                Issue.record("expected .corrupt, got \(error)")
                return
            }
            #expect(file == "limits.json")
            #expect(found == path)
            #expect(error.description.hasPrefix("limits.json: \(path): "))
        }
    }

    @Test func rejectsAnotherVersionAndBrokenJSON() throws {
        let old = Self.valid.replacingOccurrences(of: "\"version\": 4", with: "\"version\": 3")
        #expect(throws: JSONFileError.unsupportedVersion(file: "l.json", key: "version", found: 3, supported: 4)) {
            try JSONFileDecoder.decode(LimitsFile.self, from: Data(old.utf8), file: "l.json")
        }
        #expect(throws: JSONFileError.self) {
            try JSONFileDecoder.decode(LimitsFile.self, from: Data(Self.valid.dropLast(3).utf8), file: "l.json")
        }
        let missing = try SampleResults.temporaryDirectory().appendingPathComponent("none.json")
        #expect(throws: JSONFileError.self) { try LimitsFile.read(from: missing) }
    }

    @Test(arguments: [
        ("PhaseRead/derived/*/tracked", "PhaseRead/derived/IssueDashboard/tracked", true),
        ("PhaseRead/derived/*/tracked", "PhaseRead/stored/IssueDashboard/tracked", false),
        ("PhaseRead/derived/*/tracked", "PhaseRead/derived/IssueDashboard/untracked", false),
        ("*", "anything/at/all", true),
        ("Read*Scaling/*", "ReadScaling/derived/100", true),
        ("ReadScaling/derived/100", "ReadScaling/derived/1000", false),
        ("a*b*c", "a-b-b-c", true),
        ("a*b*c", "a-b-c-d", false),
    ])
    func patternsSelectBenchmarks(pattern: String, name: String, selected: Bool) {
        let limit = Limit(id: "x", description: "", benchmark: pattern, metric: "wallTime", statistic: .median, bound: 1)
        #expect(limit.selects(name) == selected)
    }

    @Test func aRewrittenBoundChangesOneLine() throws {
        let url = try SampleResults.temporaryDirectory().appendingPathComponent("limits.json")
        try Data(Self.valid.utf8).write(to: url)
        var limits = try LimitsFile.read(from: url)
        let before = try #require(String(data: try limits.encoded(file: url.path), encoding: .utf8))
        limits.limits[0].bound = 40_000
        let after = try #require(String(data: try limits.encoded(file: url.path), encoding: .utf8))
        let changed = zip(before.split(separator: "\n"), after.split(separator: "\n")).filter { $0 != $1 }
        #expect(changed.count == 1 && changed.first?.1.contains("\"bound\" : 40000") == true)
        #expect(!before.contains("embedder"), "an embedding file's keys are not this file's")
    }
}
