import Foundation
import LabTestSupport
import LatticeBench
import Testing
@testable import LatticeLab

@Suite struct HistoryTests {
    private func entry(_ commit: String, _ seconds: Double, figure: Double = 1) -> HistoryEntry {
        HistoryEntry(commit: commit, dirty: false, date: Date(timeIntervalSince1970: seconds), decision: "derivedShips",
                     figures: ["phase-read-largest/derived": figure])
    }

    @Test func addingTheSameRunReplacesItAndRunsStayInDateOrder() {
        let history = History().adding(entry("b", 200)).adding(entry("a", 100)).adding(entry("b", 200, figure: 2))
        #expect(history.entries.map(\.commit) == ["a", "b"])
        #expect(history.entries[1].figures["phase-read-largest/derived"] == 2)
    }

    @Test func roundTripsThroughItsFile() throws {
        let directory = try LabSamples.temporaryDirectory()
        let url = directory.appendingPathComponent("history.json")
        let history = History().adding(entry("a", 1_800_000_000))
        try AtomicFile.write(try history.encoded(), to: url.path)
        #expect(try History.read(from: url) == history)
        #expect(try History.read(from: directory.appendingPathComponent("absent.json")) == History())
    }

    @Test func aCorruptFileNamesWhere() throws {
        let url = try LabSamples.temporaryDirectory().appendingPathComponent("history.json")
        try Data(#"{"version": 1, "entries": [{"dirty": false, "date": 5}]}"#.utf8).write(to: url)
        #expect {
            try History.read(from: url)
        } throws: { error in
            guard case JSONFileError.corrupt(_, let path, _) = error else { return false }
            return path == "$.entries[0].date"
        }
        try Data(#"{"version": 2, "entries": []}"#.utf8).write(to: url)
        #expect(throws: JSONFileError.unsupportedVersion(file: url.path, key: "version", found: 2, supported: 1)) {
            try History.read(from: url)
        }
    }

    @Test func theRunsEntryCarriesItsLimitFiguresAndDecision() throws {
        let results = LabSamples.file(try LabSamples.limitBenchmarks(derivedRead: 20_000, derivedExtra: 0))
        let entry = try LabSamples.findings(results, ships: "derived").historyEntry()
        #expect(entry.decision == "derivedShips")
        #expect(entry.figures["commit-walks-none/rootVerdict"] == 0)
        #expect(entry.date == results.createdAt)
        #expect(entry.figures["extra-bodies-spreads-only/derived"] == 0)
        #expect(entry.figures["phase-read-largest/stored"] == 9)
        #expect(abs((entry.figures["phase-read-largest/derived"] ?? 0) - 20_000) < 1)
    }
}
