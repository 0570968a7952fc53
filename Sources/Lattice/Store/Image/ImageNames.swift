/// The image's table of names (`names`): each storage key and type name its rows hold, stored
/// once and named in a row by its number (a row of version 3, `RecordEncoding.named`). A page's
/// rows spell the same few keys (about 15 a record, 8 bytes each) and type names: by number,
/// each costs a byte.
///
/// Numbers are never reused while a row may name them: a name is only added (in the
/// transaction that writes the first row naming it, before that row), and the table is
/// emptied only with the records (a sign-out, another schema).
struct ImageNames {
    /// The names by number; nil where the table holds no name of that number.
    private(set) var texts: [String?] = []
    /// The numbers of the names, by text.
    private var numbers: [String: Int] = [:]
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
                let position = Int(number)
                if texts.count <= position { texts.append(contentsOf: repeatElement(nil, count: position + 1 - texts.count)) }
                texts[position] = text
                if numbers[text] == nil { numbers[text] = position }
            }
        } catch where error.isMissingTable {
            // An image from before the table of names: its rows spell their names.
        }
        saved = texts.count
    }

    /// An empty table (what an emptied image holds).
    init() {}

    /// The number of `name`, given one (not yet saved: `save(to:)`) the first time.
    /// - Complexity: one hash of `name`.
    mutating func number(of name: String) -> Int {
        if let number = numbers[name] { return number }
        texts.append(name)
        numbers[name] = texts.count - 1
        return texts.count - 1
    }

    /// Writes the names given since the last save into the `names` table: called in the
    /// transaction that writes a row naming them, before the row, so the file never holds a
    /// row naming a number it lacks. - Complexity: one insertion a new name.
    mutating func save(to database: SQLiteDatabase) throws(ImageDatabaseError) {
        while saved < texts.count {
            if let text = texts[saved] {
                try database.run("INSERT OR REPLACE INTO names (number, name) VALUES (?, ?)",
                                 [.integer(Int64(saved)), .text(text)])
            }
            saved += 1
        }
    }
}
