/// How an image tells its file from another application's before writing anything to it: a
/// file at the image's path may be a database some other code made there, and writing Lattice's
/// tables into it, or switching its journal to WAL, would damage that application's data.
extension StoreImage {
    /// The `application_id` in the header of every Lattice image (`Latt` in ASCII), written
    /// when the image is made: SQLite's own place for saying which application a file is for.
    static let applicationID: Int32 = 0x4C61_7474

    /// The tables of a Lattice image and their columns, in order.
    private static let columns: [(table: String, columns: [String])] = [
        ("meta", ["key", "value"]),
        ("records", ["id", "launch", "row"]),
        ("names", ["number", "name"]),
        ("stamps", ["key", "launch", "fetched_at", "invalidated"]),
        ("invalidations", ["id", "launch", "at"]),
    ]

    /// The tables and indexes of a Lattice image, by name (`records_by_launch`: an image of
    /// before issue 38's table of names, whose writer drops it).
    private static let tables: Set<String> = Set(columns.map(\.table)).union(["records_by_launch"])

    /// Whether the file behind `database` is another application's, read before anything is
    /// written to it: its header's `application_id` and `user_version` and, when neither is
    /// set, its tables. Lattice's are a signed image, an empty database (a file just made), or
    /// an image from before the signature (Lattice's tables only, each with Lattice's
    /// columns), which the writer signs. Writes nothing.
    /// - Returns: the refusal (`ImageDatabaseError.isRefused`) saying why the file is not
    ///   Lattice's; nil when it is.
    /// - Throws: `ImageDatabaseError`; `isCorrupt` when the file is no database.
    /// - Complexity: O(tables in the file), a few reads of its schema.
    static func refusal(of database: SQLiteDatabase) throws(ImageDatabaseError) -> ImageDatabaseError? {
        var application: Int64 = 0
        var version: Int64 = 0
        try database.run("PRAGMA application_id") { application = $0.integer(0) }
        if application == Int64(applicationID) { return nil }
        try database.run("PRAGMA user_version") { version = $0.integer(0) }
        guard application == 0, version == 0 else {
            return foreign("application_id \(application), user_version \(version)")
        }
        var names: [String] = []
        try database.run("SELECT name FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name") { row in
            if let name = row.text(0) { names.append(name) }
        }
        let strangers = names.filter { !tables.contains($0) }
        guard strangers.isEmpty else { return foreign("tables not Lattice's: \(strangers.prefix(5).joined(separator: ", "))") }
        for (table, expected) in columns where names.contains(table) {
            var found: [String] = []
            try database.run("SELECT name FROM pragma_table_info(?) ORDER BY cid", [.text(table)]) { row in
                if let name = row.text(0) { found.append(name) }
            }
            guard found == expected else {
                return foreign("table \(table) has columns (\(found.joined(separator: ", "))), not Lattice's")
            }
        }
        return nil
    }

    /// The refusal of another application's file, for `reason`.
    private static func foreign(_ reason: String) -> ImageDatabaseError {
        .refused(during: "signature", "not a Lattice image (\(reason))")
    }
}
