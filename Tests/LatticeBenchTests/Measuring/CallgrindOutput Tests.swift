import Testing
@testable import LatticeBench

@Suite struct CallgrindOutputTests {
    /// A dump as callgrind 3.19 writes it for `CALLGRIND_DUMP_STATS_AT`, cut to its header
    /// and two cost blocks. `totals:` differs from `summary:` on purpose: callgrind's totals
    /// can include costs of calls in progress when the counters were zeroed.
    static let dump = """
    # callgrind format
    version: 1
    creator: callgrind-3.19.0
    pid: 15995
    cmd:  .build/release/HarnessExample --callgrind-child
    part: 5


    desc: I1 cache: 
    desc: D1 cache: 
    desc: LL cache: 

    desc: Timerange: Basic block 3329 - 20701
    desc: Trigger: Client Request: lattice-bench 10 withState 0 sum array

    positions: line
    events: Ir
    summary: 18157


    ob=(1) /tmp/HarnessExample
    fl=(1) Sources/CCallgrind/CCallgrind.c
    fn=(360) lattice_callgrind_zero_stats
    6 15

    fl=(33) Sources/LatticeBench/BlackHole.swift
    fn=(1134) $s12LatticeBench9blackHoleyyxlF
    6 18142

    totals: 18160
    """

    @Test func readsTheTriggerLabelAndTheSummary() throws {
        let output = try CallgrindOutput(parsing: Self.dump, file: "callgrind.out.5")
        #expect(output.clientRequestLabel == "lattice-bench 10 withState 0 sum array")
        #expect(output.events == ["Ir"])
        #expect(output.total(of: "Ir") == 18157)
        #expect(output.total(of: "Dr") == nil)
    }

    /// A region whose instrumentation stopped and started again is counted by its cost lines:
    /// each start reset the counters its summary reads.
    @Test func aRegionSwitchingInstrumentationIsCountedByItsCostLines() throws {
        let output = try CallgrindOutput(parsing: Self.dump, file: "callgrind.out.5")
        #expect(output.total(of: "Ir", summingCostLines: true) == 18160)
        #expect(output.total(of: "Dr", summingCostLines: true) == nil)
        let withoutTotals = try CallgrindOutput(parsing: "events: Ir\nsummary: 12\n", file: "f")
        #expect(withoutTotals.total(of: "Ir", summingCostLines: true) == nil)
        #expect(InstructionRegion(benchmark: "b", callPath: .withSetUpEach, iterations: 2).switchesInstrumentation)
        #expect(!InstructionRegion(benchmark: "b", callPath: .withState, iterations: 2).switchesInstrumentation)
    }

    @Test func theLabelNamesTheRegion() throws {
        let output = try CallgrindOutput(parsing: Self.dump, file: "callgrind.out.5")
        let region = try #require(output.clientRequestLabel.flatMap(InstructionRegion.init(label:)))
        #expect(region == InstructionRegion(benchmark: "sum array", callPath: .withState, layout: 0, iterations: 10))
    }

    @Test func regionLabelsRoundTrip() {
        for region in [InstructionRegion(benchmark: nil, callPath: .direct, iterations: 5),
                       InstructionRegion(benchmark: "a b/c", callPath: .withState, layout: 2, iterations: 40),
                       InstructionRegion(benchmark: "each", callPath: .withSetUpEach, layout: 1, iterations: 4)] {
            #expect(InstructionRegion(label: region.label) == region)
        }
        #expect(InstructionRegion(label: "Program termination") == nil)
        #expect(InstructionRegion(label: "lattice-bench 0 direct 0 x") == nil)
        #expect(InstructionRegion(label: "lattice-bench 5 sideways 0 x") == nil)
        #expect(InstructionRegion(label: "lattice-bench 5 direct -1 x") == nil)
        #expect(InstructionRegion(label: "lattice-bench 5 direct x") == nil, "no layout")
    }

    @Test func totalsAreUsedWithoutASummaryAndMissingColumnsAreZero() throws {
        let text = "events: Ir Dr Dw\ndesc: Trigger: Program termination\ntotals: 120 7\n"
        let output = try CallgrindOutput(parsing: text, file: "f")
        #expect(output.clientRequestLabel == nil)
        #expect(output.totals == [120, 7, 0])
    }

    @Test func malformedFilesSayWhere() {
        #expect(throws: CallgrindOutputError.missingEvents(file: "a")) {
            try CallgrindOutput(parsing: "summary: 12\n", file: "a")
        }
        #expect(throws: CallgrindOutputError.missingSummary(file: "b")) {
            try CallgrindOutput(parsing: "events: Ir\n", file: "b")
        }
        #expect(throws: CallgrindOutputError.malformedNumber(file: "c", line: 2, text: "12x")) {
            try CallgrindOutput(parsing: "events: Ir\nsummary: 12x\n", file: "c")
        }
        #expect(throws: CallgrindOutputError.eventCountMismatch(file: "d", line: 2, events: 1, values: 2)) {
            try CallgrindOutput(parsing: "events: Ir\nsummary: 1 2\n", file: "d")
        }
    }

    @Test func instructionsPerOperationSubtractTheFixedCostAndTheBaselineOfTheSamePath() {
        let regions: [InstructionRegion: UInt64] = [
            InstructionRegion(benchmark: nil, callPath: .direct, iterations: 10): 300,
            InstructionRegion(benchmark: nil, callPath: .direct, iterations: 20): 400,
            InstructionRegion(benchmark: nil, callPath: .withState, iterations: 10): 500,
            InstructionRegion(benchmark: nil, callPath: .withState, iterations: 20): 800,
            InstructionRegion(benchmark: "plain", callPath: .direct, iterations: 10): 10_300,
            InstructionRegion(benchmark: "plain", callPath: .direct, iterations: 20): 20_400,
            InstructionRegion(benchmark: "stateful", callPath: .withState, iterations: 10): 1_000,
            InstructionRegion(benchmark: "stateful", callPath: .withState, iterations: 20): 1_300,
            InstructionRegion(benchmark: "half", callPath: .direct, iterations: 10): 5,
        ]
        let perOperation = CallgrindLauncher.instructionsPerOperation(regions)
        #expect(perOperation["plain"] == [1_000])    // (20 400 − 10 300 − (400 − 300)) / 10
        #expect(perOperation["stateful"] == [0])     // (1 300 − 1 000 − (800 − 500)) / 10
        #expect(perOperation["half"] == nil)         // no 20-iteration region
    }

    @Test func eachLayoutGivesOneCountInLayoutOrderAgainstTheUnshiftedBaseline() {
        var regions: [InstructionRegion: UInt64] = [
            InstructionRegion(benchmark: nil, callPath: .direct, layout: 0, iterations: 10): 300,
            InstructionRegion(benchmark: nil, callPath: .direct, layout: 0, iterations: 20): 400,
        ]
        for (layout, long) in [(2, 20_700), (0, 20_400), (1, 20_500)] {
            regions[InstructionRegion(benchmark: "read", callPath: .direct, layout: layout, iterations: 10)] = 10_300
            regions[InstructionRegion(benchmark: "read", callPath: .direct, layout: layout, iterations: 20)] = UInt64(long)
        }
        #expect(CallgrindLauncher.instructionsPerOperation(regions)["read"] == [1_000, 1_010, 1_030])
    }
}
