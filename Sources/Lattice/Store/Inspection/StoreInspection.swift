import Foundation

/// A store as it stands, by its structure: how many records of each type, the retained roots
/// with their handles and phases, the pending optimistic layers, the `@connection` lists and
/// their pages, the release buffer, and the image. What `Environment.inspect(includesValues:)`
/// (or `Store.inspect(includesValues:)`) answers, and what `lattice inspect` draws as a page.
///
/// Value-free by default, as the logger is: names, counts, kinds and whether a cursor is
/// there, never a field's value, a variable's value, a cursor or an id the app did not make
/// (a connection's id carries its parent's), so an inspection can leave the device. With
/// `includesValues`, variables' values and connections' ids are in it too.
///
/// `Codable`, so an app writes it to a file (`write(to:)`) that the `lattice` tool renders
/// (`lattice inspect --inspection FILE --out PAGE.html`): the runtime writes no HTML.
public struct StoreInspection: Codable, Hashable, Sendable {
    /// The store's write epoch (`Store.epoch`): +1 per commit.
    public var epoch: Int
    /// Whether values were included (`includesValues`).
    public var includesValues: Bool
    /// The records by type, the most numerous first (then by name).
    public var types: [TypeCount]
    /// The retained roots: operations with their variables whose records garbage collection
    /// keeps, by operation name (then variables).
    public var roots: [Root]
    /// The pending optimistic layers, oldest first.
    public var layers: [Layer]
    /// The `@connection` lists, by id.
    public var connections: [Connection]
    /// The released roots still kept from collection, oldest first.
    public var releaseBuffer: ReleaseBuffer
    /// The store's image on disk, when there is one.
    public var image: Image?

    /// The number of records, of every type. - Complexity: O(types).
    public var recordCount: Int { types.reduce(0) { $0 + $1.records } }

    /// How many records have one type.
    public struct TypeCount: Codable, Hashable, Sendable {
        /// The type's name; `(no __typename)` for a record whose type was never written,
        /// `(deleted)` for a record deleted and not written since.
        public var type: String
        /// The records of that type.
        public var records: Int
    }

    /// One retained root: an operation with its variables, and the handles attached to it.
    public struct Root: Codable, Hashable, Sendable {
        /// The operation's name.
        public var operation: String
        /// `query`, `mutation`, `subscription` or `fragment` (a fragment a pagination handle pages).
        public var kind: String
        /// Its variables, by name.
        public var variables: [Variable]
        /// The handles attached to it (an environment's roots; none for a root the store alone
        /// retains, a subscription's or a pagination handle's), in the order they attached.
        public var handles: [Handle]
    }

    /// One variable of a root: its name and the kind of its value (`a string`, `null`, …); its
    /// value as JSON text only with `includesValues`.
    public struct Variable: Codable, Hashable, Sendable {
        /// The name, without `$`.
        public var name: String
        /// The value's kind (`JSONValue.kindDescription`).
        public var kind: String
        /// The value as JSON text, with `includesValues`; nil otherwise.
        public var value: String?
    }

    /// One attached handle: its phase and what its fetch is doing.
    public struct Handle: Codable, Hashable, Sendable {
        /// `loading`, `ready` or `failed` (`Phase.name`).
        public var phase: String
        /// The failure's stable name (`Failure.name`) when failed.
        public var failure: String?
        /// `idle`, `inFlight` or `failed`: the fetch's activity.
        public var fetch: String
        /// The fetch policy it was attached with.
        public var policy: String
    }

    /// One pending optimistic layer: what it writes.
    public struct Layer: Codable, Hashable, Sendable {
        /// Its number, in the order layers were made.
        public var number: Int
        /// The records it writes.
        public var records: Int
        /// The fields it writes.
        public var fields: Int
        /// The records it deletes.
        public var deletions: Int
        /// The `@connection` edits it makes (pages, edges inserted or removed).
        public var connectionEdits: Int
    }

    /// One `@connection` list: its edges, its `pageInfo` and the pages merged into it.
    public struct Connection: Codable, Hashable, Sendable {
        /// The `@connection` key (`IssueList_issueConnection`).
        public var key: String
        /// The connection record's id (`client:<parent>:__<key>_connection(<filters>)`), with
        /// `includesValues`; nil otherwise (it carries the parent's id and the filters' values).
        public var id: String?
        /// The edges the list holds.
        public var edges: Int
        /// The pages merged into the base since the list was last replaced (a first page, a
        /// refetch), in this process: a page an optimistic layer shows counts once committed,
        /// not at each rebase; nil for a list this process did not page (read from an image).
        public var pages: Int?
        /// Whether the `pageInfo` holds an end cursor (a next page can be asked).
        public var hasEndCursor: Bool
        /// Whether the `pageInfo` holds a start cursor.
        public var hasStartCursor: Bool
        /// `pageInfo.hasNextPage`.
        public var hasNextPage: Bool
        /// `pageInfo.hasPreviousPage`.
        public var hasPreviousPage: Bool
    }

    /// The release buffer: released roots kept from collection until later releases push
    /// them out.
    public struct ReleaseBuffer: Codable, Hashable, Sendable {
        /// How many it keeps (`Store.Configuration.releaseBufferSize`).
        public var capacity: Int
        /// The roots it keeps, oldest first (no handles: they were released).
        public var roots: [Root]
    }

    /// The store's image on disk.
    public struct Image: Codable, Hashable, Sendable {
        /// The file's name (its folder left out: it names the device's user).
        public var file: String
        /// The bytes of the file, without its write-ahead log.
        public var fileBytes: Int
        /// The bytes of its write-ahead log (`-wal`), 0 when there is none.
        public var logBytes: Int
        /// The launches the image has counted, this one included for a running environment.
        public var launches: Int
        /// The record rows it holds; nil when not counted (a running environment's image,
        /// whose rows a count would read on the main actor).
        public var rows: Int?
    }
}
