/// One page of a `@connection` field, staged for merging into its connection record: the
/// page's edges (their records written by the same delta) and its `pageInfo` fields. The
/// merge happens when the delta is published (`Store.apply(_:inBase:willWrite:changed:)`), against
/// the list as it is then, so a page that answers a cursor that is no longer the end is
/// dropped whole.
public struct ConnectionPage: Sendable {
    /// Where the page goes in the list.
    public enum Position: Hashable, Sendable {
        /// In place of the list: the first page, or a refetch.
        case replacing
        /// After the end, when the list still ends at this cursor.
        case after(String)
        /// Before the start, when the list still starts at this cursor.
        case before(String)
    }

    /// The connection record (`client:<parent>:__<key>_connection(<filters>)`).
    public let connection: DataID
    /// The connection's `pageInfo` record.
    public let pageInfo: DataID
    /// Where the page goes.
    public let position: Position
    /// The response path of the `@connection` field the page answered, for the errors that
    /// refuse it (`repository.issueConnection`).
    let path: String
    /// The page's edge records, in the page's order (one per node: an edge's id is made from
    /// its node's).
    var edges: [DataID] = []
    /// The page's `pageInfo` fields, as the normalizer staged them.
    var pageInfoWrites: [RecordSourceDelta.FieldWrite] = []

    init(connection: DataID, position: Position, path: String) {
        self.connection = connection
        self.pageInfo = DataID.client(parent: connection, storageKey: "pageInfo")
        self.position = position
        self.path = path
    }

    /// The cursor the page was asked after (or before), `nil` for a page in place of the list.
    var cursor: String? {
        switch position {
        case .replacing: nil
        case .after(let cursor), .before(let cursor): cursor
        }
    }

    /// The id of the edge of `node` in `connection`: one edge record per node, so a node a
    /// later page repeats finds its edge, and an edge is never another node's.
    static func edgeID(of node: DataID, in connection: DataID) -> DataID {
        DataID(connection.rawValue + ":edges:" + node.rawValue)
    }
}

/// One staged edit of a connection's list, applied in the order staged after a delta's field
/// writes (`Store.apply(_:inBase:willWrite:changed:)`).
enum ConnectionEdit: Sendable {
    /// A page to merge.
    case page(ConnectionPage)
    /// The edges of these nodes, to remove from this connection.
    case removeEdges([DataID], from: DataID)
    /// These edge records, to put at the end (or the start) of this connection.
    case insertEdges([DataID], into: DataID, atEnd: Bool)

    /// Whether it can take edges out of a list: a removal, or a page in place of the list.
    var dropsLinks: Bool {
        switch self {
        case .removeEdges: true
        case .page(let page): if case .replacing = page.position { true } else { false }
        case .insertEdges: false
        }
    }
}

extension DataID {
    /// The record of the list of the `@connection(key:)` field on `parent` under the values
    /// of its filter arguments (none when the field has none): what `@appendEdge` and the
    /// other edge directives name in `connections`. - Complexity: O(size of the filters).
    public static func connection(parent: DataID, key: String, filters: [String: JSONValue] = [:]) -> DataID {
        client(parent: parent, storageKey: StorageKey.make(name: "__\(key)_connection",
                                                           arguments: filters.map { ($0.key, $0.value) }))
    }
}

/// The fields a connection merge reads and writes, interned once.
extension FieldKey {
    /// A connection's `edges`.
    static let edges = FieldKey("edges")
    /// An edge's `node`.
    static let node = FieldKey("node")
    /// An edge's `cursor`.
    static let cursor = FieldKey("cursor")
    /// A connection's `pageInfo`.
    static let pageInfo = FieldKey("pageInfo")
    /// `pageInfo.endCursor`.
    static let endCursor = FieldKey("endCursor")
    /// `pageInfo.startCursor`.
    static let startCursor = FieldKey("startCursor")
    /// `pageInfo.hasNextPage`.
    static let hasNextPage = FieldKey("hasNextPage")
    /// `pageInfo.hasPreviousPage`.
    static let hasPreviousPage = FieldKey("hasPreviousPage")
}
