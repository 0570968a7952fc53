import Testing
@testable import LatticeBench

@Suite struct FoldedStacksTests {
    @Test func equalStacksMergeAndLinesAreSortedRootFirst() {
        var stacks = FoldedStacks()
        stacks.add(["main", "run", "sort"])
        stacks.add(["main", "parse"], count: 2)
        stacks.add(["main", "run", "sort"], count: 3)
        stacks.add([])
        #expect(stacks.total == 6)
        #expect(stacks.text == "main;parse 2\nmain;run;sort 4\n")
    }

    @Test func frameNamesCannotBreakTheFormat() {
        var stacks = FoldedStacks()
        stacks.add(["a;b", "line\nbreak"])
        #expect(stacks.text == "a:b;line break 1\n")
    }

    @Test @MainActor func profilesFoldRootFirstAndMarkTruncatedStacks() {
        let symbolizer = Symbolizer()
        let address = UInt(bitPattern: DynamicLinker.symbol(named: "swift_retain"))
        let profile = RawProfile(stacks: [
            RawProfile.Stack(addresses: [address], truncated: false),
            RawProfile.Stack(addresses: [address], truncated: true),
        ], dropped: 0)
        let stacks = symbolizer.foldedStacks(of: profile)
        #expect(stacks.counts[["swift_retain"]] == 1)
        #expect(stacks.counts[["[truncated]", "swift_retain"]] == 1)
    }
}
