import Foundation
import Testing
@testable import LatticeBench

@Suite struct ResultsFileMergeTests {
    @Test func concatenatesBenchmarksAndKeepsEachOverhead() throws {
        var first = try SampleResults.file(createdAt: Date(timeIntervalSince1970: 2_000),
                                           benchmarks: [try SampleResults.benchmark("A/x", nanoseconds: 10)])
        var second = try SampleResults.file(createdAt: Date(timeIntervalSince1970: 1_000),
                                            benchmarks: [try SampleResults.benchmark("B/y", nanoseconds: 20)])
        first.configuration.harnessOverheadNanoseconds = 20
        second.configuration.harnessOverheadNanoseconds = 30
        second.revision?.dirty = true
        second.machine.loadAverage = LoadAverage(oneMinute: 1.5, fiveMinutes: 1, fifteenMinutes: 1)

        let merged = try ResultsFile.merged([first, second])
        #expect(merged.benchmarks.map(\.name) == ["A/x", "B/y"])
        #expect(merged.benchmarks.map(\.harnessOverheadNanoseconds) == [20, 30])
        #expect(merged.configuration.harnessOverheadNanoseconds == nil)
        #expect(merged.configuration.maxSamples == 101)
        #expect(merged.configuration.mode == .measure)
        #expect(merged.createdAt == Date(timeIntervalSince1970: 1_000))
        #expect(merged.machine.loadAverage?.oneMinute == 1.5)
        #expect(merged.revision?.dirty == true)
    }

    @Test func refusesDuplicatesDifferentCommitsAndNothing() throws {
        let one = try SampleResults.file()
        #expect(throws: JSONFileError.duplicateBenchmark(name: "Example/sum/10")) {
            try ResultsFile.merged([one, one])
        }
        let other = try SampleResults.file(commit: "feedface",
                                           benchmarks: [try SampleResults.benchmark("C/z", nanoseconds: 5)])
        #expect(throws: JSONFileError.incompatible(
            field: "revision", first: "0123456789abcdef0123456789abcdef01234567", other: "feedface")) {
            try ResultsFile.merged([one, other])
        }
        #expect(throws: JSONFileError.nothingToMerge) { try ResultsFile.merged([]) }
    }

    @Test func refusesResultsFromAnotherMachine() throws {
        let one = try SampleResults.file()
        var other = try SampleResults.file(benchmarks: [try SampleResults.benchmark("C/z", nanoseconds: 5)])
        other.machine.cores = 64
        #expect(throws: JSONFileError.self) { try ResultsFile.merged([one, other]) }
    }
}
