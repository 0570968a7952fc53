import Testing
@testable import LatticeBench

@Suite struct CallgrindFunctionCostsTests {
    /// A hand-written dump with two position columns, two events (the second often omitted),
    /// name compression, relative and `*` positions, an inlined file, a call with `cob=`/`cfi=`,
    /// a recursive activation (`helper'2`) that calls itself, and code without symbols.
    ///
    /// main: self 5 + 5 + 10 + 20 + 5 = 45, calls work (300): inclusive 345.
    /// work: self 100 + 50 = 150, calls helper (150): inclusive 300.
    /// helper: self 120 + 30 (its `'2` activation) = 150; the call into `helper'2` is recursion,
    /// not counted again: inclusive 150.
    static let dump = """
    # callgrind format
    version: 1
    positions: instr line
    events: Ir Dr
    summary: 352

    ob=(1) /bin/app
    fl=(1) main.swift
    fn=(1) main
    0x10 1 5 2
    +2 * 5
    cfn=(2) work
    calls=2 0x40 3
    +1 * 300 9
    -1 +1 10
    fi=(2) inlined.swift
    +4 -3 20
    fe=(1)
    * * 5

    fn=(2)
    0x40 3 100
    cob=(2) /lib/libhelper.so
    cfi=(3) ???
    cfn=(3) helper
    calls=1 0x80 10
    +8 +7 150
    +2 * 50

    ob=(2)
    fl=(3)
    fn=(3)
    0x80 10 120
    cfn=(4) helper'2
    calls=1 0x80 10
    * * 30

    fn=(4)
    0x80 10 30

    fn=(5) 0x00000000000c9810
    0x90 1 3
    fn=(6) 0x00000000000c9760
    0x99 1 4

    totals: 352
    """

    @Test func selfAndInclusiveCostsOfEveryFunction() throws {
        let costs = try CallgrindFunctionCosts(parsing: Self.dump, file: "callgrind.out.1-01")
        #expect(costs.functions["main"] == .init(selfCost: 45, inclusiveCost: 345))
        #expect(costs.functions["work"] == .init(selfCost: 150, inclusiveCost: 300))
        #expect(costs.functions["helper"] == .init(selfCost: 150, inclusiveCost: 150))
        #expect(costs.functions["helper'2"] == nil, "a recursive activation is the same function")
        #expect(costs.functions["(no symbol) in libhelper.so"] == .init(selfCost: 7, inclusiveCost: 7))
        #expect(costs.functions.count == 4)
        #expect(costs.total == 352)
    }

    @Test func anotherEventReadsItsOwnColumnAndMissingColumnsAreZero() throws {
        let costs = try CallgrindFunctionCosts(parsing: Self.dump, file: "f", event: "Dr")
        #expect(costs.functions["main"]?.selfCost == 2)
        #expect(costs.functions["work"]?.selfCost == 0)
        #expect(costs.total == 2)
        // The call's 9 would make 11: no inclusive cost exceeds the dump's total.
        #expect(costs.functions["main"]?.inclusiveCost == 2)
    }

    /// walk → visit → walk'2 → visit'2 as callgrind writes mutual recursion: the outermost
    /// activations' inclusive costs contain the deeper ones, which must not be added again.
    @Test func mutualRecursionCountsTheOutermostActivations() throws {
        let text = """
        events: Ir
        fn=(9) main
        0 100
        cfn=(1) walk
        calls=1 0
        0 60
        fn=(1)
        0 10
        cfn=(2) visit
        calls=1 0
        0 50
        fn=(2)
        0 20
        cfn=(3) walk'2
        calls=1 0
        0 30
        fn=(3)
        0 10
        cfn=(4) visit'2
        calls=1 0
        0 20
        fn=(4)
        0 20
        """
        let costs = try CallgrindFunctionCosts(parsing: text, file: "f")
        #expect(costs.total == 160)
        #expect(costs.functions["main"] == .init(selfCost: 100, inclusiveCost: 160))
        #expect(costs.functions["walk"] == .init(selfCost: 20, inclusiveCost: 60))
        #expect(costs.functions["visit"] == .init(selfCost: 40, inclusiveCost: 50))
        #expect(costs.functions.count == 3)
    }

    /// Two specializations with one readable name, the first calling the second: their costs
    /// add up, the nested call once.
    @Test func symbolsWithOneNameAddUpWithoutCountingNestedCallsTwice() throws {
        let text = """
        events: Ir
        fn=(1) main
        0 10
        cfn=(2) $sspecA
        calls=1 0
        0 100
        cfn=(3) $sspecB
        calls=1 0
        0 30
        fn=(2)
        0 60
        cfn=(3)
        calls=1 0
        0 40
        fn=(3)
        0 70
        """
        let costs = try CallgrindFunctionCosts(parsing: text, file: "f") { $0.hasPrefix("$sspec") ? "spec" : $0 }
        #expect(costs.functions["main"] == .init(selfCost: 10, inclusiveCost: 140))
        // 100 under main through A (40 of it in B), 30 more in B called from main.
        #expect(costs.functions["spec"] == .init(selfCost: 130, inclusiveCost: 130))
        #expect(costs.functions.count == 2)
    }

    @Test func recursionWithoutSuffixesNeverExceedsTheTotal() throws {
        let text = """
        events: Ir
        fn=(1) a
        0 10
        cfn=(2) b
        calls=1 0
        0 30
        fn=(2)
        0 10
        cfn=(1)
        calls=1 0
        0 20
        """
        let costs = try CallgrindFunctionCosts(parsing: text, file: "f")
        #expect(costs.total == 20)
        #expect(costs.functions["a"]?.inclusiveCost == 20)
        #expect(costs.functions["b"]?.inclusiveCost == 20)
    }

    @Test func malformedLinesNameTheFileAndLine() {
        func failure(_ text: String) -> CallgrindOutputError? {
            do {
                _ = try CallgrindFunctionCosts(parsing: text, file: "bad.out")
                return nil
            } catch {
                return error
            }
        }
        func line(_ error: CallgrindOutputError?) -> Int? {
            guard case .malformedLine(let file, let line, _, _) = error, file == "bad.out" else { return nil }
            return line
        }
        #expect(line(failure("events: Ir\n0 12\n")) == 2, "a cost before any fn=")
        #expect(line(failure("events: Ir\nfn=(1) a\ncfn=(7)\n")) == 3, "an undefined id")
        #expect(line(failure("events: Ir\nfn=(1) a\n0 12x\n")) == 3, "not a count")
        #expect(line(failure("events: Ir\nfn=(1) a\ncfn=(2) b\ncalls=1 0\nfn=(2)\n")) == 5,
                "calls= not followed by its cost")
        #expect(line(failure("events: Dr\nfn=(1) a\n")) == 1, "no Ir column")
        #expect(failure("events: Ir\nfn=(1) a\n0 12x\n")?.description.hasPrefix("bad.out:3: ") == true)
    }
}
