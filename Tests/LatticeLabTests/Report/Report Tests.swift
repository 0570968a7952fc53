import Foundation
import LabTestSupport
import LatticeBench
import Testing
@testable import LatticeLab

@Suite struct ReportTests {
    /// 0 when the report was written, 1 when it refused its input (as `lattice report` exits).
    private func report(_ directory: URL, results: String, limits: String = LabSamples.limitsURL.path) -> Int32 {
        let paths = Report.Paths(results: results, limits: limits,
                                 page: directory.appendingPathComponent("BENCHMARKS.md").path,
                                 dashboard: directory.appendingPathComponent("dashboards").path,
                                 history: directory.appendingPathComponent("dashboards/history.json").path)
        do {
            try Report.write(paths, suite: FixtureSuite(), runtimeDefault: "stored")
            return 0
        } catch {
            return 1
        }
    }

    /// The gate for results, limits and an optional baseline, as files.
    private func releaseGate(_ results: String, _ limits: String, baseline: String? = nil,
                             runtimeDefault: String) throws -> ReleaseGate {
        try ReleaseGate(results: try LabFiles.results(results), limits: try LabFiles.limits(limits),
                        runtimeDefault: runtimeDefault, baseline: try baseline.map { ($0, try LabFiles.results($0)) })
    }

    /// The gate's exit status for results, limits and an optional baseline, as files.
    private func gate(_ results: String, _ limits: String, baseline: String? = nil, runtimeDefault: String) throws -> Int32 {
        try releaseGate(results, limits, baseline: baseline, runtimeDefault: runtimeDefault).status.rawValue
    }

    @Test func writesThePageDashboardAndHistoryAndRegeneratesThemByteForByte() throws {
        let directory = try LabSamples.temporaryDirectory()
        #expect(report(directory, results: LabSamples.sampleResultsURL.path) == 0)
        let files = ["BENCHMARKS.md", "dashboards/index.html", "dashboards/history.json"]
        let first = try files.map { try Data(contentsOf: directory.appendingPathComponent($0)) }
        #expect(report(directory, results: LabSamples.sampleResultsURL.path) == 0)
        let second = try files.map { try Data(contentsOf: directory.appendingPathComponent($0)) }
        #expect(first == second)
        let history = try History.read(from: directory.appendingPathComponent("dashboards/history.json"))
        #expect(history.entries.count == 1)
        let html = String(decoding: first[1], as: UTF8.self)
        #expect(html.contains("<svg") && !html.contains("http://") || html.contains("http://www.w3.org/2000/svg"))
        #expect(!html.contains("<script src") && !html.contains("<link "), "self-contained: nothing loaded")
    }

    @Test func theSameResultsRenderTheSameBytesFromTwoCheckouts() throws {
        /// A checkout of the lab's files under a temporary folder, rendered as `lattice bench`
        /// renders the committed report (the results' copy, the baseline, paths under the root).
        func render() throws -> (root: String, files: [Data]) {
            let root = try LabSamples.temporaryDirectory()
            let results = root.appendingPathComponent("results")
            let spec = root.appendingPathComponent("spec")
            for folder in [results, spec] {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            try FileManager.default.copyItem(at: LabSamples.sampleResultsURL,
                                             to: results.appendingPathComponent("baseline.json"))
            try FileManager.default.copyItem(at: LabSamples.limitsURL, to: spec.appendingPathComponent("limits.json"))
            let paths = Report.Paths(results: LabSamples.sampleResultsURL.path,
                                     limits: spec.appendingPathComponent("limits.json").path,
                                     page: root.appendingPathComponent("BENCHMARKS.md").path,
                                     dashboard: root.appendingPathComponent("dashboards").path,
                                     resultsCopy: results.appendingPathComponent("latest.json").path,
                                     baseline: results.appendingPathComponent("baseline.json").path,
                                     root: root.path)
            try Report.write(paths, suite: FixtureSuite(), runtimeDefault: "stored")
            let files = try ["BENCHMARKS.md", "dashboards/index.html"].map {
                try Data(contentsOf: root.appendingPathComponent($0))
            }
            return (root.path, files)
        }
        let first = try render()
        let second = try render()
        #expect(first.root != second.root)
        #expect(first.files == second.files)
        let page = String(decoding: first.files[0], as: UTF8.self)
        #expect(page.contains("from `results/latest.json` and `spec/limits.json`"))
        for text in first.files.map({ String(decoding: $0, as: UTF8.self) }) {
            #expect(!text.contains(first.root), "no path of the checkout that rendered it")
        }
    }

    @Test func aPathUnderTheRootIsShownRelativeAndAnyOtherAsGiven() {
        let paths = Report.Paths(results: "", limits: "", page: "", dashboard: "", root: "/checkout/lattice")
        #expect(paths.shown("/checkout/lattice/results/baseline.json") == "results/baseline.json")
        #expect(paths.shown("/checkout/lattice/spec/../results/latest.json") == "results/latest.json")
        #expect(paths.shown("/checkout/lattice-other/results/latest.json") == "/checkout/lattice-other/results/latest.json")
        #expect(paths.shown("results/latest.json") == "results/latest.json")
        #expect(Report.Paths(results: "", limits: "", page: "", dashboard: "").shown("/a/b.json") == "/a/b.json")
    }

    @Test func corruptInputsExitOneAndLeaveTheOutputsAsTheyWere() throws {
        let directory = try LabSamples.temporaryDirectory()
        let out = directory.appendingPathComponent("BENCHMARKS.md")
        try Data("previous\n".utf8).write(to: out)
        let corrupt = directory.appendingPathComponent("corrupt.json")
        try Data(#"{"schemaVersion": 1, "benchmarks": ["#.utf8).write(to: corrupt)
        #expect(report(directory, results: corrupt.path) == 1)
        let badLimits = directory.appendingPathComponent("limits.json")
        try Data(#"{"version": 2, "chain": [], "ships": "", "limits": []}"#.utf8).write(to: badLimits)
        #expect(report(directory, results: LabSamples.sampleResultsURL.path, limits: badLimits.path) == 1)
        let badHistory = directory.appendingPathComponent("dashboards/history.json")
        try FileManager.default.createDirectory(at: badHistory.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try Data("[]".utf8).write(to: badHistory)
        #expect(report(directory, results: LabSamples.sampleResultsURL.path) == 1)
        #expect(try String(contentsOf: out, encoding: .utf8) == "previous\n")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("dashboards/index.html").path))
        #expect(try String(contentsOf: badHistory, encoding: .utf8) == "[]")
    }

    /// The limit benchmarks of every strategy with `derived` failing its read and `rootVerdict`
    /// reading in `rootVerdictRead`.
    private func benchmarks(rootVerdictRead: Double = 3_000) throws -> [BenchmarkResult] {
        var benchmarks = try LabSamples.limitBenchmarks(derivedRead: 80_000, derivedExtra: 0)
        let read = "PhaseRead/rootVerdict/Dashboard/tracked"
        benchmarks.removeAll { $0.name == read }
        return benchmarks + [try LabSamples.timed(read, rootVerdictRead)]
    }

    @Test func theGateJudgesTheRuntimesStrategyAndExitsThreeTwoOrZero() throws {
        let shipped = "rootVerdict"
        let directory = try LabSamples.temporaryDirectory()
        func write(read: Double, to name: String) throws -> String {
            let url = directory.appendingPathComponent(name)
            try LabSamples.file(try benchmarks(rootVerdictRead: read)).write(to: url)
            return url.path
        }
        let slow = try write(read: 80_000, to: "slow.json")
        let fast = try write(read: 20_000, to: "fast.json")
        let faster = try write(read: 15_000, to: "faster.json")
        let limits = directory.appendingPathComponent("limits.json")
        try JSONEncoder().encode(LabSamples.limits(ships: shipped)).write(to: limits)
        #expect(try gate(slow, limits.path, runtimeDefault: shipped) == 3, "rootVerdict fails: the chain ships stored")
        #expect(try gate(fast, limits.path, runtimeDefault: shipped) == 0)
        #expect(try gate(fast, limits.path, baseline: faster, runtimeDefault: shipped) == 2)
        #expect(try gate(slow, limits.path, baseline: faster, runtimeDefault: shipped) == 3,
                "a failed limit outranks a regression")
        try JSONEncoder().encode(LabSamples.limits(ships: "stored")).write(to: limits)
        #expect(try gate(fast, limits.path, runtimeDefault: "stored") == 3,
                "the limits file must ship what the run decides")
        try JSONEncoder().encode(LabSamples.limits(ships: shipped)).write(to: limits)
        #expect(try gate(fast, limits.path, runtimeDefault: "stored") == 3,
                "the limits file must ship what the runtime ships")
    }

    @Test func theGateAndCompareNeverPassWhatTheyCannotJudge() throws {
        let shipped = "rootVerdict"
        let directory = try LabSamples.temporaryDirectory()
        func write(_ benchmarks: [BenchmarkResult], filter: String? = nil, to name: String) throws -> String {
            var file = LabSamples.file(benchmarks)
            file.configuration.filter = filter
            let url = directory.appendingPathComponent(name)
            try file.write(to: url)
            return url.path
        }
        let limitBenchmarks = try benchmarks()
        let results = try write(limitBenchmarks, to: "results.json")
        let empty = try write([], to: "empty.json")
        let larger = try write(limitBenchmarks + [try LabSamples.timed("CommitScaling/derived/10", 2_000)],
                               to: "larger.json")
        let filtered = try write(limitBenchmarks, filter: "untouched", to: "filtered.json")
        let limits = directory.appendingPathComponent("limits.json")
        try JSONEncoder().encode(LabSamples.limits(ships: shipped)).write(to: limits)

        #expect(try gate(results, limits.path, baseline: results, runtimeDefault: shipped) == 0)
        let againstEmpty = try releaseGate(results, limits.path, baseline: empty, runtimeDefault: shipped)
        #expect(againstEmpty.status == .couldNotRun, "a baseline with no benchmarks never passes")
        #expect(againstEmpty.lines.last == "NOT JUDGED: against \(empty): the baseline holds no benchmarks "
                + "(the candidate holds \(limitBenchmarks.count))")
        #expect(try gate(empty, limits.path, runtimeDefault: shipped) == 1, "no benchmarks: 1, not an undecided limit's 3")
        #expect(try releaseGate(empty, limits.path, runtimeDefault: shipped).lines.last
                == "NOT JUDGED: the results hold no benchmarks")
        let lacking = try releaseGate(results, limits.path, baseline: larger, runtimeDefault: shipped)
        #expect(lacking.status == .couldNotRun)
        #expect(lacking.lines.contains("NOT JUDGED: against \(larger): missing from the candidate: CommitScaling/derived/10"))
        #expect(try gate(larger, limits.path, baseline: results, runtimeDefault: shipped) == 1)
        #expect(try gate(filtered, limits.path, baseline: larger, runtimeDefault: shipped) == 0,
                "results filtered to 'untouched' are not expected to hold what the filter leaves out")

        let compared = try RoundsComparison(baselinePaths: [empty], candidatePaths: [results])
        #expect(compared.comparison.exitStatus == .couldNotRun)
        #expect(compared.markdown.contains("- NOT JUDGED: the baseline holds no benchmarks (the candidate holds "
                                           + "\(limitBenchmarks.count))"))
        #expect(try RoundsComparison(baselinePaths: [larger], candidatePaths: [results]).comparison.exitStatus == .couldNotRun)
        #expect(try RoundsComparison(baselinePaths: [results], candidatePaths: [results]).comparison.exitStatus == .ok)
    }

    @Test func aFullRunWritesItsDecisionIntoTheLimitsFileWithTheOtherOutputs() throws {
        let directory = try LabSamples.temporaryDirectory()
        let results = directory.appendingPathComponent("results.json")
        try LabSamples.file(try benchmarks()).write(to: results)
        let limits = directory.appendingPathComponent("limits.json")
        try LabSamples.limits(ships: "stored").encoded(file: limits.path).write(to: limits)
        let page = directory.appendingPathComponent("BENCHMARKS.md")
        let paths = Report.Paths(results: results.path, limits: limits.path, page: page.path,
                                 dashboard: directory.appendingPathComponent("dashboards").path, recordsShips: true)
        let gate = try Report.write(paths, suite: FixtureSuite(), runtimeDefault: "rootVerdict")
        #expect(gate.decision.decidedStrategy == "rootVerdict")
        #expect(try LabLimits.read(from: limits).ships == "rootVerdict", "ships is computed, never typed")
        #expect(gate.status == .ok, "judged as the file now says")
        #expect(try String(contentsOf: page, encoding: .utf8).contains("The release ships `rootVerdict`"))
        let unrecorded = Report.Paths(results: results.path, limits: limits.path, page: page.path,
                                      dashboard: directory.appendingPathComponent("dashboards").path)
        try LabSamples.limits(ships: "stored").encoded(file: limits.path).write(to: limits)
        try Report.write(unrecorded, suite: FixtureSuite(), runtimeDefault: "rootVerdict")
        #expect(try LabLimits.read(from: limits).ships == "stored", "only a full run records what ships")
    }

    /// Every file under `directory` (hidden ones included) with its bytes, by relative path.
    private func snapshot(_ directory: URL) throws -> [String: Data] {
        let root = directory.resolvingSymlinksInPath().path
        var files: [String: Data] = [:]
        guard let walk = FileManager.default.enumerator(atPath: root) else { return files }
        for case let path as String in walk {
            var isFolder: ObjCBool = false
            let full = root + "/" + path
            if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = try Data(contentsOf: URL(fileURLWithPath: full))
            } else {
                files[path + "/"] = Data()
            }
        }
        return files
    }

    /// A directory holding a previous report's outputs: the page, the results copy, the
    /// history (outside the dashboard) and the dashboard with its flamegraph; and the paths of
    /// a new report into them, with a flamegraph to embed.
    private func previousReport() throws -> (directory: URL, paths: Report.Paths) {
        let directory = try LabSamples.temporaryDirectory()
        let inputs = directory.appendingPathComponent("inputs")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        let svg = inputs.appendingPathComponent("flamegraph.svg")
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8).write(to: svg)
        let paths = Report.Paths(results: LabSamples.sampleResultsURL.path, limits: LabSamples.limitsURL.path,
                                 page: directory.appendingPathComponent("BENCHMARKS.md").path,
                                 dashboard: directory.appendingPathComponent("dashboards").path,
                                 history: directory.appendingPathComponent("history.json").path,
                                 flamegraph: svg.path,
                                 resultsCopy: directory.appendingPathComponent("results/latest.json").path)
        try Report.write(paths, suite: FixtureSuite(), runtimeDefault: "stored")
        return (directory, paths)
    }

    @Test func theOutputsAreWrittenAsOneSetWithTheResultsAndTheFlamegraph() throws {
        let (directory, paths) = try previousReport()
        let files = try snapshot(directory)
        #expect(files["results/latest.json"] == (try Data(contentsOf: LabSamples.sampleResultsURL)))
        #expect(files["dashboards/flamegraph.svg"] == files["inputs/flamegraph.svg"])
        #expect(files["dashboards/index.html"] != nil && files["history.json"] != nil)
        let page = String(decoding: files["BENCHMARKS.md"] ?? Data(), as: UTF8.self)
        #expect(page.contains("from `\(paths.resultsCopy ?? "")`"), "the page names the copy it sits beside")
        #expect(!files.keys.contains { $0.hasSuffix(".staged") || $0.hasSuffix(".previous") }, "\(files.keys)")
    }

    @Test func aDashboardThatCannotBeWrittenLeavesEveryOutputAsItWas() throws {
        let (directory, previous) = try previousReport()
        var paths = previous
        // The dashboard's folder is a file: staging index.html fails after BENCHMARKS.md and
        // the results copy were staged.
        let blocked = directory.appendingPathComponent("blocked")
        try Data("a file, not a folder\n".utf8).write(to: blocked)
        paths.dashboard = blocked.path
        paths.results = try writeOtherResults(in: directory)
        let before = try snapshot(directory)
        #expect(throws: JSONFileError.self) { try Report.write(paths, suite: FixtureSuite(), runtimeDefault: "stored") }
        #expect(try snapshot(directory) == before, "BENCHMARKS.md, the results copy and the history untouched")
    }

    @Test func aTargetThatCannotBeReplacedPutsBackTheOnesAlreadyReplaced() throws {
        let (directory, previous) = try previousReport()
        var paths = previous
        // index.html is renamed after the results copy, BENCHMARKS.md and the flamegraph; a
        // folder in its place stages fine but makes that rename fail once those were replaced.
        let dashboard = directory.appendingPathComponent("other-dashboard")
        try FileManager.default.createDirectory(at: dashboard.appendingPathComponent("index.html/inside"),
                                                withIntermediateDirectories: true)
        try Data("previous flamegraph\n".utf8).write(to: dashboard.appendingPathComponent("flamegraph.svg"))
        paths.dashboard = dashboard.path
        paths.results = try writeOtherResults(in: directory)
        let before = try snapshot(directory)
        #expect(throws: JSONFileError.self) { try Report.write(paths, suite: FixtureSuite(), runtimeDefault: "stored") }
        #expect(try snapshot(directory) == before)
    }

    @Test func resultsWithNoBenchmarksAreRefused() throws {
        let (directory, previous) = try previousReport()
        var paths = previous
        let empty = directory.appendingPathComponent("inputs/empty.json")
        try LabSamples.file([]).write(to: empty)
        paths.results = empty.path
        let before = try snapshot(directory)
        #expect(throws: JSONFileError.corrupt(file: empty.path, path: "$.benchmarks", reason: "holds no benchmarks")) {
            try Report.write(paths, suite: FixtureSuite(), runtimeDefault: "stored")
        }
        #expect(try snapshot(directory) == before)
    }

    /// The sample results at another commit, so every output of a report of them would differ.
    private func writeOtherResults(in directory: URL) throws -> String {
        var results = try LabFiles.results(LabSamples.sampleResultsURL.path)
        results.revision = SourceRevision(commit: "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", dirty: false)
        results.createdAt = Date(timeIntervalSince1970: 1_900_000_000)
        let url = directory.appendingPathComponent("inputs/other.json")
        try results.write(to: url)
        return url.path
    }
}
