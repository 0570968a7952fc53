import Testing
@testable import LatticeBench

@Suite(.enabled(if: AllocationCounter.isLinked, "counting goes through jemalloc, which sanitizer runs leave out"))
struct AllocationCounterTests {
    final class Box {
        var value: Int
        init(_ value: Int) { self.value = value }
    }

    @Test(arguments: [1, 3, 1_000])
    func countsExactlyOneMallocPerClassInstance(count: Int) throws {
        let counter = try AllocationCounter()
        var boxes: [Box] = []
        boxes.reserveCapacity(count)  // the array's own buffer is allocated before counting
        blackHole(Box(0))             // and the class's metadata is ready
        let before = counter.read()
        for index in 0..<count { boxes.append(Box(index)) }
        let after = counter.read()
        #expect(after.mallocs - before.mallocs == UInt64(count))
        let bytes = after.bytes - before.bytes
        #expect(bytes % UInt64(count) == 0, "every instance is the same size class")
        #expect(bytes / UInt64(count) >= 24, "a header of 16 bytes and one Int")
        blackHole(boxes)
    }

    @Test func readingTheCountersAllocatesNothing() throws {
        let counter = try AllocationCounter()
        let first = counter.read()
        let second = counter.read()
        #expect(second == first)
    }

    @Test @MainActor func exactSamplingReportsAllocationsAndCountsPerOperation() throws {
        final class State { var steps = 0 }
        let benchmark = Benchmark("steps", setUp: { State() }, counts: { ["steps": $0.steps] }) { state in
            state.steps += 3
            blackHole(Box(state.steps))
            blackHole(Box(state.steps))
        }
        let instance = try benchmark.instantiate()
        try instance.run(1)  // metadata and caches ready
        let samples = try ExactSampling.run(instance, batch: 50, samples: 4,
                                        allocationCounter: try AllocationCounter(), countNames: ["steps"])
        #expect(samples.mallocs == [2, 2, 2, 2])
        #expect(samples.counts["steps"] == [3, 3, 3, 3])
        #expect(samples.bytes.count == 4)
    }
}
