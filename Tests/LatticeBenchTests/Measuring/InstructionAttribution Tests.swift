import Testing
@testable import LatticeBench

@Suite struct InstructionAttributionTests {
    static func costs(_ functions: [String: (UInt64, UInt64)]) -> CallgrindFunctionCosts {
        CallgrindFunctionCosts(functions: functions.mapValues { .init(selfCost: $0.0, inclusiveCost: $0.1) },
                               total: functions.values.reduce(0) { $0 + $1.0 })
    }

    @Test func perOperationSubtractsTheShortRegionAndTheBaselineOfTheSamePath() throws {
        let regions: [InstructionRegion: CallgrindFunctionCosts] = [
            // The loop costs 2 per operation plus 50 fixed; the baseline sees only it.
            InstructionRegion(benchmark: nil, callPath: .direct, iterations: 4): Self.costs(["loop": (58, 58)]),
            InstructionRegion(benchmark: nil, callPath: .direct, iterations: 8): Self.costs(["loop": (66, 66)]),
            // Another path's baseline must not be subtracted.
            InstructionRegion(benchmark: nil, callPath: .withState, iterations: 4): Self.costs(["loop": (1000, 1000)]),
            InstructionRegion(benchmark: nil, callPath: .withState, iterations: 8): Self.costs(["loop": (9000, 9000)]),
            // 4 ops: work 100 each (its helpers 40 of it), plus a fixed 7 in helper.
            InstructionRegion(benchmark: "b", callPath: .direct, iterations: 4): Self.costs([
                "loop": (58, 458), "work": (240, 400), "helper": (167, 167),
            ]),
            InstructionRegion(benchmark: "b", callPath: .direct, iterations: 8): Self.costs([
                "loop": (66, 866), "work": (480, 800), "helper": (327, 327),
            ]),
        ]
        let attribution = try #require(InstructionAttribution.perOperation(regions)["b"])
        #expect(attribution.omittedBelow == 0, "nothing left out")
        let functions = attribution.functions
        #expect(functions == [
            // (866 − 458 − (66 − 58)) / 4: the loop's own instructions cancel, what it calls stays.
            FunctionCost(name: "loop", selfInstructions: 0, inclusiveInstructions: 100),
            FunctionCost(name: "work", selfInstructions: 60, inclusiveInstructions: 100),
            FunctionCost(name: "helper", selfInstructions: 40, inclusiveInstructions: 40),
        ])
        #expect(functions.map(\.selfInstructions).reduce(0, +) == 100, "self figures add up to the count")
    }

    @Test func keepsTheLargestUntilTheSelfTotalIsExplained() {
        // 200 functions of self 1, one of self 1000: the big one and the first 29 small by name
        // are kept by inclusive cost, then self until 95 % of 1200.
        var all = (0..<200).map { FunctionCost(name: String(format: "f%03d", $0), selfInstructions: 1, inclusiveInstructions: 1) }
        all.append(FunctionCost(name: "big", selfInstructions: 1000, inclusiveInstructions: 1000))
        all.append(FunctionCost(name: "zero", selfInstructions: 0, inclusiveInstructions: 0))
        let (kept, omittedBelow) = InstructionAttribution.selected(all)
        #expect(omittedBelow == 1)
        #expect(kept.first?.name == "big")
        #expect(!kept.contains { $0.name == "zero" })
        // 1000 + k ≥ 0.95 · 1200 = 1140 needs k = 140 small ones.
        #expect(kept.count == 141)
        #expect(kept.reduce(0) { $0 + $1.selfInstructions } >= 0.95 * 1200)
    }
}
