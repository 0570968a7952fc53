import Testing
@testable import LatticeBench

@Suite struct TerminalRendererTests {
    @Test func alignsColumnsInHumanUnitsWithoutColourByDefault() throws {
        let text = TerminalRenderer(colour: false).render(try SampleResults.file())
        #expect(!text.contains("\u{1B}["))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "machine:   Test CPU @ 3.0GHz, 2 cores, x86_64, Linux 6.1.0, load 0.50 0.25 0.12")
        #expect(lines.contains("run:       measure, harness overhead 21.5 ns per sample, up to 101 samples"))
        let header = try #require(lines.first { $0.hasPrefix("benchmark") })
        let fast = try #require(lines.first { $0.hasPrefix("Example/sum/10 ") })
        let slow = try #require(lines.first { $0.hasPrefix("Example/sum/1000 ") })
        let mallocs = try #require(lines.first { $0.contains("mallocs") })
        // Left-aligned columns start at the header's offset; right-aligned ones end at it.
        let metricColumn = try #require(header.range(of: "metric")).lowerBound.utf16Offset(in: header)
        for line in [fast, slow, mallocs] {
            #expect(line.dropFirst(metricColumn).hasPrefix("wallTime") || line.dropFirst(metricColumn).hasPrefix("mallocs"))
        }
        let medianEnd = try #require(header.range(of: "median")).upperBound.utf16Offset(in: header)
        #expect(String(fast.prefix(medianEnd)).hasSuffix("640 ns"))
        #expect(String(slow.prefix(medianEnd)).hasSuffix("1.25 ms"))
        #expect(mallocs.contains("exact"))
        let interval = try SampleResults.fastInterval()
        #expect(fast.contains("\(interval.lower) – \(interval.upper)"))
        #expect(lines.contains("warning: Example/sum/1000: time budget reached after 101 samples"))
    }

    @Test func coloursOnlyWhenAsked() throws {
        let text = TerminalRenderer(colour: true).render(try SampleResults.file())
        #expect(text.contains("\u{1B}[1mbenchmark"))
        #expect(text.contains("\u{1B}[0m"))
    }

    @Test func aQuickRunSaysSo() throws {
        var results = try SampleResults.file()
        results.configuration.quick = true
        #expect(TerminalRenderer(colour: false).render(results).contains("QUICK (lower confidence)"))
    }

    @Test func aPipeIsNotATerminal() {
        #expect(!TerminalRenderer.isTerminal(-1))
    }
}
