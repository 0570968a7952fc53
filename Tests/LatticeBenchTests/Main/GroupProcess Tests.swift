import Foundation
import Testing
@testable import LatticeBench

/// Measuring each group of benchmarks in a process of its own: what the parent asks a child
/// to do, what a child measures, and how the parent gathers what the children left.
@Suite struct GroupProcessTests {
    @Test func aChildIsAskedForItsGroupWithTheRunsSelectionAndSampling() throws {
        var command = try BenchmarkCommandLine.parse(
            ["--quick", "--filter=Page/*", "--interleave", "Page/a|Page/b", "--samples", "25",
             "--time-budget", "0.5", "--format", "markdown", "--output", "run.md"])
        let child = try BenchmarkCommandLine.parse(command.childArguments(group: 3, output: "/tmp/g.json"))
        #expect(child.measureGroup == 3)
        #expect(child.format == .json && child.output == "/tmp/g.json")
        command.measureGroup = 3
        command.format = .json
        command.output = "/tmp/g.json"
        #expect(child == command, "the same selection and sampling, its own group and file")
    }

    @Test func theGroupFlagTakesAnIndexAndOnlyInTheMeasuringMode() {
        #expect(throws: CommandLineError.optionNeedsMode(option: GroupProcess.childFlag, mode: "the default (measure)")) {
            try BenchmarkCommandLine.parse(["--instructions", GroupProcess.childFlag, "0"])
        }
        #expect(throws: CommandLineError.invalidValue(option: GroupProcess.childFlag, value: "-1",
                                                      expected: "a whole number ≥ 0")) {
            try BenchmarkCommandLine.parse([GroupProcess.childFlag, "-1"])
        }
    }

    @Test @MainActor func aChildMeasuresItsGroupAloneAndAGroupItLacksFails() throws {
        let benchmarks = [Benchmark("a") {}, Benchmark("b") {}, Benchmark("c") {}]
        let selected = BenchmarkMain.selection(of: benchmarks, executable: "X", filter: nil)
        let child = try BenchmarkCommandLine.parse(["--quick", "--samples", "3", "--interleave", "X/[bc]",
                                                   GroupProcess.childFlag, "1"])
        let measured = session(child).measure(selected)
        #expect(measured.results.map(\.name) == ["X/b", "X/c"], "group 1 is b and c, taken in turn")
        #expect(!measured.failed)
        #expect(measured.configuration.harnessOverheadNanoseconds != nil)

        let beyond = try BenchmarkCommandLine.parse(["--quick", "--samples", "3", GroupProcess.childFlag, "3"])
        let nothing = session(beyond).measure(selected)
        #expect(nothing.failed && nothing.results.isEmpty, "three groups: 0, 1 and 2")
    }

    @Test @MainActor func theParentStartsAProcessAGroupAndKeepsWhatTheOthersMeasuredWhenOneFails() throws {
        let benchmarks = [Benchmark("a") {}, Benchmark("b") {}, Benchmark("c") {}, Benchmark("d") {}]
        let selected = BenchmarkMain.selection(of: benchmarks, executable: "X", filter: nil)
        let command = try BenchmarkCommandLine.parse(["--interleave", "X/[bc]"])
        var launched: [Int] = []
        var parent = session(command)
        parent.launchGroup = { index in
            launched.append(index)
            switch index {
            case 0: return Self.outcome(["X/a"], overhead: 900)
            case 1: return GroupProcess.Outcome(results: nil, failure: "its process was killed by signal 9")
            default: return Self.outcome(["X/d"], overhead: 1_100)
            }
        }
        let measured = parent.measure(selected)
        #expect(launched == [0, 1, 2], "one process for each of the three groups, in order")
        #expect(measured.results.map(\.name) == ["X/a", "X/d"])
        #expect(measured.results.map(\.harnessOverheadNanoseconds) == [900, 1_100],
                "each benchmark keeps the overhead its own process measured")
        #expect(measured.failed, "the group whose process died fails the run")
        #expect(measured.configuration.harnessOverheadNanoseconds == 1_100)
    }

    @Test @MainActor func oneGroupIsMeasuredInThisProcess() throws {
        let selected = BenchmarkMain.selection(of: [Benchmark("a") {}, Benchmark("b") {}], executable: "X", filter: "X/a")
        var parent = session(try BenchmarkCommandLine.parse(["--quick", "--samples", "3"]))
        var launched = 0
        parent.launchGroup = { _ in
            launched += 1
            return GroupProcess.Outcome(results: nil, failure: "not expected")
        }
        let measured = parent.measure(selected)
        #expect(launched == 0)
        #expect(measured.results.map(\.name) == ["X/a"] && !measured.failed)
    }

    @MainActor private func session(_ command: BenchmarkCommandLine) -> BenchmarkSession {
        BenchmarkSession(executable: "X", command: command, settings: BenchmarkMain.settings(for: command),
                         progress: Progress())
    }

    /// What a child that measured `names` leaves, having measured `overhead` ns a sample.
    private static func outcome(_ names: [String], overhead: Double) -> GroupProcess.Outcome {
        let results = names.map { name in
            BenchmarkResult(name: name, metrics: [(try? MetricResult(metric: .wallTime, samples: [1, 2, 3]))].compactMap { $0 },
                            iterationsPerSample: 1)
        }
        return GroupProcess.Outcome(
            results: ResultsFile(machine: Machine.current(), toolchain: nil, revision: nil,
                                 configuration: RunConfiguration(mode: .measure, harnessOverheadNanoseconds: overhead),
                                 benchmarks: results),
            failure: nil)
    }
}
