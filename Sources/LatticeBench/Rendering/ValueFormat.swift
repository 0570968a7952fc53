import Foundation

/// Human-readable numbers in a metric's unit, shared by every text renderer so the same
/// figure reads the same everywhere: time scaled to ns/µs/ms/s, bytes to B/KiB/MiB/GiB, counts
/// and instructions as plain numbers with at most two decimals, paces to three digits. Three significant digits for
/// scaled units (the noise on this machine makes a fourth meaningless).
public enum ValueFormat {
    /// `value` with its unit, e.g. `638 ns`, `25.9 ns`, `1.20 ms`, `4.00 KiB`, `12`, `12.5`, `2.16 paces`.
    public static func string(_ value: Double, unit: Metric.Unit) -> String {
        switch unit {
        case .nanoseconds:
            scaled(value, steps: [(1e9, "s"), (1e6, "ms"), (1e3, "µs")], base: "ns")
        case .bytes:
            scaled(value, steps: [(1_073_741_824, "GiB"), (1_048_576, "MiB"), (1024, "KiB")],
                   base: "B")
        case .count, .instructions:
            plain(value)
        case .paces:
            "\(significant(value)) paces"
        }
    }

    /// A signed percentage with one decimal, e.g. `+10.3%`, `-0.4%`.
    public static func percent(_ fraction: Double) -> String {
        String(format: "%+.1f%%", fraction * 100)
    }

    /// A probability for tables: `p=0.034`, or `p<0.001`.
    public static func probability(_ p: Double) -> String {
        p < 0.001 ? "p<0.001" : String(format: "p=%.3f", p)
    }

    private static func scaled(_ value: Double, steps: [(Double, String)], base: String) -> String {
        for (factor, symbol) in steps where abs(value) >= factor {
            return "\(significant(value / factor)) \(symbol)"
        }
        return "\(significant(value)) \(base)"
    }

    /// Three significant digits, without exponent: 638, 25.9, 1.20, 0.123.
    private static func significant(_ value: Double) -> String {
        let magnitude = abs(value)
        let decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3
        return String(format: "%.\(decimals)f", value)
    }

    /// Integers as such, others with up to two decimals: 12, 12.5, 0.33.
    private static func plain(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
