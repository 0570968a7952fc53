import Foundation
import LatticeBench
import Testing
@testable import LatticeCLI

@Suite struct ReportCommandTests {
    private func report(_ directory: URL, results: String, limits: String = LabSamples.limitsURL.path,
                        history: Bool = true) throws -> Int32 {
        var arguments = ["--results", results, "--limits", limits,
                         "--out", directory.appendingPathComponent("BENCHMARKS.md").path,
                         "--dashboard", directory.appendingPathComponent("dashboards").path]
        if history { arguments += ["--history", directory.appendingPathComponent("dashboards/history.json").path] }
        return try reportCommand.run(arguments)
    }

    @Test func writesTheDocumentDashboardAndHistoryAndRegeneratesThemByteForByte() throws {
        let directory = try LabSamples.temporaryDirectory()
        #expect(try report(directory, results: LabSamples.sampleResultsURL.path) == 0)
        let files = ["BENCHMARKS.md", "dashboards/index.html", "dashboards/history.json"]
        let first = try files.map { try Data(contentsOf: directory.appendingPathComponent($0)) }
        #expect(try report(directory, results: LabSamples.sampleResultsURL.path) == 0)
        let second = try files.map { try Data(contentsOf: directory.appendingPathComponent($0)) }
        #expect(first == second)
        let history = try History.read(from: directory.appendingPathComponent("dashboards/history.json"))
        #expect(history.entries.count == 1)
        let html = String(decoding: first[1], as: UTF8.self)
        #expect(html.contains("<svg") && !html.contains("http://") || html.contains("http://www.w3.org/2000/svg"))
        #expect(!html.contains("<script src") && !html.contains("<link "), "self-contained: nothing loaded")
    }

    @Test func corruptInputsExitOneAndLeaveTheOutputsAsTheyWere() throws {
        let directory = try LabSamples.temporaryDirectory()
        let out = directory.appendingPathComponent("BENCHMARKS.md")
        try Data("previous\n".utf8).write(to: out)
        let corrupt = directory.appendingPathComponent("corrupt.json")
        try Data(#"{"schemaVersion": 1, "benchmarks": ["#.utf8).write(to: corrupt)
        #expect(try report(directory, results: corrupt.path) == 1)
        let badLimits = directory.appendingPathComponent("limits.json")
        try Data(#"{"version": 1, "ships": "", "limits": []}"#.utf8).write(to: badLimits)
        #expect(try report(directory, results: LabSamples.sampleResultsURL.path, limits: badLimits.path) == 1)
        let badHistory = directory.appendingPathComponent("dashboards/history.json")
        try FileManager.default.createDirectory(at: badHistory.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try Data("[]".utf8).write(to: badHistory)
        #expect(try report(directory, results: LabSamples.sampleResultsURL.path) == 1)
        #expect(try String(contentsOf: out, encoding: .utf8) == "previous\n")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("dashboards/index.html").path))
        #expect(try String(contentsOf: badHistory, encoding: .utf8) == "[]")
    }

    @Test func missingArgumentsAreAUsageError() {
        #expect(throws: CommandError.self) { try reportCommand.run(["--results", "x.json"]) }
        #expect(throws: CommandError.self) { try reportCommand.run(["--results", "x", "--results", "y"]) }
        #expect(throws: CommandError.self) { try gateCommand.run(["stray"]) }
    }

    @Test func theGateJudgesTheRuntimesStrategyAndExitsThreeTwoOrZero() throws {
        let shipped = Decision.runtimeShipped
        let directory = try LabSamples.temporaryDirectory()
        func write(read: Double, to name: String) throws -> String {
            let url = directory.appendingPathComponent(name)
            try LabSamples.file([try LabSamples.timed("PhaseRead/\(shipped)/Dashboard/tracked", read),
                                 try LabSamples.counted("BodyReruns/\(shipped)/IssueScreen/verdictValue",
                                                        ["extraBodies": 0])]).write(to: url)
            return url.path
        }
        let slow = try write(read: 80_000, to: "slow.json")
        let fast = try write(read: 20_000, to: "fast.json")
        let faster = try write(read: 15_000, to: "faster.json")
        let limits = directory.appendingPathComponent("limits.json")
        try JSONEncoder().encode(LabSamples.limits(ships: shipped)).write(to: limits)
        #expect(try gateCommand.run(["--results", slow, "--limits", limits.path]) == 3)
        #expect(try gateCommand.run(["--results", fast, "--limits", limits.path]) == 0)
        #expect(try gateCommand.run(["--results", fast, "--limits", limits.path, "--baseline", faster]) == 2)
        #expect(try gateCommand.run(["--results", slow, "--limits", limits.path, "--baseline", faster]) == 3,
                "a failed limit outranks a regression")
        let other = shipped == "stored" ? "derived" : "stored"
        try JSONEncoder().encode(LabSamples.limits(ships: other)).write(to: limits)
        let both = directory.appendingPathComponent("both.json")
        try LabSamples.file([try LabSamples.timed("PhaseRead/\(other)/Dashboard/tracked", 20_000),
                             try LabSamples.counted("BodyReruns/\(other)/IssueScreen/verdictValue",
                                                    ["extraBodies": 0])]).write(to: both)
        #expect(try gateCommand.run(["--results", both.path, "--limits", limits.path]) == 3,
                "the limits file must ship what the runtime ships")
    }
}
