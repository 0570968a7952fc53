/// A response's errors arranged by path, built once, so the normalizer finds the errors
/// under a field by walking one level per field it writes, alongside the data.
///
/// Each error is placed at most once; what is never placed is unplaced.
struct ErrorTrie {
    /// One path step: the errors ending here and the steps below.
    final class Node {
        var errors: [Int] = []
        var children: [GraphQLError.PathElement: Node] = [:]

        /// The child for `element`, if any error goes through it. - Complexity: O(1).
        func child(_ element: GraphQLError.PathElement) -> Node? {
            children.isEmpty ? nil : children[element]
        }
    }

    let errors: [GraphQLError]
    /// Root of the paths; `nil` when no error has a path.
    let root: Node?
    private(set) var placed: [Bool]

    /// Builds the trie. - Complexity: O(total path length of the errors).
    init(_ errors: [GraphQLError]) {
        self.errors = errors
        placed = Array(repeating: false, count: errors.count)
        var root: Node?
        for (index, error) in errors.enumerated() {
            guard let path = error.path, !path.isEmpty else { continue }
            let top = root ?? Node()
            root = top
            var node = top
            for element in path {
                if let next = node.children[element] {
                    node = next
                } else {
                    let next = Node()
                    node.children[element] = next
                    node = next
                }
            }
            node.errors.append(index)
        }
        self.root = root
    }

    /// Takes every error at or under `node`, marking them placed. - Complexity: O(subtrie).
    mutating func take(_ node: Node) -> [GraphQLError] {
        var found: [Int] = []
        func collect(_ node: Node) {
            found.append(contentsOf: node.errors)
            for child in node.children.values { collect(child) }
        }
        collect(node)
        found.sort()
        for index in found { placed[index] = true }
        return found.map { errors[$0] }
    }

    /// The errors never placed, in response order. - Complexity: O(errors).
    var unplaced: [GraphQLError] {
        errors.indices.filter { !placed[$0] }.map { errors[$0] }
    }
}
