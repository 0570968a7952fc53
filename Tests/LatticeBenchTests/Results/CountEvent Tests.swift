import Foundation
import Testing
@testable import LatticeBench

/// The events behind a count (`MetricResult.events`): how they read, what a grown count added,
/// how they travel in a results file, and how a corrupt one is refused where it is.
@Suite struct CountEventTests {
    static let title = CountEvent(commit: 3, origin: "response", fields: ["Book.title"], body: "BookRow")
    static let phase = CountEvent(commit: 4, origin: "local update", fields: [], body: "Dashboard.phase")
    static let fetch = CountEvent(commit: nil, origin: nil, fields: [], body: "Dashboard.phase")

    /// `bodies` of one benchmark: `count` per operation, with `events` behind it.
    static func bodies(_ name: String, _ count: Double, _ events: [CountEvent]?) throws -> BenchmarkResult {
        var metric = try MetricResult(metric: .count("bodies"), samples: [count, count, count])
        metric.events = events
        return BenchmarkResult(name: name, metrics: [metric], iterationsPerSample: 4)
    }

    @Test func anEventReadsAsItsCommitFieldsAndBody() {
        #expect(Self.title.text == "commit 3 (response) → `Book.title` → BookRow")
        #expect(Self.phase.text == "commit 4 (local update) → Dashboard.phase")
        #expect(Self.fetch.text == "no commit → Dashboard.phase")
        let two = CountEvent(commit: 2, origin: nil, fields: ["Feed.summary", "Item.title"], body: nil)
        #expect(two.text == "commit 2 → `Feed.summary`, `Item.title`")
    }

    @Test func whatACountAddedIsMatchedByOriginFieldAndBodyNotByTheCommitsNumber() {
        let old = [Self.title, Self.phase]
        // One commit more, early: every number after it moved by one.
        let extra = CountEvent(commit: 3, origin: "local update", fields: ["User.name"], body: "Dashboard.phase")
        let moved = [extra, CountEvent(commit: 4, origin: "response", fields: ["Book.title"], body: "BookRow"),
                     CountEvent(commit: 5, origin: "local update", fields: [], body: "Dashboard.phase")]
        #expect(CountEvent.added(from: old, to: moved) == [extra])
        // Each old event matches one new one: the same event twice is one added.
        #expect(CountEvent.added(from: [Self.title], to: [Self.title, Self.title]) == [Self.title])
        #expect(CountEvent.added(from: old, to: old).isEmpty)
        // A commit is not `no commit`.
        #expect(CountEvent.added(from: [Self.phase], to: [Self.fetch]) == [Self.fetch])
    }

    @Test func aCountThatGrewNamesTheEventsTheBaselineLacksAndOneThatDidNotNamesNone() throws {
        let extra = CountEvent(commit: 5, origin: "local update", fields: ["User.name"], body: "Dashboard.phase")
        let old = try Self.bodies("BodyReruns/derived/Dashboard/verdictValue", 1, [Self.phase])
        let new = try Self.bodies("BodyReruns/derived/Dashboard/verdictValue", 2, [Self.phase, extra])
        #expect(CountEvent.added(from: old.metrics[0], to: new.metrics[0]) == [extra])
        #expect(CountEvent.added(from: new.metrics[0], to: old.metrics[0]).isEmpty, "it fell")
        let without = try Self.bodies("BodyReruns/derived/Dashboard/verdictValue", 1, nil)
        #expect(CountEvent.added(from: without.metrics[0], to: new.metrics[0]).isEmpty, "an older file tells nothing")

        let comparison = try ResultsComparison(baseline: SampleResults.file(benchmarks: [old]),
                                               candidate: SampleResults.file(benchmarks: [new]))
        let row = try #require(comparison.rows.first)
        #expect(row.comparison.outcome == .regression)
        #expect(row.addedEvents == [extra])
        let text = ComparisonRenderer().terminal(comparison)
        #expect(text.contains("BodyReruns/derived/Dashboard/verdictValue bodies: 1 → 2; the events the baseline lacks:"))
        #expect(text.contains("  commit 5 (local update) → `User.name` → Dashboard.phase"))
        #expect(ComparisonRenderer().markdown(comparison).contains("- commit 5 (local update) → `User.name` → Dashboard.phase"))
    }

    @Test func eventsTravelInAResultsFileAndAFileWithoutThemStillReads() throws {
        let file = try SampleResults.file(benchmarks: [try Self.bodies("BodyReruns/derived/Dashboard/verdictValue", 2,
                                                                       [Self.title, Self.fetch])])
        let read = try JSONFileDecoder.decode(ResultsFile.self, from: try file.encoded(), file: "r.json")
        #expect(read.benchmarks[0].metrics[0].events == [Self.title, Self.fetch])
        let older = try SampleResults.file()
        let text = String(decoding: try older.encoded(), as: UTF8.self)
        #expect(!text.contains("\"events\""))
        #expect(try JSONFileDecoder.decode(ResultsFile.self, from: Data(text.utf8), file: "r.json") == older)
    }

    @Test func aCorruptEventIsRefusedWhereItIs() throws {
        let file = try SampleResults.file(benchmarks: [try Self.bodies("BodyReruns/derived/Dashboard/verdictValue", 2,
                                                                       [Self.phase, Self.title])])
        let text = String(decoding: try file.encoded(), as: UTF8.self)
        func refusal(_ broken: String) -> (path: String, reason: String)? {
            do {
                _ = try JSONFileDecoder.decode(ResultsFile.self, from: Data(broken.utf8), file: "r.json")
            } catch {
                if case .corrupt(_, let path, let reason) = error { return (path, reason) }
            }
            return nil
        }
        let numberedZero = refusal(text.replacingOccurrences(of: "\"commit\" : 3", with: "\"commit\" : 0"))
        #expect(numberedZero?.path == "$.benchmarks[0].metrics[0].events[1].commit")
        let mistyped = refusal(text.replacingOccurrences(of: "\"body\" : \"BookRow\"", with: "\"body\" : 7"))
        #expect(mistyped?.path == "$.benchmarks[0].metrics[0].events[1].body")
        let emptyField = refusal(text.replacingOccurrences(of: "\"Book.title\"", with: "\"\""))
        #expect(emptyField?.path == "$.benchmarks[0].metrics[0].events[1].fields[0]")
    }
}
