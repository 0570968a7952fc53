import LatticeBench

/// The response path on the dashboard: per input, each step from the server's bytes to data
/// read on screen (and Foundation's readers, the reader's anchors) as a bar of its median time.
extension SuiteCharts {
    /// One chart per input measured, a bar per step in the order measured; empty when the run
    /// measured none. - Complexity: O(inputs · steps).
    func responsePathSteps() -> [BarChart] {
        let (inputs, steps) = index.responsePathCases
        return inputs.compactMap { input in
            let groups = steps.compactMap { step in
                median(index[.responsePath(input: input, step: step)], Metric.wallTime.name).map {
                    BarChart.Group(label: step, values: [$0])
                }
            }
            guard !groups.isEmpty else { return nil }
            return BarChart(title: "Response path: \(input), step by step", axisLabel: "time per step (median)",
                            series: ["median time"], groups: groups, format: Self.time, palette: palette)
        }
    }
}
