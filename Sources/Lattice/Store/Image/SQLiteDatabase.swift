import CSQLite
import Foundation

/// Why the image's database refused a step: SQLite's result code and message, and what was
/// being done.
public struct ImageDatabaseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// SQLite's primary result code (`SQLITE_CORRUPT`, `SQLITE_FULL`, `SQLITE_READONLY`, ...);
    /// `SQLITE_OK` (0) when Lattice, not SQLite, refused the file (`isRefused`).
    public let code: Int32
    /// SQLite's message, or why Lattice refused the file.
    public let message: String
    /// The step: `open`, the statement that failed, or what Lattice checked (`signature`, a
    /// value read from the `meta` table, as `meta.launch`).
    public let during: String

    public var description: String {
        isRefused ? "\(during): \(message) (refused, left as it is)" : "\(during): \(message) (SQLite \(code))"
    }

    /// Whether Lattice refused the file before writing anything to it: another application's
    /// database (`StoreImage.signature(of:)`), or an image holding a value out of range (a
    /// launch counter that cannot count on). The file is left as it is; the store runs from
    /// memory.
    public var isRefused: Bool { code == SQLITE_OK }

    /// Lattice's refusal of the file, found at `during`, for `reason`.
    static func refused(during: String, _ reason: String) -> ImageDatabaseError {
        ImageDatabaseError(code: SQLITE_OK, message: reason, during: during)
    }

    /// Whether the file itself is damaged or is no database (moved aside, then started anew).
    public var isCorrupt: Bool { code == SQLITE_CORRUPT || code == SQLITE_NOTADB }

    /// Whether another connection held the file past a reader's patience (the main actor then
    /// reads nothing this time rather than wait).
    public var isBusy: Bool { code == SQLITE_BUSY || code == SQLITE_LOCKED }

    /// Whether the statement named a table the file does not have yet (an image a writer is
    /// still making).
    var isMissingTable: Bool { code == SQLITE_ERROR && message.hasPrefix("no such table") }
}

/// One SQLite connection, used by one thread at a time (its owner serializes it: the image's
/// writer actor, or the main actor for a read). A thin layer: statements are prepared once
/// and kept, values are bound and read as blobs, text and integers.
final class SQLiteDatabase {
    private var handle: OpaquePointer?
    /// Prepared statements, with the address of their literal text (`run`), the one run last
    /// at the end: a few, found by a scan of addresses, cheaper than hashing one.
    private var statements: [(sql: UnsafeRawPointer, statement: OpaquePointer)] = []

    /// Opens the database at `url`, creating it when absent if `creating`.
    /// - Throws: `ImageDatabaseError` (`during: "open"`).
    init(url: URL, creating: Bool = true) throws(ImageDatabaseError) {
        handle = try Self.open(url.path, SQLITE_OPEN_READWRITE | (creating ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX)
    }

    /// Opens the database at `url` to read only, creating nothing beside it: with no
    /// write-ahead log beside the file (an image closed cleanly, or a copy), as immutable, since
    /// a read-only connection to a WAL database would otherwise leave a `-wal` and a `-shm`
    /// behind; with one (a writer running, or one that stopped without closing), through it,
    /// which holds commits the file does not yet.
    /// - Throws: `ImageDatabaseError` (`during: "open"`).
    init(readingOnly url: URL) throws(ImageDatabaseError) {
        let logged = FileManager.default.fileExists(atPath: url.path + "-wal")
        var components = URLComponents()
        components.scheme = "file"
        components.path = url.path
        components.queryItems = [URLQueryItem(name: "mode", value: "ro")]
            + (logged ? [] : [URLQueryItem(name: "immutable", value: "1")])
        handle = try Self.open(components.string ?? url.path, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX)
    }

    /// A connection to `path` opened with `flags`. - Throws: `ImageDatabaseError` (`during: "open"`).
    private static func open(_ path: String, _ flags: Int32) throws(ImageDatabaseError) -> OpaquePointer? {
        var opened: OpaquePointer?
        let code = sqlite3_open_v2(path, &opened, flags, nil)
        guard code == SQLITE_OK else {
            let error = ImageDatabaseError(code: code & 0xFF, message: message(opened, code), during: "open")
            sqlite3_close_v2(opened)
            throw error
        }
        return opened
    }

    deinit {
        for (_, statement) in statements { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }

    /// Rows the connection's statements have answered since it opened: what a step read (the
    /// image counts what opening it costs). - Complexity: O(1).
    private(set) var rowsRead = 0

    /// Runs `sql` (one or more statements, no parameters), one statement at a time, so that a
    /// failure names the statement that failed, not the first of the batch.
    func execute(_ sql: String) throws(ImageDatabaseError) {
        var failure: ImageDatabaseError?
        sql.withCString { text in
            var next = text
            while next.pointee != 0 {
                var statement: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                let code = sqlite3_prepare_v2(handle, next, -1, &statement, &tail)
                let end = tail ?? next.advanced(by: strlen(next))
                let current = String(decoding: UnsafeRawBufferPointer(start: next, count: next.distance(to: end)),
                                     as: UTF8.self)
                guard code == SQLITE_OK else {
                    failure = error(code, current)
                    return
                }
                next = end
                // Whitespace or a comment: no statement.
                guard let statement else { continue }
                var step = sqlite3_step(statement)
                while step == SQLITE_ROW {
                    rowsRead += 1
                    step = sqlite3_step(statement)
                }
                if step != SQLITE_DONE { failure = error(step, current) }
                sqlite3_finalize(statement)
                if failure != nil { return }
            }
        }
        if let failure { throw failure }
    }

    /// Runs the statement `sql` with `values` bound in order, and calls `row` for each row it
    /// answers (columns read through the `Row` it gets). `sql` is a literal: its statement is
    /// prepared once and found again by the literal's address, not by hashing its text.
    func run(_ sql: StaticString, _ values: [Value] = [], row: (Row) throws(ImageDatabaseError) -> Void = { _ in })
        throws(ImageDatabaseError) {
        let statement = try prepared(sql)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (index, value) in values.enumerated() {
            let position = Int32(index + 1)
            let code: Int32
            switch value {
            case .integer(let number): code = sqlite3_bind_int64(statement, position, number)
            case .real(let number): code = sqlite3_bind_double(statement, position, number)
            case .text(var text):
                // Bound by its length, no C string made; an empty text has no buffer, and a nil
                // pointer would bind NULL.
                code = text.withUTF8 { utf8 in
                    sqlite3_bind_text(statement, position, utf8.baseAddress.map(UnsafeRawPointer.init)?
                        .assumingMemoryBound(to: CChar.self) ?? Self.empty, Int32(utf8.count), Self.transient)
                }
            case .blob(let bytes):
                code = bytes.withUnsafeBytes { buffer in
                    sqlite3_bind_blob(statement, position, buffer.baseAddress ?? UnsafeRawPointer(Self.empty),
                                      Int32(buffer.count), Self.transient)
                }
            }
            guard code == SQLITE_OK else { throw error(code, sql.description) }
        }
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else { throw error(code, sql.description) }
            rowsRead += 1
            try row(Row(statement: statement))
        }
    }

    /// Runs the statement `sql`, whose one parameter is `key`, and calls `row` with its first
    /// row, if it answers one: a lookup by primary key, which answers one at most (the image's
    /// row of a record). `key` is bound where the string holds its bytes, not copied, for the
    /// step only; the statement is reset at once, no step to its end.
    /// - Complexity: one indexed read.
    func first(_ sql: StaticString, key: String, row: (Row) throws(ImageDatabaseError) -> Void)
        throws(ImageDatabaseError) {
        let statement = try prepared(sql)
        defer { sqlite3_reset(statement) }
        var key = key
        let stepped = key.withUTF8 { utf8 -> Result<Void, ImageDatabaseError> in
            // No destructor (SQLite's SQLITE_STATIC): the bytes stay valid until the reset.
            let bound = sqlite3_bind_text(statement, 1, utf8.baseAddress.map(UnsafeRawPointer.init)?
                .assumingMemoryBound(to: CChar.self) ?? Self.empty, Int32(utf8.count), nil)
            guard bound == SQLITE_OK else { return .failure(error(bound, sql.description)) }
            let code = sqlite3_step(statement)
            guard code == SQLITE_ROW else { return code == SQLITE_DONE ? .success(()) : .failure(error(code, sql.description)) }
            rowsRead += 1
            return Result { () throws(ImageDatabaseError) in try row(Row(statement: statement)) }
        }
        try stepped.get()
    }

    /// A value bound to a statement.
    enum Value {
        case integer(Int64)
        case real(Double)
        case text(String)
        case blob([UInt8])
    }

    /// The current row of a statement, read by column.
    struct Row {
        let statement: OpaquePointer

        func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

        func real(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }

        func text(_ column: Int32) -> String? {
            guard let text = sqlite3_column_text(statement, column) else { return nil }
            return String(cString: text)
        }

        func blob(_ column: Int32) -> [UInt8] {
            let count = Int(sqlite3_column_bytes(statement, column))
            guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return [] }
            return Array(UnsafeRawBufferPointer(start: bytes, count: count))
        }

        /// The bytes of a blob column, valid only inside `body` (SQLite's own buffer, no copy).
        func withBlob<Result, Failure: Error>(_ column: Int32, _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result)
            throws(Failure) -> Result {
            let count = Int(sqlite3_column_bytes(statement, column))
            guard count > 0, let bytes = sqlite3_column_blob(statement, column) else {
                return try body(UnsafeRawBufferPointer(start: nil, count: 0))
            }
            return try body(UnsafeRawBufferPointer(start: bytes, count: count))
        }
    }

    private func prepared(_ sql: StaticString) throws(ImageDatabaseError) -> OpaquePointer {
        let address = UnsafeRawPointer(sql.utf8Start)
        // The statement run last, first: a write or a hydration runs one a row.
        if let last = statements.last, last.sql == address { return last.statement }
        if let place = statements.firstIndex(where: { $0.sql == address }) {
            statements.append(statements.remove(at: place))
            return statements[statements.count - 1].statement
        }
        var statement: OpaquePointer?
        let code = sql.withUTF8Buffer { text in
            text.withMemoryRebound(to: CChar.self) { text in
                sqlite3_prepare_v2(handle, text.baseAddress, Int32(text.count), &statement, nil)
            }
        }
        guard code == SQLITE_OK, let statement else { throw error(code, sql.description) }
        statements.append((address, statement))
        return statement
    }

    /// The failure of statement `sql`, named by its text on one line (up to 80 characters).
    private func error(_ code: Int32, _ sql: String) -> ImageDatabaseError {
        var statement = sql.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if statement.hasSuffix(";") { statement.removeLast() }
        if statement.count > 80 { statement = statement.prefix(79) + "…" }
        return ImageDatabaseError(code: code & 0xFF, message: Self.message(handle, code), during: statement)
    }

    private static func message(_ handle: OpaquePointer?, _ code: Int32) -> String {
        if let handle, let text = sqlite3_errmsg(handle) { return String(cString: text) }
        return String(cString: sqlite3_errstr(code))
    }

    /// What an empty text or blob is bound from.
    private static var empty: UnsafePointer<CChar> {
        ("" as StaticString).utf8Start.withMemoryRebound(to: CChar.self, capacity: 1) { $0 }
    }

    /// SQLite copies a bound value before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
