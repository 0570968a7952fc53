/// Colours of the charts: fixed colours for named series (a suite gives each of its strategies
/// one, so a strategy looks the same in every chart), and a fallback cycle for other series
/// (readers, sizes). A value: building one costs a dictionary of the fixed names.
public struct Palette: Sendable {
    /// Colours in the order series are given, for series without a fixed colour.
    static let cycle = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948",
                        "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"]
    /// The colour of the limit lines.
    static let limit = "#d62728"
    /// Axes.
    static let axis = "#999"
    /// Grid lines.
    static let grid = "#e5e5e5"

    /// Series names with a colour of their own (CSS colours), whatever their place in a chart.
    public let fixed: [String: String]

    /// A palette giving the series named in `fixed` their colours; by default none.
    public init(fixed: [String: String] = [:]) { self.fixed = fixed }

    /// The colour of the series named `name`, the `index`th in its chart. - Complexity: O(1).
    func color(for name: String, index: Int) -> String {
        fixed[name] ?? Self.cycle[index % Self.cycle.count]
    }
}
