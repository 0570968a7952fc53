import Foundation
import LatticeBench
import Testing
@testable import LatticeLab

/// The suite fails closed: what used to be scripts/lab/check_fail_closed.sh, over executables
/// that crash, trap, forget a benchmark or write garbage on purpose.
@Suite struct SuiteRunnerTests {
    private func run(_ kinds: [(String, FakeSuite.Kind)], filter: String? = nil,
                     mode: SuitePass.Mode = .measure) throws -> Result<SuiteRunner.Output, SuiteFailure> {
        let fakes = try FakeSuite(Dictionary(uniqueKeysWithValues: kinds))
        defer { fakes.remove() }
        return Result { () throws(SuiteFailure) in
            try fakes.runner.run(FakeSuite.executables(kinds.map(\.0)), SuitePass(mode: mode, quick: true, filter: filter),
                                 into: fakes.folder.appendingPathComponent("out"))
        }
    }

    private func failure(_ result: Result<SuiteRunner.Output, SuiteFailure>) -> SuiteFailure? {
        if case .failure(let failure) = result { failure } else { nil }
    }

    @Test func anExecutableKilledBySignalFailsTheRunNamingWhatDidNotReport() throws {
        let failure = failure(try run([("Fine", .fine), ("Segfaults", .segfaults), ("Later", .fine)], filter: "a"))
        #expect(failure == .executableFailed(executable: "Segfaults", how: "was killed by SIGSEGV (signal 11)",
                                             unreported: ["Segfaults/alpha", "Segfaults/beta"], notRun: ["Later"]))
        #expect(failure?.description.contains("benchmarks of Segfaults that did not report (2):\n    Segfaults/alpha") == true)
        #expect(failure?.description.hasSuffix("not run: Later") == true)
    }

    @Test func aTrapWithAFilterNamesOnlyTheSelectedBenchmarks() throws {
        let failure = failure(try run([("Traps", .traps)], filter: "beta"))
        #expect(failure == .executableFailed(executable: "Traps", how: "was killed by SIGTRAP (signal 5)",
                                             unreported: ["Traps/beta"], notRun: []))
    }

    @Test func anExecutableThatExitsZeroWithoutReportingFails() throws {
        #expect(failure(try run([("Fine", .fine), ("Forgets", .forgets)]))
                == .unreported(executable: "Forgets", names: ["Forgets/beta"], notRun: []))
    }

    @Test func aFilterThatSelectsNothingAnywhereFailsBeforeAnythingRuns() throws {
        #expect(failure(try run([("Fine", .fine), ("Segfaults", .segfaults)], filter: "zzz"))
                == .nothingSelected(filter: "zzz", executables: ["Fine", "Segfaults"]))
    }

    @Test func anExecutableWithNothingSelectedIsSkipped() throws {
        let output = try run([("Fine", .fine), ("Segfaults", .segfaults)], filter: "Fine/").get()
        #expect(output.files.map(\.executable) == ["Fine"])
    }

    @Test func aListingThatFailsFailsTheRun() throws {
        #expect(failure(try run([("Fine", .fine), ("Lists", .listingFails)]))
                == .listingFailed(executable: "Lists", how: "exited with status 1"))
    }

    @Test func unreadableResultsFailTheRunNamingTheExecutable() throws {
        guard case .unreadableResults(let executable, _) = failure(try run([("Corrupts", .corrupts)])) else {
            Issue.record("corrupt results were taken")
            return
        }
        #expect(executable == "Corrupts")
    }

    @Test func aMissingExecutableFailsTheRun() throws {
        let fakes = try FakeSuite(["Fine": .fine])
        defer { fakes.remove() }
        #expect(throws: SuiteFailure.missingExecutable(name: "Absent", folder: fakes.bin.path)) {
            try fakes.runner.run(FakeSuite.executables(["Fine", "Absent"]), SuitePass(mode: .measure, quick: true),
                                 into: fakes.folder.appendingPathComponent("out"))
        }
    }

    @Test func everyReportedBenchmarkArrivesInTheResults() throws {
        let fakes = try FakeSuite(["Fine": .fine, "Other": .fine])
        defer { fakes.remove() }
        let output = try fakes.runner.run(FakeSuite.executables(["Fine", "Other"]), SuitePass(mode: .measure, quick: true),
                                          into: fakes.folder.appendingPathComponent("out"))
        let names = try output.files.flatMap { try ResultsFile.read(from: $0.url).benchmarks.map(\.name) }
        #expect(names == ["Fine/alpha", "Fine/beta", "Other/alpha", "Other/beta"])
    }

    @Test func profilesMustWriteAFlamegraphForEveryListedBenchmark() throws {
        #expect(try run([("Profiles", .profiles)], mode: .profile).get().files.map(\.executable) == ["Profiles"])
        // An executable that exits 0 in profile mode but writes no SVG did not profile.
        #expect(failure(try run([("Fine", .fine)], filter: "alpha", mode: .profile))
                == .unreported(executable: "Fine", names: ["Fine/alpha"], notRun: []))
    }
}
