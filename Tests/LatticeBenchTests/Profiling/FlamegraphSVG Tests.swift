import Testing
@testable import LatticeBench

@Suite struct FlamegraphSVGTests {
    /// a;b 3, a;c 1, d 4: eight samples, so a sample is 1 180 / 8 = 147.5 pixels wide.
    static var stacks: FoldedStacks {
        var stacks = FoldedStacks()
        stacks.add(["d"], count: 4)
        stacks.add(["a", "c"], count: 1)
        stacks.add(["a", "b"], count: 3)
        return stacks
    }

    @Test func framesAreProportionalToTheirSamplesAndOrderedByName() {
        let graph = FlamegraphSVG(stacks: Self.stacks, title: "t")
        let expected: [FlamegraphSVG.Frame] = [
            .init(name: "all", depth: 0, count: 8, x: 10, width: 1_180),
            .init(name: "a", depth: 1, count: 4, x: 10, width: 590),
            .init(name: "b", depth: 2, count: 3, x: 10, width: 442.5),
            .init(name: "c", depth: 2, count: 1, x: 452.5, width: 147.5),
            .init(name: "d", depth: 1, count: 4, x: 600, width: 590),
        ]
        #expect(graph.frames == expected)
    }

    @Test func theSVGHasARectangleATooltipAndALabelPerFrameRootAtTheBottom() {
        let svg = FlamegraphSVG(stacks: Self.stacks, title: "t").svg
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(svg.components(separatedBy: "<g><title>").count - 1 == 5)
        #expect(svg.contains("<title>b (3 samples, 37.5%)</title>"))
        // Height: 40 (title) + 3 levels × 16 + 2 × 10 (margins) = 108; the root's row is the
        // lowest (y = 108 − 10 − 16 = 82), a child's is one row up.
        #expect(svg.contains("height=\"108\""))
        #expect(svg.contains("<rect x=\"10\" y=\"82\" width=\"1180\" height=\"15\""))
        #expect(svg.contains("<rect x=\"452.5\" y=\"50\" width=\"147.5\" height=\"15\""))
        #expect(!svg.contains("<script"))
    }

    @Test func namesAreEscapedAndLabelsCutToFit() {
        var stacks = FoldedStacks()
        stacks.add(["Array<Int> & \"more\""], count: 1)
        let graph = FlamegraphSVG(stacks: stacks, title: "<title>")
        #expect(graph.svg.contains("Array&lt;Int&gt; &amp; &quot;more&quot;"))
        #expect(graph.svg.contains("&lt;title&gt;</text>"))
        #expect(graph.label("sortStrings", width: 1_000) == "sortStrings")
        #expect(graph.label("sortStrings", width: 6 + 7.2 * 5) == "sor..")
        #expect(graph.label("sortStrings", width: 20) == nil)
    }

    @Test func framesTooNarrowToSeeAreLeftOut() {
        var stacks = FoldedStacks()
        stacks.add(["wide"], count: 100_000)
        stacks.add(["thin", "thinner"], count: 1)
        let names = FlamegraphSVG(stacks: stacks, title: "").frames.map(\.name)
        #expect(names == ["all", "wide"])
    }
}
