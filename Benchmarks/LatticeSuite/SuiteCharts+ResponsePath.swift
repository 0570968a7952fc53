import LatticeBench

/// The response path on the dashboard: per input, each step from the server's bytes to data
/// read on screen (and Foundation's readers, the reader's anchors) as a bar of its median time.
extension SuiteCharts {
    /// One chart per input measured, a bar per step of the path in the order measured, then
    /// each of the reader's anchors (`SuiteTables.readerAnchors`, labelled so); empty when the
    /// run measured none. - Complexity: O(inputs · steps).
    func responsePathSteps() -> [BarChart] {
        let (inputs, measured) = index.responsePathCases
        let anchors = SuiteTables.readerAnchors
        let steps = measured.filter { !anchors.contains($0) } + anchors.filter(measured.contains)
        return inputs.compactMap { input in
            let groups = steps.compactMap { step in
                median(index[.responsePath(input: input, step: step)], Metric.wallTime.name).map {
                    BarChart.Group(label: anchors.contains(step) ? "\(step) (anchor)" : step, values: [$0])
                }
            }
            guard !groups.isEmpty else { return nil }
            return BarChart(title: "Response path: \(input), step by step", axisLabel: "time per step (median)",
                            series: ["median time"], groups: groups, format: Self.time, palette: palette)
        }
    }
}
