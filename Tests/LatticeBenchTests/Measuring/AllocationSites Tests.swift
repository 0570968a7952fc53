import Testing
@testable import LatticeBench

@Suite struct AllocationSitesTests {
    /// Per operation: `makeNodes` creates 3 objects and `makeEdge` 2 (each through
    /// `swift_allocObject` → `swift_slowAlloc` → `malloc`), `buffer` asks `malloc` once itself,
    /// and `free` is no allocation.
    static func costs(operations n: UInt64) -> CallgrindFunctionCosts {
        CallgrindFunctionCosts(functions: [:], total: 0, calls: [
            "swift_allocObject": ["makeNodes": 3 * n, "makeEdge": 2 * n],
            "swift_slowAlloc": ["swift_allocObject": 5 * n],
            "malloc": ["swift_slowAlloc": 5 * n, "buffer": n],
            "free": ["buffer": n],
        ])
    }

    @Test func eachAllocationIsCreditedToTheFunctionThatWantedItPastTheRuntime() {
        #expect(AllocationSites.figures(in: Self.costs(operations: 1)) == ["makeNodes": 3, "makeEdge": 2, "buffer": 1])
    }

    @Test func sitesArePerOperationAndRankedByCount() {
        var regions: [InstructionRegion: CallgrindFunctionCosts] = [:]
        for n in [2, 4] {
            regions[InstructionRegion(benchmark: "graph", callPath: .direct, iterations: n)] = Self.costs(operations: UInt64(n))
            regions[InstructionRegion(benchmark: nil, callPath: .direct, iterations: n)] = CallgrindFunctionCosts(
                functions: [:], total: 0, calls: ["malloc": ["loop": 1]])
        }
        let sites = RegionDifference.perOperation(regions, AllocationSites.figures).mapValues(AllocationSites.largest)
        #expect(sites["graph"] == [AllocationSite(function: "makeNodes", allocations: 3),
                                   AllocationSite(function: "makeEdge", allocations: 2),
                                   AllocationSite(function: "buffer", allocations: 1)])
    }

    @Test func onlyTheLargestSitesAreKept() {
        let many = Dictionary(uniqueKeysWithValues: (1...9).map { ("f\($0)", Double($0)) })
        #expect(AllocationSites.largest(many).map(\.function) == ["f9", "f8", "f7", "f6", "f5"])
    }

    @Test func codeWithoutSymbolsForwardsToItsCallersThatAllocateAndTheStandardLibraryToItsCallers() {
        let costs = CallgrindFunctionCosts(functions: [:], total: 0, calls: [
            "(no symbol) in libsqlite3.so.0": ["sqlite3Malloc": 4, "sqlite3_free": 4],
            "sqlite3Malloc": ["sqlite3VdbeExec": 4],
            "_ContiguousArrayBuffer._consumeAndCreateNew(bufferIsUnique:minimumCapacity:growForAppend:)": ["Lattice.Rows.append(_:)": 2],
            "malloc": ["(no symbol) in libsqlite3.so.0": 4,
                       "_ContiguousArrayBuffer._consumeAndCreateNew(bufferIsUnique:minimumCapacity:growForAppend:)": 2],
        ])
        #expect(AllocationSites.figures(in: costs) == ["sqlite3VdbeExec": 4, "Lattice.Rows.append(_:)": 2])
    }

    @Test func aForwardingFunctionsAllocationsAreSharedByItsCallersCalls() {
        let costs = CallgrindFunctionCosts(functions: [:], total: 0, calls: [
            "sqlite3Malloc": ["insertRow": 3, "openTable": 1],
            "malloc": ["sqlite3Malloc": 2],
        ])
        #expect(AllocationSites.figures(in: costs) == ["insertRow": 1.5, "openTable": 0.5])
    }
}
