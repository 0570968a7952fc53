/// A flamegraph of folded stacks as a self-contained SVG (no script, no external resource):
/// one rectangle per frame, its width proportional to the samples it appears in, the root at
/// the bottom, children left to right in name order; each frame has a text label (cut to
/// fit) and a tooltip (`<title>`) with its name, samples and share.
struct FlamegraphSVG {
    /// A frame placed in the image.
    struct Frame: Equatable, Sendable {
        /// The function's name (`all` for the root).
        var name: String
        /// 0 for the root, 1 for the outermost function, ...
        var depth: Int
        /// Samples in which this frame appears with this ancestry.
        var count: Int
        /// Left edge, pixels.
        var x: Double
        /// Width, pixels: `count / total × graphWidth`.
        var width: Double
    }

    /// Image width, pixels.
    static let imageWidth = 1200.0
    /// Margin around the graph, pixels.
    static let margin = 10.0
    /// Width of the graph itself, pixels.
    static let graphWidth = imageWidth - 2 * margin
    /// Height of a frame, pixels.
    static let frameHeight = 16.0
    /// Frames narrower than this (and their children) are left out, pixels.
    static let minimumWidth = 0.1
    private static let titleHeight = 40.0
    private static let fontSize = 12.0
    /// Average advance of a monospace character at `fontSize`, for cutting labels.
    private static let characterWidth = 7.2

    /// The frames, in drawing order (parents before children).
    let frames: [Frame]
    /// The title drawn at the top.
    let title: String

    /// Lays out `stacks`.
    /// - Complexity: O(total frames of all distinct stacks · log children).
    init(stacks: FoldedStacks, title: String) {
        self.title = title
        let root = Node()
        for (stack, count) in stacks.counts {
            root.count += count
            var node = root
            for name in stack {
                let child = node.children[name] ?? Node()
                node.children[name] = child
                child.count += count
                node = child
            }
        }
        var frames: [Frame] = []
        let scale = root.count > 0 ? Self.graphWidth / Double(root.count) : 0
        func place(_ node: Node, name: String, depth: Int, x: Double) {
            let width = Double(node.count) * scale
            guard width >= Self.minimumWidth else { return }
            frames.append(Frame(name: name, depth: depth, count: node.count, x: x, width: width))
            var childX = x
            for (childName, child) in node.children.sorted(by: { $0.key < $1.key }) {
                place(child, name: childName, depth: depth + 1, x: childX)
                childX += Double(child.count) * scale
            }
        }
        if root.count > 0 { place(root, name: "all", depth: 0, x: Self.margin) }
        self.frames = frames
    }

    /// Image height, pixels: the title, the deepest stack, the margins.
    var imageHeight: Double {
        let depth = frames.map(\.depth).max() ?? 0
        return Self.titleHeight + Double(depth + 1) * Self.frameHeight + 2 * Self.margin
    }

    /// The SVG document.
    /// - Complexity: O(frames).
    var svg: String {
        let height = imageHeight
        let total = frames.first?.count ?? 0
        var out = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="\(format(Self.imageWidth))" \
        height="\(format(height))" viewBox="0 0 \(format(Self.imageWidth)) \(format(height))" \
        font-family="monospace" font-size="\(format(Self.fontSize))">
        <rect x="0" y="0" width="100%" height="100%" fill="#fdfdf6"/>
        <text x="\(format(Self.imageWidth / 2))" y="24" text-anchor="middle" font-size="17">\(title.markupEscaped)</text>

        """
        for frame in frames {
            let y = height - Self.margin - Double(frame.depth + 1) * Self.frameHeight
            let share = total > 0 ? Double(frame.count) / Double(total) * 100 : 0
            let tooltip = "\(frame.name) (\(frame.count) samples, \(format(share))%)"
            out += "<g><title>\(tooltip.markupEscaped)</title>"
            out += "<rect x=\"\(format(frame.x))\" y=\"\(format(y))\" width=\"\(format(frame.width))\" "
            out += "height=\"\(format(Self.frameHeight - 1))\" fill=\"\(color(frame.name))\" rx=\"2\"/>"
            if let label = label(frame.name, width: frame.width) {
                out += "<text x=\"\(format(frame.x + 3))\" y=\"\(format(y + Self.frameHeight - 4))\">"
                out += "\(label.markupEscaped)</text>"
            }
            out += "</g>\n"
        }
        return out + "</svg>\n"
    }

    /// `name` cut to fit `width` (ending in `..` when cut), or nil when not even three
    /// characters fit.
    func label(_ name: String, width: Double) -> String? {
        let fitting = Int((width - 6) / Self.characterWidth)
        guard fitting >= 3 else { return nil }
        return name.count <= fitting ? name : String(name.prefix(fitting - 2)) + ".."
    }

    /// A warm colour derived from the name (FNV-1a), so a function keeps its colour across
    /// graphs.
    private func color(_ name: String) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let red = 205 + Int(hash % 50)
        let green = Int((hash >> 8) % 180) + 40
        let blue = Int((hash >> 16) % 55)
        return "rgb(\(red),\(green),\(blue))"
    }

    /// Two decimals at most, no trailing zeros, so the output is stable and compact.
    private func format(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    private final class Node {
        var count = 0
        var children: [String: Node] = [:]
    }
}
