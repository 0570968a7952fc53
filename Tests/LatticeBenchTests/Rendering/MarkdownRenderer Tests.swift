import Testing
@testable import LatticeBench

@Suite struct MarkdownRendererTests {
    @Test func writesAWellFormedTable() throws {
        var results = try SampleResults.file()
        results.benchmarks[0].name = "Example/a|b"
        let text = MarkdownRenderer().render(results)
        let tableLines = text.split(separator: "\n").filter { $0.hasPrefix("|") }.map(String.init)
        #expect(tableLines.count == 2 + 4)
        #expect(tableLines[0] == "| benchmark | metric | n | median | 95% CI | p90 | p99 | CV | outliers |")
        #expect(tableLines[1] == "| --- | --- | ---: | ---: | --- | ---: | ---: | ---: | --- |")
        for line in tableLines {
            let unescapedPipes = line.replacingOccurrences(of: "\\|", with: "").count { $0 == "|" }
            #expect(unescapedPipes == 10, "\(line)")
        }
        let interval = try SampleResults.fastInterval()
        #expect(tableLines[2].hasPrefix(
            "| Example/a\\|b | wallTime | 101 | 640 ns | \(interval.lower) – \(interval.upper) | 680 ns | 689 ns |"))
        #expect(tableLines[3].hasPrefix("|  | mallocs | 3 | 3 | exact |"))
        #expect(text.hasPrefix("- machine: Test CPU @ 3.0GHz"))
        #expect(text.contains("**Warnings**\n\n- Example/sum/1000: time budget reached after 101 samples\n"))
    }
}
