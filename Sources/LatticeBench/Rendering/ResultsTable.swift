import Foundation

/// The results of a run as a table (one row per benchmark and metric) plus its context, shared
/// by the terminal and Markdown renderers so both show the same figures.
public enum ResultsTable {
    /// Rows: benchmark (on its first metric only), metric, n, median, 95 % interval, p90,
    /// p99, CV (yellow above 10 %), outliers. Exact metrics show `exact` instead of an interval.
    static func table(_ results: ResultsFile) -> TextTable {
        var table = TextTable(
            headers: ["benchmark", "metric", "n", "median", "95% CI", "p90", "p99", "CV", "outliers"],
            alignments: [.left, .left, .right, .right, .left, .right, .right, .right, .left])
        for benchmark in results.benchmarks {
            for (index, result) in benchmark.metrics.enumerated() {
                let summary = result.summary
                let unit = result.metric.unit
                let format = { (value: Double) in ValueFormat.string(value, unit: unit) }
                let interval = result.metric.exact
                    ? "exact"
                    : "\(format(summary.medianInterval.lower)) – \(format(summary.medianInterval.upper))"
                let cv = result.metric.exact ? "" : summary.cv.map { ValueFormat.percent($0).dropFirst() } ?? "–"
                let noisy = (summary.cv ?? 0) > Limit.defaultMaxCV && !result.metric.exact
                table.append([
                    TextTable.Cell(index == 0 ? benchmark.name : "", style: .bold),
                    TextTable.Cell(result.metric.name),
                    TextTable.Cell(String(summary.n)),
                    TextTable.Cell(format(summary.median)),
                    TextTable.Cell(interval, style: .dim),
                    TextTable.Cell(format(summary.p90)),
                    TextTable.Cell(format(summary.p99)),
                    TextTable.Cell(String(cv), style: noisy ? .yellow : nil),
                    TextTable.Cell(outliers(summary.outliers)),
                ])
            }
        }
        return table
    }

    /// Label and value lines saying where and how the run measured: machine (with the load
    /// when it started), toolchain, commit, start time, configuration and the reference pace
    /// (`ResultsFile.referencePace`) when the run recorded one. Only what the results file
    /// holds, so every report of the same file says the same.
    /// - Complexity: O(p log p) over the run's p pace samples.
    public static func context(_ results: ResultsFile) -> [(label: String, value: String)] {
        let machine = results.machine
        var hardware = [machine.cpuModel ?? "unknown CPU", "\(machine.cores) cores"]
        hardware += [machine.architecture, machine.kernel].compactMap { $0 }
        if let load = machine.loadAverage {
            hardware.append(String(format: "load %.2f %.2f %.2f",
                                   load.oneMinute, load.fiveMinutes, load.fifteenMinutes))
        }
        var lines: [(String, String)] = [("machine", hardware.joined(separator: ", "))]
        lines.append(("toolchain", results.toolchain?.swiftVersion ?? "unknown"))
        lines.append(("commit", results.revision.map { "\($0.commit)\($0.dirty ? " (dirty tree)" : "")" }
                                  ?? "unknown"))
        lines.append(("started", timestamp(results.createdAt)))
        let configuration = results.configuration
        var run = [configuration.mode?.rawValue ?? "measure"]
        if configuration.quick == true { run.append("QUICK (lower confidence)") }
        if let filter = configuration.filter { run.append("filter \(filter)") }
        if let overhead = configuration.harnessOverheadNanoseconds {
            run.append("harness overhead \(ValueFormat.string(overhead, unit: .nanoseconds)) per sample")
        }
        if let samples = configuration.maxSamples { run.append("up to \(samples) samples") }
        if let budget = configuration.timeBudgetNanoseconds {
            run.append("\(ValueFormat.string(budget, unit: .nanoseconds)) budget per benchmark")
        }
        lines.append(("run", run.joined(separator: ", ")))
        if let pace = results.referencePace {
            // The unit that carries the figures to another machine: say what it was here.
            lines.append(("pace", "reference pace \(ValueFormat.string(pace, unit: .nanoseconds)) (the 1st percentile of "
                          + "the pace probe's readings); a time in paces is the time divided by it"))
        }
        return lines
    }

    /// `date` in ISO 8601, UTC, to the second: `2026-10-05T09:12:44Z`.
    public static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    /// `benchmark: warning` for every warning, in order.
    static func warnings(_ results: ResultsFile) -> [String] {
        results.benchmarks.flatMap { benchmark in benchmark.warnings.map { "\(benchmark.name): \($0)" } }
    }

    private static func outliers(_ outliers: Outliers) -> String {
        let mild = outliers.mildLow + outliers.mildHigh
        let severe = outliers.severeLow + outliers.severeHigh
        return [mild > 0 ? "\(mild) mild" : nil, severe > 0 ? "\(severe) severe" : nil]
            .compactMap { $0 }.joined(separator: ", ")
    }
}
