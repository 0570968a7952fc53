import Foundation
import Testing
@testable import LatticeLab

/// `lattice bench`'s arguments: the interface scripts/bench.sh had, checked once.
@Suite struct BenchRequestTests {
    @Test(arguments: [
        (["--filter"], "--filter needs a pattern"),
        (["--nope"], "unknown option --nope"),
        (["gate", "check"], "one command at most (gate and check given)"),
        (["stray"], "unexpected argument 'stray'"),
        (["--results", "x.json"], "--baseline and --results belong to gate"),
        (["check", "--filter", "a"], "check takes no --baseline or --filter"),
        (["baseline", "--results", "/"], "baseline takes no --baseline, --results or --filter"),
        (["compare"], "compare needs BASE [HEAD]"),
        (["compare", "a", "b", "c"], "compare needs BASE [HEAD]"),
        (["--time"], "--time belongs to compare"),
        (["gate", "--built", "a", "b"], "--built belongs to compare"),
        (["compare", "a", "--built", "a"], "--built needs BASE and HEAD commits"),
        (["compare", "a", "--rounds", "3"], "--rounds belongs to compare --time"),
        (["compare", "a", "--time", "--rounds", "0"], "--rounds needs a whole number >= 1"),
        (["gate", "--baseline", "/no/such/file.json"], "no baseline results at /no/such/file.json"),
        (["check", "--spec", "/"], "--spec belongs to a run or gate: check judges spec/'s committed baseline"),
        (["--spec", "/no/such/folder"], "--spec /no/such/folder: no such folder"),
    ])
    func badArgumentsAreRefusedSayingWhy(arguments: [String], why: String) {
        #expect(throws: BenchRequest.UsageError(description: why)) { try BenchRequest.parse(arguments) }
    }

    @Test func aSpecFolderMustHoldWhatSpecHolds() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("operations"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: BenchRequest.UsageError(description: "--spec \(folder.path) lacks schema.graphql directives.graphql "
                                                + "responses limits.json (a spec folder holds schema.graphql "
                                                + "directives.graphql operations responses limits.json, as spec/ does)")) {
            try BenchRequest.parse(["--quick", "--spec", folder.path])
        }
    }

    @Test func commandsSetWhatTheyNeed() throws {
        let full = try BenchRequest.parse([])
        #expect(full.command == .run && full.instructions && !full.quick)
        #expect(try !BenchRequest.parse(["--quick"]).instructions)
        #expect(try !BenchRequest.parse(["--filter", "PhaseRead/"]).instructions)
        let gate = try BenchRequest.parse(["--quick", "gate"])
        #expect(gate.command == .gate && gate.instructions && gate.quick)
        let check = try BenchRequest.parse(["check"])
        #expect(check.command == .check && check.quick && check.instructions)
        let compare = try BenchRequest.parse(["compare", "main~1", "--time"])
        #expect(compare.command == .compare(base: "main~1", head: nil) && compare.timedRounds == 6)
        #expect(try BenchRequest.parse(["compare", "a", "b", "--time", "--rounds", "2"]).timedRounds == 2)
        let built = try BenchRequest.parse(["compare", "main~1", "--built", "aaa", "bbb"]).builtCommits
        #expect(built?.base == "aaa" && built?.head == "bbb")
    }

    @Test func theRunFolderSaysWhatKindOfRunItIs() throws {
        let layout = LabLayout(root: URL(fileURLWithPath: "/repo"))
        func folder(_ arguments: [String]) throws -> String {
            Bench(try BenchRequest.parse(arguments), suite: FixtureSuite(), layout: layout, bin: layout.root,
                  runtimeDefault: "stored")
                .runFolder.path
        }
        #expect(try folder([]) == "/repo/.build/lab/full")
        #expect(try folder(["--quick"]) == "/repo/.build/lab/quick")
        #expect(try folder(["--filter", "x"]) == "/repo/.build/lab/partial")
        #expect(try folder(["gate"]) == "/repo/.build/lab/gate")
        #expect(try folder(["check"]) == "/repo/.build/lab/check")
        #expect(try folder(["baseline"]) == "/repo/.build/lab/baseline")
        let full = Bench(try BenchRequest.parse([]), suite: FixtureSuite(), layout: layout, bin: layout.root,
                         runtimeDefault: "stored")
        let quick = Bench(try BenchRequest.parse(["--quick"]), suite: FixtureSuite(), layout: layout, bin: layout.root,
                          runtimeDefault: "stored")
        #expect(full.writesCommittedOutputs)
        #expect(!quick.writesCommittedOutputs)
    }
}
