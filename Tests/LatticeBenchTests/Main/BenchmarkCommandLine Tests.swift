import Testing
@testable import LatticeBench

@Suite struct BenchmarkCommandLineTests {
    @Test func optionsTakeSeparateOrInlineValues() throws {
        let command = try BenchmarkCommandLine.parse(
            ["--quick", "--filter=sum*", "--format", "json", "--samples", "25", "--time-budget=0.5",
             "--output", "out.json"])
        var expected = BenchmarkCommandLine()
        expected.quick = true
        expected.filter = "sum*"
        expected.format = .json
        expected.samples = 25
        expected.timeBudgetSeconds = 0.5
        expected.output = "out.json"
        #expect(command == expected)
        #expect(try BenchmarkCommandLine.parse(["--format", "github"]).format == .githubActionBenchmark)
        #expect(try BenchmarkCommandLine.parse(["--format=github-action-benchmark"]).format
                == .githubActionBenchmark)
    }

    @Test func helpHasAShortForm() throws {
        #expect(try BenchmarkCommandLine.parse(["-h"]).help)
        #expect(try BenchmarkCommandLine.parse(["--help"]).help)
        #expect(throws: CommandLineError.unexpectedArgument("-q")) { try BenchmarkCommandLine.parse(["-q"]) }
    }

    @Test func modes() throws {
        #expect(try BenchmarkCommandLine.parse([]).mode == .measure)
        #expect(try BenchmarkCommandLine.parse(["--instructions"]).mode == .instructions)
        #expect(try BenchmarkCommandLine.parse(["--profile", "--profile"]).mode == .profile)
        #expect(try BenchmarkCommandLine.parse(["--instructions", "--hash-seeds=6"]).hashSeeds == 6)
        #expect(try BenchmarkCommandLine.parse(["--instructions", "--heap-layouts", "1"]).heapLayouts == 1)
    }

    @Test(arguments: [
        (["--fast"], CommandLineError.unknownOption("--fast")),
        (["--filter"], .missingValue(option: "--filter")),
        (["--quick=yes"], .unexpectedValue(option: "--quick")),
        (["--samples", "0"], .invalidValue(option: "--samples", value: "0", expected: "a whole number ≥ 1")),
        (["--samples=many"], .invalidValue(option: "--samples", value: "many", expected: "a whole number ≥ 1")),
        (["--time-budget", "-1"], .invalidValue(option: "--time-budget", value: "-1", expected: "seconds > 0")),
        (["--time-budget", "inf"], .invalidValue(option: "--time-budget", value: "inf", expected: "seconds > 0")),
        (["--format", "xml"], .invalidValue(option: "--format", value: "xml",
                                           expected: "terminal, markdown, json, bencher, github-action-benchmark")),
        (["--filter="], .invalidValue(option: "--filter", value: "", expected: "a non-empty pattern")),
        (["sumArray"], .unexpectedArgument("sumArray")),
        (["--instructions", "--profile"], .conflictingOptions("--instructions", "--profile")),
        (["--hash-seeds", "6"], .optionNeedsMode(option: "--hash-seeds", mode: "--instructions")),
        (["--heap-layouts", "1"], .optionNeedsMode(option: "--heap-layouts", mode: "--instructions")),
        (["--instructions", "--heap-layouts", "0"],
         .invalidValue(option: "--heap-layouts", value: "0", expected: "a whole number ≥ 1")),
        (["--instructions", "--hash-seeds", "-1"],
         .invalidValue(option: "--hash-seeds", value: "-1", expected: "a whole number ≥ 0")),
    ])
    func badArgumentsAreRejected(arguments: [String], error: CommandLineError) {
        #expect(throws: error) { try BenchmarkCommandLine.parse(arguments) }
    }

    @Test func filtersMatchSubstringsOrGlobs() {
        #expect(NameFilter(pattern: "sum").matches("HarnessExample/sumArray+10%"))
        #expect(!NameFilter(pattern: "Sum").matches("HarnessExample/sumArray"))
        #expect(NameFilter(pattern: "*/sumArray").matches("HarnessExample/sumArray"))
        #expect(!NameFilter(pattern: "*/sumArray").matches("HarnessExample/sumArray+10%"))
        #expect(NameFilter(pattern: "Harness?xample/[ae]*").matches("HarnessExample/empty"))
    }

    @Test func alternativesSelectWhatAnyOfThemSelects() {
        let filter = NameFilter(pattern: "*/tracked|CommitScaling/rootVerdict/10/")
        #expect(filter.matches("PhaseRead/derived/Dashboard/tracked"))
        #expect(filter.matches("CommitScaling/rootVerdict/10/untouched"))
        #expect(!filter.matches("CommitScaling/rootVerdict/100/untouched"))
        #expect(!filter.matches("PhaseRead/derived/Dashboard/untracked"))
        #expect(!NameFilter(pattern: "|").matches("PhaseRead/derived/Dashboard/tracked"))
    }

    @Test @MainActor func badArgumentsAndBadDeclarationsExitWithCouldNotRun() {
        let benchmarks = [Benchmark("a") {}, Benchmark("b") {}]
        #expect(BenchmarkMain.execute(benchmarks, arguments: ["x", "--nope"]) == .couldNotRun)
        #expect(BenchmarkMain.execute(benchmarks, arguments: ["x", "--filter", "zzz"]) == .couldNotRun)
        #expect(BenchmarkMain.execute([Benchmark("a") {}, Benchmark("a") {}], arguments: ["x"]) == .couldNotRun)
        #expect(BenchmarkMain.execute([Benchmark("-") {}], arguments: ["x"]) == .couldNotRun)
        #expect(BenchmarkMain.execute([Benchmark("two\nlines") {}], arguments: ["x"]) == .couldNotRun)
    }

    @Test @MainActor func listPrintsWhatTheModeReportsAndExitsZeroEvenWhenNothingMatches() throws {
        #expect(try BenchmarkCommandLine.parse(["--list"]).list)
        #expect(throws: CommandLineError.unexpectedValue(option: "--list")) {
            try BenchmarkCommandLine.parse(["--list=yes"])
        }
        let benchmarks = [Benchmark("timed", metrics: [.wallTime]) {},
                          Benchmark("counted", metrics: [.instructions]) {},
                          Benchmark("both") {}]
        let all = BenchmarkMain.selection(of: benchmarks, executable: "X", filter: nil)
        #expect(BenchmarkMain.listed(all, mode: .measure) == ["X/timed", "X/both"])
        #expect(BenchmarkMain.listed(all, mode: .instructions) == ["X/counted", "X/both"])
        #expect(BenchmarkMain.listed(all, mode: .profile) == ["X/timed", "X/counted", "X/both"])
        let some = BenchmarkMain.selection(of: benchmarks, executable: "X", filter: "X/t*")
        #expect(some.map(\.name) == ["X/timed"])
        #expect(BenchmarkMain.execute(benchmarks, arguments: ["X", "--list", "--filter", "zzz"]) == .ok,
                "an empty list is an answer, not a failure")
        #expect(BenchmarkMain.execute(benchmarks, arguments: ["X", "--filter", "zzz"]) == .couldNotRun)
    }

    @Test func overridesApplyToThePreset() {
        var command = BenchmarkCommandLine()
        command.quick = true
        command.samples = 2
        command.timeBudgetSeconds = 1.5
        let settings = BenchmarkMain.settings(for: command)
        #expect(settings.quick)
        #expect(settings.maxSamples == 2)
        #expect(settings.minimumSamples == 2)
        #expect(settings.timeBudgetNanoseconds == 1_500_000_000)
        #expect(settings.warmUpNanoseconds == MeasurementSettings.quick.warmUpNanoseconds)
    }
}
