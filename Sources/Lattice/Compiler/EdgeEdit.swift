/// An edge directive on a field (`@appendEdge`, `@prependEdge`, `@appendNode`,
/// `@prependNode`, `@deleteEdge`, `@deleteRecord`): what committing the field's value does to
/// connections' lists or to the store, besides writing the field, as Relay's do. A class: the
/// normalizer tests every field for one, and an absent reference costs the test nothing more.
public final class EdgeEdit: Sendable {
    /// What the field's value is used for.
    public enum Kind: Hashable, Sendable {
        /// The value is an edge: put it at the end (`atEnd`) or the start of each connection.
        case insertEdge(atEnd: Bool)
        /// The value is a node: put it in a new edge of type `edgeTypeName` at the end
        /// (`atEnd`) or the start of each connection.
        case insertNode(atEnd: Bool, edgeTypeName: String)
        /// The value is an id (or ids): remove that node's edges from each connection.
        case deleteEdge
        /// The value is an id (or ids): delete that record.
        case deleteRecord
    }

    /// What the directive does.
    public let kind: Kind
    /// The connections' record ids (`DataID.connection(parent:key:filters:)`), as written:
    /// usually a variable; none for `@deleteRecord`.
    public let connections: ArgumentValue?

    init(kind: Kind, connections: ArgumentValue?) {
        self.kind = kind
        self.connections = connections
    }
}
