/// The ```swift blocks of a Markdown text (or another language's), and whether a file's lines
/// hold one, with leading and trailing spaces set aside (examples are indented in the functions
/// that run them): how a test keeps a doc's blocks and the code that compiles them from
/// drifting apart.
public enum SwiftBlocks {
    /// The lines of `text`, each without its leading and trailing whitespace.
    /// - Complexity: O(length of the text).
    public static func trimmedLines(of text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let start = line.drop { $0.isWhitespace }
            return start.dropLast(start.reversed().prefix { $0.isWhitespace }.count)
        }
    }

    /// Every block between a ```swift line (```graphql, ```json, ... with `language`) and the
    /// next ``` line, as trimmed lines. - Complexity: O(length of the text).
    public static func blocks(in markdown: String, language: String = "swift") -> [[Substring]] {
        var blocks: [[Substring]] = []
        var current: [Substring]?
        for line in trimmedLines(of: markdown) {
            if current == nil, line == "```" + language {
                current = []
            } else if let block = current, line == "```" {
                blocks.append(block)
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// Whether `block` appears in `lines` as consecutive lines. - Complexity: O(lines × block).
    public static func lines(_ lines: [Substring], contain block: [Substring]) -> Bool {
        guard !block.isEmpty, block.count <= lines.count else { return block.isEmpty }
        return (0...(lines.count - block.count)).contains { start in
            lines[start..<(start + block.count)].elementsEqual(block)
        }
    }
}
