import Foundation
import LatticeBench

/// Where and how a run measured, as label/value lines: machine, toolchain, commit, date and
/// configuration. Only what the results file holds, so it is the same on every regeneration.
enum RunContext {
    /// The lines, in a fixed order; unknown fields are left out.
    static func lines(_ results: ResultsFile) -> [(label: String, value: String)] {
        let machine = results.machine
        var lines: [(label: String, value: String)] = []
        lines.append(("machine", [machine.cpuModel, "\(machine.cores) cores", machine.architecture, machine.kernel]
            .compactMap { $0 }.joined(separator: ", ")))
        if let load = machine.loadAverage {
            lines.append(("load when the run started", String(format: "%.2f %.2f %.2f",
                                                               load.oneMinute, load.fiveMinutes, load.fifteenMinutes)))
        }
        lines.append(("toolchain", results.toolchain?.swiftVersion ?? "unknown"))
        if let revision = results.revision {
            lines.append(("commit", revision.commit + (revision.dirty ? " (working tree had changes)" : "")))
        } else {
            lines.append(("commit", "unknown"))
        }
        lines.append(("run started", date(results.createdAt)))
        let configuration = results.configuration
        var settings: [String] = []
        if configuration.quick == true { settings.append("QUICK run (short, lower confidence)") }
        if let mode = configuration.mode { settings.append("mode \(mode.rawValue)") }
        if let samples = configuration.maxSamples { settings.append("up to \(samples) samples") }
        if let budget = configuration.timeBudgetNanoseconds {
            settings.append("\(ValueFormat.string(budget, unit: .nanoseconds)) budget per benchmark")
        }
        if let overhead = configuration.harnessOverheadNanoseconds {
            settings.append("harness overhead \(ValueFormat.string(overhead, unit: .nanoseconds)) per sample, subtracted")
        }
        if !settings.isEmpty { lines.append(("configuration", settings.joined(separator: ", "))) }
        return lines
    }

    /// ISO 8601 in UTC, e.g. `2026-10-05T09:12:44Z`.
    static func date(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}
