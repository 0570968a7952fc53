import Foundation
import Testing
@testable import Lattice

@Suite struct DataIDSortingTests {
    /// Ids as a page's are, base64 of `Type:n`, sharing their first 14 bytes, in a fixed
    /// shuffled order (a linear congruential walk, the same every run).
    static func pageIDs(_ count: Int) -> [DataID] {
        var ids = (1...count).map { DataID(Data("Character:\($0)".utf8).base64EncodedString()) }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for index in ids.indices.reversed() {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            ids.swapAt(index, Int(state >> 33) % (index + 1))
        }
        return ids
    }

    @Test func idsSortAsStringsDo() {
        let ids = Self.pageIDs(5_000) + [DataID("client:root:characters"), DataID("client:root:characters:info"), .root]
        #expect(DataID.sorted(ids) == ids.sorted())
    }

    /// Prefixes, a zero byte where a shorter id ends, ids alike in their first 24 bytes and
    /// apart after them, the empty id: each pair in the order `String` gives.
    @Test func edgesOfThePackedBytesSortAsStringsDo() {
        let long = String(repeating: "x", count: 24)
        let ids = ["ab", "ab\u{0}", "abc", "a", "", "b", long + "b", long + "a", long, long + "\u{0}", "B", "~", " "]
            .map { DataID($0) }
        #expect(DataID.sorted(ids) == ids.sorted())
        #expect(DataID.sorted(ids.reversed()) == ids.sorted())
    }

    /// An id outside ASCII (here one in two normal forms, equal as strings) sorts the whole
    /// list as strings.
    @Test func anIDOutsideASCIISortsAsStringsDo() {
        let ids = [DataID("zeta"), DataID("caf\u{E9}"), DataID("cafe\u{301}x"), DataID("cafe"), DataID("\u{1F600}")]
            + Self.pageIDs(50)
        let sorted = DataID.sorted(ids)
        #expect(sorted == ids.sorted())
        #expect(zip(sorted, sorted.dropFirst()).allSatisfy { !($1 < $0) })
    }

    @Test func noIDOrOneIsReturnedAsItIs() {
        #expect(DataID.sorted([]).isEmpty)
        #expect(DataID.sorted([DataID("x")]) == [DataID("x")])
    }
}
