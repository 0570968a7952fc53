import Testing
@testable import LatticeBench

/// Where a benchmark's instructions go: the largest self costs, the runtime's functions by family.
@Suite struct LargestSelfCostsTests {
    static func instructions(_ count: Double, _ functions: [(String, Double)]?) throws -> MetricResult {
        try MetricResult(metric: .instructions, samples: [count],
                         functions: functions?.map { FunctionCost(name: $0.0, selfInstructions: $0.1, inclusiveInstructions: $0.1) })
    }

    @Test func theRuntimesFunctionsCountAsTheirFamilies() {
        #expect(RuntimeFamily(function: "swift_retain") == .referenceCounting)
        #expect(RuntimeFamily(function: "bool swift::RefCounts<swift::RefCountBitsT<(swift::RefCountInlinedness)1> >::doDecrementSlow<(swift::PerformDeinit)1>(…)")
            == .referenceCounting)
        #expect(RuntimeFamily(function: "(no symbol) in libjemalloc.so.2") == .allocation)
        #expect(RuntimeFamily(function: "malloc_usable_size") == .allocation)
        #expect(RuntimeFamily(function: "static Hasher._hash(seed:_:)") == .hashing)
        #expect(RuntimeFamily(function: "AnyKeyPath.hash(into:)") == .hashing)
        #expect(RuntimeFamily(function: "__memcpy_avx_unaligned_erms") == .memoryCopies)
        #expect(RuntimeFamily(function: "_stringCompareWithSmolCheck(_:_:expecting:)") == .stringComparison)
        #expect(RuntimeFamily(function: "swift_beginAccess") == .exclusivityChecks)
        #expect(RuntimeFamily(function: "_swift_getGenericMetadata(swift::MetadataRequest, void const* const*, …)")
            == .metadataLookups)
        #expect(RuntimeFamily(function: "swift::MetadataCacheKey::operator==(swift::MetadataCacheKey const&) const")
            == .metadataLookups)
        // Lattice's own code and the collections' are named by function.
        #expect(RuntimeFamily(function: "Lattice.Store.publish(Lattice.RecordSourceDelta)") == nil)
        #expect(RuntimeFamily(function: "__RawDictionaryStorage.find<A where A: Hashable>(_:hashValue:)") == nil)
    }

    @Test func keepsTheLargestSelfCostsWithTheirShares() throws {
        let largest = try #require(LargestSelfCosts(try Self.instructions(1_000, [
            ("swift_retain", 200), ("swift_release", 150), ("Lattice.Store.publish(…)", 300),
            ("Hasher._finalize()", 60), ("Hasher.combine(bytes:)", 40), ("Lattice.A", 90), ("Lattice.B", 80),
            ("Lattice.C", 70), ("Lattice.D", 10), ("Lattice.shrank", -5),
        ])))
        #expect(largest.entries.map(\.name) == ["reference counting", "Lattice.Store.publish(…)", "hashing", "Lattice.A",
                                                "Lattice.B"])
        #expect(largest.entries.map(\.share) == [0.35, 0.3, 0.1, 0.09, 0.08])
        #expect(abs(largest.explained - 0.92) < 1e-12)
        #expect(largest.markdown() == "*reference counting* 35.0%, `Lattice.Store.publish(…)` 30.0%, *hashing* 10.0%, "
            + "`Lattice.A` 9.0%, `Lattice.B` 8.0%")
    }

    @Test func aShareUnderOnePercentSaysNothingAndIsLeftOut() throws {
        let largest = try #require(LargestSelfCosts(try Self.instructions(10_000, [
            ("Lattice.DataChecker.visit", 8_400), ("swift_retain", 1_500), ("Lattice.tiny", 99), ("Hasher._finalize()", 1),
        ])))
        #expect(largest.entries.map(\.name) == ["Lattice.DataChecker.visit", "reference counting"])
    }

    @Test func aCountWithoutAttributionHasNone() throws {
        #expect(LargestSelfCosts(try Self.instructions(1_000, nil)) == nil)
        #expect(LargestSelfCosts(try Self.instructions(0, [("Lattice.A", 0)])) == nil)
    }
}
