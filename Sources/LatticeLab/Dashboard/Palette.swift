/// Colours of the lab's charts: one fixed colour per strategy, so a strategy looks the same
/// in every chart, and a fallback cycle for other series (readers, sizes).
enum Palette {
    /// Colours in the order series are given, after the strategies'.
    static let cycle = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948",
                        "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"]
    /// The colour of the limit lines.
    static let limit = "#d62728"
    /// Axes, grid and labels.
    static let axis = "#999"
    static let grid = "#e5e5e5"

    /// The colour of the series named `name`, the `index`th in its chart.
    static func color(for name: String, index: Int) -> String {
        switch name {
        case StrategyName.stored: "#4e79a7"
        case StrategyName.derived: "#e15759"
        case StrategyName.rootVerdict: "#59a14f"
        default: cycle[index % cycle.count]
        }
    }
}
