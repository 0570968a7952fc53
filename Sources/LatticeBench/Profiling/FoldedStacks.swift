/// Stacks and how often each was seen, in the "folded" text format of Brendan Gregg's
/// flamegraph.pl: one line per distinct stack, frames root first separated by `;`, then a
/// space and the count (`main;parse;lex 12`).
struct FoldedStacks: Equatable, Sendable {
    /// Count of each distinct stack (frames root first).
    private(set) var counts: [[String]: Int] = [:]

    /// No stacks.
    init() {}

    /// Records `stack` (root first) seen `count` more times. Frame names are made safe for
    /// the format: `;` becomes `:`, line breaks become spaces. An empty stack is ignored.
    /// - Complexity: O(frames).
    mutating func add(_ stack: [String], count: Int = 1) {
        guard !stack.isEmpty, count > 0 else { return }
        counts[stack.map(Self.sanitize), default: 0] += count
    }

    /// Total samples.
    var total: Int { counts.values.reduce(0, +) }

    /// The folded text: lines sorted by stack, so the same stacks always give the same text.
    /// - Complexity: O(s log s) for s distinct stacks.
    var text: String {
        counts.map { (stack: $0.key.joined(separator: ";"), count: $0.value) }
            .sorted { $0.stack < $1.stack }
            .map { "\($0.stack) \($0.count)\n" }
            .joined()
    }

    private static func sanitize(_ frame: String) -> String {
        String(frame.map { character -> Character in
            switch character {
            case ";": ":"
            case "\n", "\r": " "
            default: character
            }
        })
    }
}
