import Testing
@testable import LatticeBench

@Suite struct ReferenceCountingTests {
    /// One region's dump, as callgrind writes it: an operation that retains its object `k`
    /// times and releases it `k` times through `swift_retain`/`swift_release`, `bridged` more
    /// times through `swift_bridgeObjectRetain`, which forwards to `swift_retain` (one retain,
    /// not two), and a loop that retains once an iteration (what the empty baseline cancels).
    static func dump(operations n: Int, k: Int, bridged: Int) -> String {
        var lines = [
            "# callgrind format", "version: 1", "positions: line", "events: Ir", "",
            "ob=(1) /tmp/Example", "fn=(1) $s7Example4loopyyF", "0 \(10 * n)",
            "cob=(2) /opt/swift/usr/lib/swift/linux/libswiftCore.so", "cfn=(2) swift_retain", "calls=\(n) 0", "0 \(5 * n)",
            "cob=(2)", "cfn=(3) swift_release", "calls=\(n) 0", "0 \(5 * n)",
        ]
        if k + bridged > 0 {
            lines += [
                "cfn=(4) $s7Example9operationyyF", "calls=\(n) 0", "0 \(100 * n)", "",
                "fn=(4)", "0 10",
                "cob=(2)", "cfn=(2)", "calls=\(k * n) 0", "0 \(5 * k * n)",
                "cob=(2)", "cfn=(3)", "calls=\(k * n) 0", "0 \(5 * k * n)",
                "cob=(2)", "cfn=(5) swift_bridgeObjectRetain", "calls=\(bridged * n) 0", "0 \(8 * bridged * n)", "",
                "ob=(2)", "fn=(5)", "0 \(3 * bridged * n)",
                "cfn=(2)", "calls=\(bridged * n) 0", "0 \(5 * bridged * n)",
            ]
        }
        lines += ["", "ob=(2)", "fn=(2)", "0 \(5 * n * (1 + k + bridged))", "fn=(3)", "0 \(5 * n * (1 + k))"]
        return lines.joined(separator: "\n") + "\n"
    }

    static func regions(k: Int, bridged: Int) throws -> [InstructionRegion: CallgrindFunctionCosts] {
        var regions: [InstructionRegion: CallgrindFunctionCosts] = [:]
        for operations in [2, 4] {
            regions[InstructionRegion(benchmark: "retaining", callPath: .direct, iterations: operations)] =
                try CallgrindFunctionCosts(parsing: dump(operations: operations, k: k, bridged: bridged), file: "b")
            regions[InstructionRegion(benchmark: nil, callPath: .direct, iterations: operations)] =
                try CallgrindFunctionCosts(parsing: dump(operations: operations, k: 0, bridged: 0), file: "e")
        }
        return regions
    }

    @Test(arguments: [(3, 0), (7, 2), (1, 5)])
    func anOperationRetainingKTimesCountsKRetainsAndReleasesPerOperation(k: Int, bridged: Int) throws {
        let figures = RegionDifference.perOperation(try Self.regions(k: k, bridged: bridged), ReferenceCounting.figures)
        #expect(figures["retaining"]?["retains"] == Double(k + bridged))
        #expect(figures["retaining"]?["releases"] == Double(k))
    }

    @Test func theDumpsCallCountsAreKeptByCalleeThenCaller() throws {
        let costs = try CallgrindFunctionCosts(parsing: Self.dump(operations: 4, k: 3, bridged: 2), file: "d")
        #expect(costs.calls["swift_retain"] == ["$s7Example4loopyyF": 4, "$s7Example9operationyyF": 12,
                                                "swift_bridgeObjectRetain": 8])
        #expect(costs.calls["swift_bridgeObjectRetain"] == ["$s7Example9operationyyF": 8])
    }

    @Test func aCallsLineWithoutACountIsAMalformedLine() {
        let text = "events: Ir\nfn=(1) f\ncfn=(2) swift_retain\ncalls=x 0\n0 5\n"
        #expect(throws: CallgrindOutputError.self) { try CallgrindFunctionCosts(parsing: text, file: "bad") }
    }
}
