import Foundation

/// How the reports write one measured figure, the same in BENCHMARKS.md and the dashboard.
///
/// A noisy metric shows its median and the 95 % interval of the median, of the samples taken
/// at the machine's reference pace (the reports judge results filtered by
/// `ResultsFile.atReferencePace()`); it is shown as undecided, never as a plain number, when
/// too few samples were at pace or their robust coefficient of variation (`Summary.robustCV`)
/// is above `Limit.defaultMaxCV` (the machine was too busy for it to mean much). An exact metric shows
/// its value, with its range when the samples disagree. A time judged at the reference pace is
/// also given in paces (`MetricResult.paceFigure`), the unit that reads the same on another
/// machine: `2.10 µs [2.09 µs, 2.11 µs] (2.16 paces [2.15 paces, 2.17 paces])`.
public enum FigureText {
    /// Shown for a figure that was not measured.
    public static let missing = "–"

    /// The median (or exact value) of `result`, with its interval or undecided mark.
    public static func figure(_ result: MetricResult?, scale: Double = 1) -> String {
        guard let result else { return missing }
        let unit = result.metric.unit
        let summary = result.summary
        let format = { (value: Double) in ValueFormat.string(value / scale, unit: unit) }
        if result.metric.exact {
            return summary.min == summary.max
                ? format(summary.median)
                : "\(format(summary.median)) (\(format(summary.min))–\(format(summary.max)))"
        }
        if let pace = result.referencePace, !pace.suffices {
            return "undecided (\(format(summary.median)), \(pace.atPace) of \(pace.taken) at pace)"
        }
        if isUndecided(result) {
            let paces = result.paceFigure.map { " = " + ValueFormat.string($0.value / scale, unit: .paces) } ?? ""
            return "undecided (\(format(summary.median))\(paces), robust CV \(percent(summary.robustCV)))"
        }
        let interval = summary.medianInterval
        return "\(format(summary.median)) [\(format(interval.lower)), \(format(interval.upper))]"
            + (result.paceFigure.map { " (\(paces($0, scale: scale)))" } ?? "")
    }

    /// A figure in paces, divided by `scale`, with its interval: `2.16 paces [2.15 paces, 2.17 paces]`.
    public static func paces(_ figure: PaceFigure, scale: Double = 1) -> String {
        let format = { (value: Double) in ValueFormat.string(value / scale, unit: .paces) }
        guard let interval = figure.interval else { return format(figure.value) }
        return "\(format(figure.value)) [\(format(interval.lower)), \(format(interval.upper))]"
    }

    /// Just the median (or exact value), scaled; `missing` when absent.
    public static func median(_ result: MetricResult?, scale: Double = 1) -> String {
        guard let result else { return missing }
        return ValueFormat.string(result.summary.median / scale, unit: result.metric.unit)
    }

    /// Whether a noisy figure is too noisy, or had too few samples at the reference pace, to judge.
    /// Samples that all agree are judged, even at zero, where the robust CV is undefined (a
    /// benchmark that was never preempted reads 0 preemptions).
    public static func isUndecided(_ result: MetricResult) -> Bool {
        guard !result.metric.exact else { return false }
        if let pace = result.referencePace, !pace.suffices { return true }
        guard result.summary.n >= 2 else { return true }
        guard let cv = result.summary.robustCV else { return result.summary.min != result.summary.max }
        return cv > Limit.defaultMaxCV
    }

    /// A fraction as an unsigned percentage with one decimal; "undefined" for nil.
    public static func percent(_ fraction: Double?) -> String {
        guard let fraction else { return "undefined" }
        return String(ValueFormat.percent(fraction).dropFirst())
    }

    /// A ratio with three significant digits: `2.50 ×`.
    public static func times(_ ratio: Double) -> String { "\(significant(ratio)) ×" }

    /// Three significant digits (or the whole number from 100 up): `2.50`, `18.1`, `1,204`.
    public static func significant(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 100 else { return value.isFinite ? Int(value.rounded()).grouped : "\(value)" }
        return String(format: abs(value) >= 10 ? "%.1f" : "%.2f", value)
    }
}
