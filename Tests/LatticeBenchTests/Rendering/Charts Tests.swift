import Foundation
import Testing
@testable import LatticeBench

/// The points of the first `<path d="M.. L..">` in `svg`.
private func pathPoints(_ svg: String) -> [(x: Double, y: Double)] {
    guard let start = svg.range(of: "<path d=\""), let end = svg[start.upperBound...].firstIndex(of: "\"") else {
        return []
    }
    return svg[start.upperBound..<end].split(whereSeparator: { $0 == "M" || $0 == "L" }).compactMap { pair in
        let numbers = pair.split(separator: " ").compactMap { Double($0) }
        return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
    }
}

private func count(_ needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
}

@Suite struct ChartsTests {
    @Test(arguments: [(0.0, "0"), (1.0, "1"), (-0.004, "0"), (2.5, "2.5"), (2.05, "2.05"), (-0.5, "-0.5"),
                      (-12.34, "-12.34"), (1e9, "1000000000"), (.nan, "0")])
    func numbersHaveAtMostTwoDecimals(value: Double, expected: String) {
        #expect(SVGCanvas.number(value) == expected)
    }

    @Test func escapingLeavesNoMarkup() {
        #expect(("<a href=\"x\">&'</a>").markupEscaped == "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;")
    }

    @Test func logLogLineOfAPowerLawIsStraightAndEvenlySpaced() {
        let chart = LineChart(title: "t", xLabel: "x", yLabel: "y", xKind: .logarithmic, yKind: .logarithmic,
                              series: [.init(name: "derived", points: [(1, 10), (10, 100), (100, 1000)])],
                              reference: nil, formatX: { "\($0)" }, formatY: { "\($0)" })
        let points = pathPoints(chart.render())
        #expect(points.count == 3)
        guard points.count == 3 else { return }
        #expect(abs((points[1].x - points[0].x) - (points[2].x - points[1].x)) < 0.02)
        #expect(abs((points[1].y - points[0].y) - (points[2].y - points[1].y)) < 0.02)
        #expect(points[0].y > points[2].y, "larger values are drawn higher")
    }

    @Test func nonPositivePointsAreLeftOffLogarithmicAxes() {
        let chart = LineChart(title: "t", xLabel: "x", yLabel: "y", xKind: .logarithmic, yKind: .logarithmic,
                              series: [.init(name: "s", points: [(0, 5), (10, 0), (100, 7), (1000, .infinity)])],
                              reference: nil, formatX: { "\($0)" }, formatY: { "\($0)" })
        #expect(pathPoints(chart.render()).count == 1)
    }

    @Test func referenceLineLiesBetweenThePointsAroundIt() {
        let chart = LineChart(title: "t", xLabel: "x", yLabel: "y", xKind: .linear, yKind: .linear,
                              series: [.init(name: "s", points: [(1, 10), (2, 90)])],
                              reference: .init(value: 50, label: "limit"), formatX: { "\($0)" }, formatY: { "\($0)" })
        let svg = chart.render()
        let points = pathPoints(svg)
        guard let dashed = svg.range(of: "stroke-dasharray=\"6 4\""),
              let lineStart = svg[..<dashed.lowerBound].range(of: "<line ", options: .backwards),
              let y1 = svg[lineStart.upperBound...].split(separator: "\"").dropFirst(3).first.flatMap({ Double($0) }),
              points.count == 2
        else {
            Issue.record("no dashed reference line or points in \(svg)")
            return
        }
        #expect(y1 < points[0].y && y1 > points[1].y)
    }

    @Test func distributionPlotThinsDotsAndOrdersItsBox() {
        let samples = (1...1000).map(Double.init)
        let plot = DistributionPlot(title: "t", axisLabel: "a", kind: .linear,
                                    rows: [.init(label: "derived tracked", series: "derived", samples: samples)],
                                    limit: nil, format: { "\($0)" })
        let svg = plot.render()
        #expect(count("<circle ", in: svg) == DistributionPlot.maximumDots)
        #expect(svg.contains("median 500.5"))
        #expect(DistributionPlot.quantile([1, 2, 3, 4], 0.25) == 1.75)
    }

    @Test func barChartDrawsOneBarPerMeasuredValueAndMarksMissingOnes() {
        let chart = BarChart(title: "t", axisLabel: "a", series: ["stored", "derived"],
                             groups: [.init(label: "verdictValue", values: [0, 1]),
                                      .init(label: "retry", values: [2, nil])], format: { "\(Int($0))" })
        let svg = chart.render()
        #expect(count("<title>verdictValue, ", in: svg) == 2)
        #expect(count("<title>retry, ", in: svg) == 1)
        #expect(svg.contains(">–</text>"))
    }

    @Test func logarithmicTicksArePowersOfTenCoveringTheData() {
        let scale = ChartScale(kind: .logarithmic, covering: [3, 4_000], range: (0, 100))
        #expect(scale.ticks() == [1, 10, 100, 1_000, 10_000])
        #expect(scale.position(1) == 0 && scale.position(10_000) == 100)
    }

    @Test func linearTicksAreRoundSteps() {
        let scale = ChartScale(kind: .linear, covering: [0, 9.5], range: (0, 100))
        #expect(scale.ticks() == [0, 2, 4, 6, 8, 10])
        let runs = ChartScale(kind: .linear, covering: [1], range: (0, 100), minimumStep: 1)
        #expect(runs.ticks() == [0, 1, 2], "whole steps, ending on a tick")
    }
}
