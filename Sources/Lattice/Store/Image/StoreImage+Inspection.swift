import CSQLite
import Foundation

extension StoreInspection {
    /// The image at `url` as a store would hold it, read only (`lattice inspect --image`):
    /// every record row read back into a store of its own, inspected as a running store is
    /// (records by type, `@connection` lists), and the file's size, the launches it counted
    /// and its rows. Nothing is written, beside the file or in it (`SQLiteDatabase(readingOnly:)`).
    /// An image holds no handle, layer or release buffer: those sections are empty, and a
    /// connection's pages are not known (nil).
    /// - Throws: `ImageDatabaseError`: `isCorrupt` when the file is no database, or a row does
    ///   not read back (`during` names the record, the message the byte); `isRefused` when it
    ///   is another application's file; SQLite's `open` failure when there is no file.
    /// - Complexity: O(bytes of the rows), all read in one transaction.
    @MainActor
    public init(image url: URL, includesValues: Bool = false) throws(ImageDatabaseError) {
        let database = try SQLiteDatabase(readingOnly: url)
        if let refusal = try StoreImage.refusal(of: database) { throw refusal }
        let meta = try StoreImage.Meta(of: database)
        var delta = RecordSourceDelta()
        var rows = 0
        try database.execute("BEGIN")
        defer { try? database.execute("ROLLBACK") }
        do throws(ImageDatabaseError) {
            // Rows name their keys and types by number in the image's table of names.
            let names = try ImageNames(of: database).texts
            try database.run("SELECT id, row FROM records ORDER BY id") { row throws(ImageDatabaseError) in
                let id = DataID(row.text(0) ?? "")
                let decoded: RecordEncoding.Decoded
                do throws(RecordEncoding.CorruptRow) {
                    decoded = try row.blob(1).withUnsafeBytes { bytes in
                        Result { () throws(RecordEncoding.CorruptRow) in try RecordEncoding.decode(bytes, names: names, id: id) }
                    }.get()
                } catch {
                    throw ImageDatabaseError(code: SQLITE_CORRUPT, message: error.description, during: "record `\(id)`")
                }
                rows += 1
                if decoded.isDeleted {
                    delta.delete(id)
                } else {
                    for (key, state) in decoded.fields { delta.set(state, for: FieldKey(key), on: id) }
                }
            }
        } catch where error.isMissingTable {
            // A file a writer has not made its tables in yet: no record.
        }
        let store = Store()
        store.publish(delta)
        self = store.inspect(includesValues: includesValues)
        image = Image(file: url, launches: Int(meta.lastLaunch), rows: rows)
    }
}
