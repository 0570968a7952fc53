/// An operation's document as a server that knows documents by id holds it: the text the
/// runtime sends (`Program.request(for:variables:)`) and its id, the SHA-256 of that text in
/// lowercase hex. `lattice persisted-documents` writes a program's as the manifest a server
/// loads (id to text).
public struct PersistedDocument: Hashable, Sendable {
    /// The SHA-256 of `text`, 64 lowercase hex digits.
    public let id: String
    /// The operation followed by every fragment it reaches, as sent.
    public let text: String

    /// The document of `text`. - Complexity: O(text's UTF-8 bytes), to hash it.
    init(text: String) {
        self.text = text
        self.id = SHA256.hex(of: text)
    }

    /// The document `operation` is sent as: its `requestText`, then every fragment it reaches
    /// in name order (the convention spec/ and its server use), separated by blank lines.
    /// - Complexity: O(fragments reached + text length).
    init(sending operation: Artifact) {
        var fragments: [String: Artifact] = [:]
        var pending = operation.spreadFragments
        while let fragment = pending.popLast() {
            guard fragments.updateValue(fragment, forKey: fragment.name) == nil else { continue }
            pending.append(contentsOf: fragment.spreadFragments)
        }
        let parts = [operation] + fragments.sorted { $0.key < $1.key }.map(\.value)
        self.init(text: parts.map(\.requestText).joined(separator: "\n\n"))
    }
}
