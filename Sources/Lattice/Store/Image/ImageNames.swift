/// The image's table of names (`names`): each storage key and type name its rows hold, stored
/// once and named in a row by its number (a row of version 3, `RecordEncoding.named`). A page's
/// rows spell the same few keys (about 15 a record, 8 bytes each) and type names: by number,
/// each costs a byte.
///
/// Numbers are never reused while a row may name them: a name is only added (in the
/// transaction that writes the first row naming it, before that row), and the table is
/// emptied only with the records (a sign-out, another schema).
///
/// The writer finds a name by the bytes a row spells it with and compares a number's name with
/// such bytes (`number(of:in:)`, `names(_:as:)`), no string made. A class: a row's comparison
/// is handed the table without copying its arrays.
final class ImageNames {
    /// The names by number; nil where the table holds no name of that number.
    private(set) var texts: [String?] = []
    /// Each name's UTF-8, one after the other.
    private var spellings: [UInt8] = []
    /// Where each number's name is in `spellings`; a count of -1 where there is no name.
    private var spans: [(start: Int, count: Int)] = []
    /// The numbers, by their names' bytes (a name held twice: its first number).
    private var index = BytesIndex()
    /// The names from this number on are not in the table yet.
    private var saved = 0

    /// The most names a table is read with: a number past it in a damaged file is left out
    /// (a row naming it is then refused as corrupt) rather than make an array that large.
    static let maximumCount = 1 << 20

    /// The names the image's `names` table holds (none when it has no such table: an image
    /// written before names). - Complexity: O(names).
    init(of database: SQLiteDatabase) throws(ImageDatabaseError) {
        do throws(ImageDatabaseError) {
            try database.run("SELECT number, name FROM names ORDER BY number") { row in
                let number = row.integer(0)
                guard number >= 0, number < Self.maximumCount, let text = row.text(1) else { return }
                while texts.count < number {
                    texts.append(nil)
                    spans.append((spellings.count, -1))
                }
                add(text)
            }
        } catch where error.isMissingTable {
            // An image from before the table of names: its rows spell their names.
        }
        saved = texts.count
    }

    /// An empty table (what an emptied image holds).
    init() {}

    /// Gives `text` the next number.
    private func add(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            if index.position(of: bytes, where: { names($0, as: bytes) }) == nil { index.add(texts.count, for: bytes) }
            spans.append((spellings.count, utf8.count))
            spellings.append(contentsOf: utf8)
        }
        texts.append(text)
    }

    /// Whether the name of `number` is spelled `bytes`. - Complexity: O(bytes), no hashing.
    func names(_ number: Int, as bytes: UnsafeRawBufferPointer) -> Bool {
        withSpellings { $0.names(number, as: bytes) }
    }

    /// Calls `body` with the names' bytes where the table keeps them (valid only inside it),
    /// for a row's many comparisons. - Complexity: O(1), then `body`.
    func withSpellings<Value>(_ body: (Spellings) -> Value) -> Value {
        spellings.withUnsafeBytes { bytes in
            spans.withUnsafeBufferPointer { spans in body(Spellings(bytes: bytes, spans: spans)) }
        }
    }

    /// The names' bytes, where the table keeps them (`withSpellings`).
    struct Spellings {
        let bytes: UnsafeRawBufferPointer
        let spans: UnsafeBufferPointer<(start: Int, count: Int)>

        /// Whether the name of `number` is spelled `other`. - Complexity: O(bytes), no hashing.
        @inline(__always)
        func names(_ number: Int, as other: UnsafeRawBufferPointer) -> Bool {
            guard number < spans.count else { return false }
            let span = spans[number]
            guard span.count == other.count else { return false }
            return RecordEncoding.sameBytes(UnsafeRawBufferPointer(rebasing: bytes[span.start..<span.start + span.count]), other)
        }
    }

    /// The number of the name spelled `bytes` (bytes of the row `reader` reads), given one
    /// (not yet saved: `save(to:)`) the first time.
    /// - Throws: `RecordEncoding.CorruptRow` when a new name is not UTF-8.
    /// - Complexity: a hash of `bytes` and a comparison.
    func number(of bytes: UnsafeRawBufferPointer, in reader: RecordEncoding.Reader)
        throws(RecordEncoding.CorruptRow) -> Int {
        if let number = index.position(of: bytes, where: { names($0, as: bytes) }) { return number }
        add(try reader.text(bytes))
        return texts.count - 1
    }

    /// Writes the names given since the last save into the `names` table: called in the
    /// transaction that writes a row naming them, before the row, so the file never holds a
    /// row naming a number it lacks. - Complexity: one insertion a new name.
    func save(to database: SQLiteDatabase) throws(ImageDatabaseError) {
        while saved < texts.count {
            if let text = texts[saved] {
                try database.run("INSERT OR REPLACE INTO names (number, name) VALUES (?, ?)",
                                 [.integer(Int64(saved)), .text(text)])
            }
            saved += 1
        }
    }
}
