/// Where one benchmark's instructions go, as a reader wants it at a glance: the largest self
/// costs of its attribution (`MetricResult.functions`), the runtime's functions gathered into
/// their families (`RuntimeFamily`), each with its share of the benchmark's count. Made from the
/// results alone, so it never goes stale beside them.
public struct LargestSelfCosts: Sendable, Equatable {
    /// One function, or one family of the runtime's functions, and what it costs itself.
    public struct Entry: Sendable, Equatable {
        /// The function's name (`FunctionCost.name`), or nil for a family.
        public var function: String?
        /// The family, or nil for a function.
        public var family: RuntimeFamily?
        /// Self instructions per operation.
        public var instructions: Double
        /// The share of the benchmark's instruction count (per operation).
        public var share: Double
    }

    /// The entries kept at most.
    public static let count = 5
    /// The least share of the count an entry is kept at: a smaller one says nothing of where
    /// the time goes.
    public static let minimumShare = 0.01

    /// The largest first (ties by name), at most `count`, each at least `minimumShare`.
    public let entries: [Entry]
    /// The share of the count the entries explain together.
    public var explained: Double { entries.reduce(0) { $0 + $1.share } }

    /// The largest self costs of `instructions`, a metric counted under callgrind; nil when it
    /// carries no attribution or its count is not positive (nothing to share out).
    /// - Complexity: O(f log f) for f functions kept.
    public init?(_ instructions: MetricResult) {
        let total = instructions.summary.median
        guard let functions = instructions.functions, total > 0 else { return nil }
        var byFamily: [RuntimeFamily: Double] = [:]
        var entries: [Entry] = []
        for function in functions {
            if let family = RuntimeFamily(function: function.name) {
                byFamily[family, default: 0] += function.selfInstructions
            } else {
                entries.append(Entry(function: function.name, family: nil, instructions: function.selfInstructions,
                                     share: function.selfInstructions / total))
            }
        }
        entries += byFamily.map { Entry(function: nil, family: $0.key, instructions: $0.value, share: $0.value / total) }
        self.entries = Array(entries.filter { $0.share >= Self.minimumShare }
            .sorted { ($0.instructions, $1.name) > ($1.instructions, $0.name) }
            .prefix(Self.count))
    }

    /// `reference counting 32.5%, `Lattice.Store.publish(…)` 25.6%, hashing 8.2%` (Markdown: a
    /// function in code, a family in italics; a long name cut as `AttributionTable` cuts it).
    /// - Complexity: O(entries).
    public func markdown() -> String {
        entries.map { entry in
            let name = entry.function.map { "`\(AttributionTable.shortened($0))`" } ?? "*\(entry.name)*"
            return "\(name) \(FigureText.percent(entry.share))"
        }.joined(separator: ", ")
    }
}

extension LargestSelfCosts.Entry {
    /// The function's or the family's name.
    var name: String { function ?? family?.rawValue ?? "" }
}
