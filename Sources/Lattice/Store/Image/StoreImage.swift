import Foundation

/// The store's image on disk: one SQLite row per record (`RecordEncoding`), tagged with the
/// launch that wrote it, and the schema's digest, so the next launch reads a screen's records
/// before the network answers.
///
/// Writes come in batches, one per commit, each in one transaction: a process killed during a
/// write leaves the commits before it, never half of one. A new schema (another digest) starts
/// the image empty. Over its size limit, the image evicts the rows of the oldest launches first
/// (`evict(toFit:keeping:)`); a record read or written in a launch is that launch's.
///
/// The file says it is Lattice's in its header (`application_id`, `StoreImage+Signature`):
/// another application's database at the path is refused before anything is written to it.
///
/// An environment opens it with `Environment(…, image:)`; it is public for tools and for the
/// lab's benchmarks, which measure its steps one by one. Not thread-safe: its owner serializes
/// it (the environment's writer, off the main actor).
public final class StoreImage {
    /// The database.
    private let database: SQLiteDatabase
    /// This launch's number: one more than the last launch that opened the image (a reader's:
    /// the last launch's, since a reader does not count as one).
    public let launch: Int64
    /// Whether the image is of this schema: a reader of an image of another schema, or of one
    /// not made yet, reads nothing.
    public let isCurrent: Bool
    /// When an earlier launch invalidated the whole store, if one did (read at opening).
    private(set) var storeInvalidatedAt: Date?
    /// Whether earlier launches invalidated records by id (`Environment.invalidate(_:)`), read
    /// at a reader's opening (one row, however many there are): if so, an operation hydrated
    /// looks up the records it read (`invalidated(anyOf:after:)`).
    private(set) var hasRecordInvalidations = false
    /// The image's table of names (`ImageNames`), as this connection last read it, in a
    /// transaction that found the file changed by another connection (`data_version`), with
    /// the names this connection gave since.
    private var nameTable = ImageNames()
    /// SQLite's `data_version` when the writer last read the names; nil when they must be read.
    private var namesVersion: Int64?

    /// The image's names as the current read transaction found them (`reading`).
    /// - Complexity: O(1).
    var names: [String?] { nameTable.texts }

    /// Rows the image's connection has read since it opened (what opening costs is bounded:
    /// the `meta` table, the file's signature, one row of the invalidations). - Complexity: O(1).
    var rowsRead: Int { database.rowsRead }

    /// What the `meta` table says.
    struct Meta {
        var digest: String?
        var lastLaunch: Int64 = 0
        var storeInvalidatedAt: Date?

        /// Reads the `meta` table; a file without one (a file just made) says nothing.
        /// - Throws: `ImageDatabaseError`, refused (`isRefused`) when the launch counter is no
        ///   count a next launch can follow (a number from 0 to one below `Int64.max`).
        init(of database: SQLiteDatabase) throws(ImageDatabaseError) {
            do throws(ImageDatabaseError) {
                try database.run("SELECT key, value FROM meta") { row throws(ImageDatabaseError) in
                    switch row.text(0) {
                    case "schema": digest = row.text(1)
                    case "launch":
                        let text = row.text(1) ?? ""
                        guard let launch = Int64(text), launch >= 0, launch < Int64.max else {
                            throw .refused(during: "meta.launch", "the launch counter `\(text.prefix(40))` is out of "
                                           + "range (0 to \(Int64.max - 1)): the image cannot count another launch")
                        }
                        lastLaunch = launch
                    case "invalidated":
                        storeInvalidatedAt = Double(row.text(1) ?? "").map(Date.init(timeIntervalSince1970:))
                    default: break
                    }
                }
            } catch where error.isMissingTable {
                // Nothing in the file yet.
            }
        }
    }

    /// How long, in milliseconds, a reader waits for a connection holding the file.
    static let readerPatience = 200

    /// Opens the image at `url` to read only, as the main actor does at launch: no write, and
    /// no wait for a writer (a read of a WAL database waits for none); a file held otherwise
    /// for longer than `readerPatience` fails the read (`isBusy`). An image of another schema,
    /// or one a writer has not made yet, reads as empty (`isCurrent` false).
    /// - Returns: nil when there is no file yet.
    /// - Throws: `ImageDatabaseError`; `isCorrupt` when the file is no database; `isRefused`
    ///   when it is another application's, or its launch counter is out of range.
    /// - Complexity: a few reads of the file's schema, one of the `meta` table and one row of
    ///   the records invalidated by id, however many the file holds.
    public static func reader(at url: URL, schemaDigest: String) throws(ImageDatabaseError) -> StoreImage? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try StoreImage(readingFrom: url, schemaDigest: schemaDigest)
    }

    private init(readingFrom url: URL, schemaDigest: String) throws(ImageDatabaseError) {
        database = try SQLiteDatabase(url: url, creating: false)
        // A read of a WAL database waits for no writer; only a connection closing (its last
        // checkpoint) or a recovery holds the file, for milliseconds: wait that long, no more.
        try database.execute("PRAGMA busy_timeout = \(Self.readerPatience)")
        if let refusal = try Self.refusal(of: database) { throw refusal }
        let meta = try Meta(of: database)
        launch = meta.lastLaunch
        isCurrent = meta.digest == schemaDigest
        storeInvalidatedAt = isCurrent ? meta.storeInvalidatedAt : nil
        guard isCurrent else { return }
        do throws(ImageDatabaseError) {
            try database.run("SELECT EXISTS (SELECT 1 FROM invalidations)") { hasRecordInvalidations = $0.integer(0) != 0 }
        } catch where error.isMissingTable {
            // An image made before invalidations were kept: none.
        }
    }

    /// Opens the image at `url` to write, creating it if absent, emptied if its schema digest
    /// is not `schemaDigest`; this opening counts as a launch. The environment's writer opens
    /// it so, off the main actor (it may wait for another process holding the file). Nothing is
    /// written before the file is known to be Lattice's (`refusal(of:)`); it is signed then.
    /// - Throws: `ImageDatabaseError`; `isCorrupt` when the file is no database; `isRefused`
    ///   when it is another application's, or its launch counter cannot count another launch
    ///   (the file is then left as it was).
    public init(url: URL, schemaDigest: String) throws(ImageDatabaseError) {
        database = try SQLiteDatabase(url: url)
        try database.execute("PRAGMA busy_timeout = 5000")
        // Before anything is written: a file of another application's, or an image whose
        // counter cannot go on, is left as it is.
        if let refusal = try Self.refusal(of: database) { throw refusal }
        let meta = try Meta(of: database)
        // auto_vacuum takes effect only before the first table: an eviction then gives the
        // pages it frees back to the file system (`incremental_vacuum`).
        try database.execute("""
            PRAGMA auto_vacuum = INCREMENTAL;
            PRAGMA journal_mode = WAL;
            PRAGMA synchronous = NORMAL;
            """)
        // Signed and made in one transaction: a launch killed midway (or a statement failing,
        // the connection then dropped) leaves an empty file, never Lattice's tables unsigned.
        try database.execute("""
            BEGIN IMMEDIATE;
            PRAGMA application_id = \(Self.applicationID);
            CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
            CREATE TABLE IF NOT EXISTS records (id TEXT PRIMARY KEY, launch INTEGER NOT NULL, row BLOB NOT NULL) WITHOUT ROWID;
            CREATE TABLE IF NOT EXISTS names (number INTEGER PRIMARY KEY, name TEXT NOT NULL);
            DROP INDEX IF EXISTS records_by_launch;
            CREATE TABLE IF NOT EXISTS stamps (key TEXT PRIMARY KEY, launch INTEGER NOT NULL,
                fetched_at REAL NOT NULL, invalidated INTEGER NOT NULL) WITHOUT ROWID;
            CREATE TABLE IF NOT EXISTS invalidations (id TEXT PRIMARY KEY, launch INTEGER NOT NULL,
                at REAL NOT NULL) WITHOUT ROWID;
            COMMIT;
            """)
        var storeInvalidatedAt = meta.storeInvalidatedAt
        launch = meta.lastLaunch + 1
        isCurrent = true
        try transaction { () throws(ImageDatabaseError) in
            if meta.digest != schemaDigest {
                try database.execute(Self.emptying)
                storeInvalidatedAt = nil
                try database.run("INSERT OR REPLACE INTO meta (key, value) VALUES ('schema', ?)", [.text(schemaDigest)])
            }
            try database.run("INSERT OR REPLACE INTO meta (key, value) VALUES ('launch', ?)", [.text(String(launch))])
        }
        self.storeInvalidatedAt = storeInvalidatedAt
    }

    /// Writes one commit's records in one transaction, as `write(_:stamps:)` does.
    /// - Complexity: O(bytes of the rows and of the rows they go over), one row read and one
    ///   written per record.
    public func write(_ rows: [(id: DataID, row: [UInt8]?)]) throws(ImageDatabaseError) {
        try write(rows, stamps: [])
    }

    /// Writes one commit's records and the operations' ages it set in one transaction: each
    /// row goes over the record's (`RecordEncoding.merge`: fields the store in memory lacks
    /// stay), a nil row removes it. A row the image holds already, of this launch, is not
    /// written again (a page refetched writes only what changed); one it holds of an earlier
    /// launch has only its launch rewritten. Each row is stored naming its keys
    /// (`RecordEncoding.named`); a name met the first time is written before the row, in its
    /// transaction. A row of an earlier format (version 1 or 2, keys spelled) is written
    /// anew as version 3 the first time a launch writes its record.
    /// - Complexity: one indexed read per row, and one write per row that changed.
    func write(_ rows: [(id: DataID, row: [UInt8]?)], stamps: [ImageStamp]) throws(ImageDatabaseError) {
        do throws(ImageDatabaseError) {
            try transaction { () throws(ImageDatabaseError) in
                try readNamesIfChanged()
                try write(rows, stampsOf: stamps)
            }
        } catch {
            // Names given in the transaction rolled back: read them again.
            namesVersion = nil
            throw error
        }
    }

    private func write(_ rows: [(id: DataID, row: [UInt8]?)], stampsOf stamps: [ImageStamp]) throws(ImageDatabaseError) {
        for stamp in stamps {
            try database.run("INSERT OR REPLACE INTO stamps (key, launch, fetched_at, invalidated) VALUES (?, ?, ?, ?)",
                             [.text(stamp.key), .integer(launch), .real(stamp.fetchedAt.timeIntervalSince1970),
                              .integer(stamp.isInvalidated ? 1 : 0)])
        }
        for (id, row) in rows {
            guard let row else {
                try database.run("DELETE FROM records WHERE id = ?", [.text(id.rawValue)])
                continue
            }
            switch try existing(id, against: row) {
            case .same(let written) where written == launch:
                continue
            case .same:
                try database.run("UPDATE records SET launch = ? WHERE id = ?", [.integer(launch), .text(id.rawValue)])
            case .other(let older):
                try upsert(id, named(RecordEncoding.merge(row, over: older.withUnsafeBytes { spelled($0, of: id) }), of: id))
            case nil:
                try upsert(id, named(row, of: id))
            }
        }
    }

    /// `row` as the image stores it (`RecordEncoding.named`), its new names given numbers; a
    /// row that does not read back (a tool's, through `write(_:)`) as it is, its hydration then
    /// refusing it.
    private func named(_ row: [UInt8], of id: DataID) -> [UInt8] {
        (try? RecordEncoding.named(row, id: id, names: nameTable)) ?? row
    }

    /// A row the image holds as `encode` makes it (keys spelled, version 2); one that does not
    /// read back as it is. - Complexity: O(bytes).
    private func spelled(_ stored: UnsafeRawBufferPointer, of id: DataID) -> [UInt8] {
        guard let decoded = try? RecordEncoding.decode(stored, names: names, id: id) else { return Array(stored) }
        return RecordEncoding.encode(decoded.fields, isDeleted: decoded.isDeleted)
    }

    /// Reads the table of names again when another connection changed the file since this one
    /// last read it (another process's writer; for a reader, the writer), in the transaction
    /// that reads or writes rows naming them. - Complexity: one pragma; O(names) when read.
    private func readNamesIfChanged() throws(ImageDatabaseError) {
        var version: Int64 = 0
        try database.run("PRAGMA data_version") { version = $0.integer(0) }
        guard version != namesVersion else { return }
        nameTable = try ImageNames(of: database)
        namesVersion = version
    }

    /// What the image holds for record `id`, beside the row about to be written.
    private enum Existing {
        /// A row holding the same (`RecordEncoding.holdsTheSame`), written by launch `launch`.
        case same(launch: Int64)
        /// Another row.
        case other([UInt8])
    }

    /// The row the image holds for `id`, compared with `row` (as `encode` makes it) where
    /// SQLite keeps it: no copy, and no row made, when it holds the same.
    /// - Complexity: one indexed read, one walk of `row`'s bytes.
    private func existing(_ id: DataID, against row: [UInt8]) throws(ImageDatabaseError) -> Existing? {
        var found: Existing?
        try database.first("SELECT launch, row FROM records WHERE id = ?", key: id.rawValue) { stored in
            let launch = stored.integer(0)
            found = stored.withBlob(1) { older in
                var text = id.rawValue
                let same = text.withUTF8 { id in
                    row.withUnsafeBytes { row in
                        RecordEncoding.holdsTheSame(older, as: row, names: nameTable, id: UnsafeRawBufferPointer(id))
                    }
                }
                return same ? .same(launch: launch) : .other(Array(older))
            }
        }
        return found
    }

    /// Writes `row` as record `id`'s, this launch's: in place when the image has the record
    /// (one write of its entry, not a removal and an insertion).
    private func upsert(_ id: DataID, _ row: [UInt8]) throws(ImageDatabaseError) {
        // The names the row gives first, in its transaction: never a row naming a number the
        // file lacks.
        try nameTable.save(to: database)
        try database.run("""
            INSERT INTO records (id, launch, row) VALUES (?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET launch = excluded.launch, row = excluded.row
            """, [.text(id.rawValue), .integer(launch), .blob(row)])
    }

    /// Reads in one transaction: every row `body` reads comes from one state of the image
    /// (a commit the writer makes meanwhile is not half seen), and SQLite opens and closes one
    /// read transaction for them all instead of one a row. The table of names is read first,
    /// in it (`names`), when another connection changed the file since this one last read it.
    /// - Complexity: one pragma (O(names) when the names are read), then what `body` reads.
    public func reading<Value>(_ body: () throws(ImageDatabaseError) -> Value) throws(ImageDatabaseError) -> Value {
        try transaction(begin: "BEGIN") { () throws(ImageDatabaseError) in
            try readNamesIfChanged()
            return try body()
        }
    }

    /// Runs `body` in one transaction (`BEGIN IMMEDIATE`: a writer's, taking the write lock at
    /// once), committed when it returns, rolled back when it throws.
    private func transaction<Value>(begin: String = "BEGIN IMMEDIATE",
                                    _ body: () throws(ImageDatabaseError) -> Value) throws(ImageDatabaseError) -> Value {
        try database.execute(begin)
        do throws(ImageDatabaseError) {
            let value = try body()
            try database.execute("COMMIT")
            return value
        } catch {
            try? database.execute("ROLLBACK")
            throw error
        }
    }

    /// The row of record `id`, if the image has it, as `RecordEncoding.encode` makes it (keys
    /// spelled); a row that does not read back as the image holds it.
    /// - Complexity: one indexed read, in a read transaction reading the names (`reading`).
    public func row(of id: DataID) throws(ImageDatabaseError) -> [UInt8]? {
        try reading { () throws(ImageDatabaseError) in
            try withRow(of: id) { stored in stored.map { spelled($0, of: id) } }
        }
    }

    /// Calls `body` with the bytes of record `id`'s row where SQLite keeps them (valid only
    /// inside it), or nil when the image has none; a row of version 3 names the `names` read
    /// by `reading`, inside which it is called. - Complexity: one indexed read.
    func withRow<Value>(of id: DataID, _ body: (UnsafeRawBufferPointer?) -> Value) throws(ImageDatabaseError) -> Value {
        guard isCurrent else { return body(nil) }
        var value: Value?
        try database.first("SELECT row FROM records WHERE id = ?", key: id.rawValue) { row in
            value = row.withBlob(0) { body($0) }
        }
        return value ?? body(nil)
    }

    /// The age of the operation `key` as a launch wrote it (`ImageStamp.key`), if the image
    /// has it; invalidated as well when the whole store was invalidated after it was written.
    func stamp(of key: String) throws(ImageDatabaseError) -> ImageStamp? {
        guard isCurrent else { return nil }
        var found: ImageStamp?
        try database.run("SELECT fetched_at, invalidated FROM stamps WHERE key = ?", [.text(key)]) { row in
            let fetchedAt = Date(timeIntervalSince1970: row.real(0))
            let invalidated = row.integer(1) != 0 || storeInvalidatedAt.map { fetchedAt <= $0 } == true
            found = ImageStamp(key: key, fetchedAt: fetchedAt, isInvalidated: invalidated)
        }
        return found
    }

    /// Whether a record of `ids` was invalidated by id (`Environment.invalidate(_:)`) after
    /// `date`, in one read transaction.
    /// - Complexity: nothing when no record was (`hasRecordInvalidations`); otherwise one
    ///   indexed read per id, up to the first found.
    func invalidated(anyOf ids: some Sequence<DataID>, after date: Date) throws(ImageDatabaseError) -> Bool {
        guard hasRecordInvalidations else { return false }
        return try reading { () throws(ImageDatabaseError) in
            for id in ids {
                var after = false
                try database.run("SELECT at FROM invalidations WHERE id = ?", [.text(id.rawValue)]) { row in
                    after = Date(timeIntervalSince1970: row.real(0)) > date
                }
                if after { return true }
            }
            return false
        }
    }

    /// Notes that the records `ids` were invalidated at `date`: an operation written before
    /// then that reaches one reads back invalidated.
    func recordsInvalidated(_ ids: [DataID], at date: Date) throws(ImageDatabaseError) {
        try transaction { () throws(ImageDatabaseError) in
            for id in ids {
                try database.run("INSERT OR REPLACE INTO invalidations (id, launch, at) VALUES (?, ?, ?)",
                                 [.text(id.rawValue), .integer(launch), .real(date.timeIntervalSince1970)])
            }
        }
    }

    /// Notes that the whole store was invalidated at `date`: every operation written before
    /// it reads back invalidated.
    func storeInvalidated(at date: Date) throws(ImageDatabaseError) {
        try database.run("INSERT OR REPLACE INTO meta (key, value) VALUES ('invalidated', ?)",
                         [.text(String(date.timeIntervalSince1970))])
    }

    /// Empties the image (a sign-out): every record and age goes; the digest and the launch
    /// stay.
    public func removeAll() throws(ImageDatabaseError) {
        try database.execute(Self.emptying)
        nameTable = ImageNames()
        namesVersion = nil
    }

    /// What empties the image: its records and their names, the operations' ages and every
    /// invalidation.
    private static let emptying = """
        DELETE FROM records; DELETE FROM names; DELETE FROM stamps; DELETE FROM invalidations;
        DELETE FROM meta WHERE key = 'invalidated';
        """

    /// The bytes the image's rows take (`SUM(length(row))`), without SQLite's pages around them.
    /// - Complexity: O(rows).
    public func rowBytes() throws(ImageDatabaseError) -> Int {
        var bytes = 0
        try database.run("SELECT COALESCE(SUM(length(row)), 0) FROM records") { row in bytes = Int(row.integer(0)) }
        return bytes
    }

    /// The bytes of the file's pages in use (free pages left out): what the size limit
    /// judges. - Complexity: O(1), two pragmas.
    public func usedBytes() throws(ImageDatabaseError) -> Int {
        var pages: Int64 = 0, free: Int64 = 0, size: Int64 = 0
        try database.run("PRAGMA page_count") { pages = $0.integer(0) }
        try database.run("PRAGMA freelist_count") { free = $0.integer(0) }
        try database.run("PRAGMA page_size") { size = $0.integer(0) }
        return Int((pages - free) * size)
    }

    /// Removes the rows of the oldest launches, one launch at a time, while the file uses more
    /// than `limit` bytes; the rows of `kept` and later launches always stay. The pages freed go
    /// back to the file system.
    /// The names stay (a few, and rows of later launches name them).
    /// - Returns: the launches evicted. - Complexity: O(rows) per launch evicted: a scan of
    ///   the records (no index by launch: it repeated every id, a tenth of the page's image).
    @discardableResult
    public func evict(toFit limit: Int, keeping kept: Int64) throws(ImageDatabaseError) -> [Int64] {
        var evicted: [Int64] = []
        while try usedBytes() > limit {
            var oldest: Int64?
            try database.run("SELECT MIN(launch) FROM records WHERE launch < ?", [.integer(kept)]) { row in
                oldest = row.integer(0) == 0 ? nil : row.integer(0)
            }
            guard let oldest else { break }
            try database.run("DELETE FROM records WHERE launch = ?", [.integer(oldest)])
            try database.run("DELETE FROM stamps WHERE launch <= ?", [.integer(oldest)])
            try database.run("DELETE FROM invalidations WHERE launch <= ?", [.integer(oldest)])
            evicted.append(oldest)
        }
        if !evicted.isEmpty { try database.execute("PRAGMA incremental_vacuum") }
        return evicted
    }
}
