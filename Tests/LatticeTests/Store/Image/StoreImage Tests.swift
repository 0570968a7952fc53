import Foundation
import Synchronization
import Testing
@testable import Lattice

/// The image's file: rows written a commit a transaction and read back, a new schema starting
/// it empty, a sign-out emptying it, eviction by launch keeping the last launch's rows, and a
/// file that is no database refused as corrupt.
@Suite struct StoreImageTests {
    /// A fresh folder for one test's image.
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lattice-image-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func row(_ title: String) -> [UInt8] {
        RecordEncoding.encode(["title": FieldState(value: .scalar(.string(title)))])
    }

    @Test func rowsWrittenAreReadBackAndALaterLaunchSeesThem() throws {
        let url = try folder().appendingPathComponent("image.sqlite")
        do {
            let image = try StoreImage(url: url, schemaDigest: "A")
            #expect(image.launch == 1)
            try image.write([(DataID("I1"), Self.row("one")), (DataID("I2"), Self.row("two"))])
            try image.write([(DataID("I2"), nil)])
        }
        let next = try StoreImage(url: url, schemaDigest: "A")
        #expect(next.launch == 2)
        #expect(try next.row(of: DataID("I1")) == Self.row("one"))
        #expect(try next.row(of: DataID("I2")) == nil)
    }

    /// A launch that holds part of a record (one screen's fields) writes it over the row, not
    /// in its place: the fields of the other screens stay; a deletion replaces the row.
    @Test func aRowWrittenGoesOverTheRowItFinds() throws {
        let url = try folder().appendingPathComponent("image.sqlite")
        let image = try StoreImage(url: url, schemaDigest: "A")
        let title = FieldState(value: .scalar(.string("one")))
        let state = FieldState(value: .scalar(.string("OPEN")))
        try image.write([(DataID("I1"), RecordEncoding.encode(["title": title, "state": state]))])
        let closed = FieldState(value: .scalar(.string("CLOSED")))
        try image.write([(DataID("I1"), RecordEncoding.encode(["state": closed]))])
        #expect(try image.row(of: DataID("I1")) == RecordEncoding.encode(["title": title, "state": closed]))
        try image.write([(DataID("I1"), RecordEncoding.encode([:], isDeleted: true))])
        #expect(try image.row(of: DataID("I1")) == RecordEncoding.encode([:], isDeleted: true))
    }

    /// A row written again as the image holds it is not rewritten within its launch, and
    /// becomes a later launch's when that launch writes it: eviction of the earlier launch
    /// keeps it.
    @Test func aRowWrittenAgainUnchangedBecomesTheLaterLaunchs() throws {
        let url = try folder().appendingPathComponent("image.sqlite")
        let first = try StoreImage(url: url, schemaDigest: "A")
        try first.write([(DataID("I1"), Self.row("one")), (DataID("I2"), Self.row("two"))])
        try first.write([(DataID("I1"), Self.row("one"))])
        let second = try StoreImage(url: url, schemaDigest: "A")
        try second.write([(DataID("I1"), Self.row("one"))])
        #expect(try second.evict(toFit: 0, keeping: second.launch) == [first.launch])
        #expect(try second.row(of: DataID("I1")) == Self.row("one"))
        #expect(try second.row(of: DataID("I2")) == nil)
    }

    /// The main actor's reader writes nothing and waits for nothing: no file reads as none,
    /// another schema's image as empty, and neither opening counts as a launch.
    @Test func aReaderReadsOnlyItsSchemasImageAndIsNoLaunch() throws {
        let url = try folder().appendingPathComponent("image.sqlite")
        #expect(try StoreImage.reader(at: url, schemaDigest: "A") == nil)
        try StoreImage(url: url, schemaDigest: "A").write([(DataID("I1"), Self.row("one"))])
        let reader = try #require(try StoreImage.reader(at: url, schemaDigest: "A"))
        #expect(reader.isCurrent)
        #expect(try reader.row(of: DataID("I1")) == Self.row("one"))
        let other = try #require(try StoreImage.reader(at: url, schemaDigest: "B"))
        #expect(!other.isCurrent)
        #expect(try other.row(of: DataID("I1")) == nil)
        #expect(try StoreImage(url: url, schemaDigest: "A").launch == 2)
    }

    @Test func anotherSchemaStartsTheImageEmptyAndASignOutEmptiesIt() throws {
        let url = try folder().appendingPathComponent("image.sqlite")
        try StoreImage(url: url, schemaDigest: "A").write([(DataID("I1"), Self.row("one"))])
        let changed = try StoreImage(url: url, schemaDigest: "B")
        #expect(try changed.row(of: DataID("I1")) == nil)
        try changed.write([(DataID("I1"), Self.row("one"))])
        try changed.removeAll()
        #expect(try changed.row(of: DataID("I1")) == nil)
        #expect(try changed.rowBytes() == 0)
    }

    @Test func overItsLimitTheImageEvictsTheOldestLaunchesAndNeverTheKeptOnes() throws {
        let url = try folder().appendingPathComponent("image.sqlite")
        var used: [Int] = []
        for launch in 1...3 {
            let image = try StoreImage(url: url, schemaDigest: "A")
            try image.write((0..<20).map { (DataID("L\(launch)-\($0)"), Self.row(String(repeating: "x", count: 1_000))) })
            used.append(try image.usedBytes())
        }
        let perLaunch = used[2] - used[1]
        #expect(perLaunch >= 20_000)
        let image = try StoreImage(url: url, schemaDigest: "A")
        // Room for a little more than two launches: the oldest goes, and only it.
        #expect(try image.evict(toFit: used[2] - perLaunch / 2, keeping: image.launch) == [1])
        #expect(try image.row(of: DataID("L1-0")) == nil)
        #expect(try image.row(of: DataID("L2-19")) != nil)
        #expect(try image.usedBytes() <= used[2] - perLaunch / 2)
        // However small the limit, the launches kept stay.
        #expect(try image.evict(toFit: 0, keeping: 3) == [2])
        #expect(try image.row(of: DataID("L3-0")) == Self.row(String(repeating: "x", count: 1_000)))
        #expect(try image.evict(toFit: 0, keeping: 3) == [])
        // No index by launch (it repeated every id): eviction scans, and the names stay for
        // the rows left.
        let database = try SQLiteDatabase(url: url, creating: false)
        #expect(try Self.count(in: database, "SELECT COUNT(*) FROM sqlite_schema WHERE type = 'index'") == 0)
        #expect(try Self.count(in: database, "SELECT COUNT(*) FROM names") == 1)
    }

    /// The first column of the one row `sql` reads.
    static func count(in database: SQLiteDatabase, _ sql: StaticString) throws -> Int64 {
        var count: Int64 = -1
        try database.run(sql) { count = $0.integer(0) }
        return count
    }

    /// The image's rows name their keys from one table: a key, a type name, spelled once in the
    /// file however many rows hold it; a row read back spells them again.
    @Test func rowsShareTheNamesOfTheirKeysAndTypes() throws {
        let url = try folder().appendingPathComponent("image.sqlite")
        let image = try StoreImage(url: url, schemaDigest: "A")
        let fields: (Int) -> [String: FieldState] = { number in
            ["__typename": FieldState(value: .scalar(.string("Character"))),
             "id": FieldState(value: .scalar(.string("C\(number)"))),
             "name": FieldState(value: .scalar(.string("Rick \(number)")))]
        }
        try image.write((1...50).map { (DataID("C\($0)"), RecordEncoding.encode(fields($0))) })
        try image.write([(DataID("C51"), RecordEncoding.encode(fields(51)))])
        for number in [1, 50, 51] {
            #expect(try image.row(of: DataID("C\(number)")) == RecordEncoding.encode(fields(number)))
        }
        let database = try SQLiteDatabase(url: url, creating: false)
        #expect(try Self.count(in: database, "SELECT COUNT(*) FROM names") == 4)
        // A row: its version, flags and count, three keys and the type by number, the id by
        // reference, the name's string.
        #expect(try image.rowBytes() == 51 * 14 + 9 * 6 + 42 * 7)
        // A later launch reads them, and a reader too.
        #expect(try StoreImage(url: url, schemaDigest: "A").row(of: DataID("C51")) == RecordEncoding.encode(fields(51)))
        let reader = try #require(try StoreImage.reader(at: url, schemaDigest: "A"))
        #expect(try reader.row(of: DataID("C2")) == RecordEncoding.encode(fields(2)))
    }

    /// An image written before names (its rows of versions 1 and 2 spelling their keys, an
    /// index by launch) reads back as written; the writer drops the index, and a row written
    /// again names its keys.
    @Test func anImageOfTheFormatBeforeNamesReadsAsWritten() throws {
        let url = try folder().appendingPathComponent("image.sqlite")
        let old = try SQLiteDatabase(url: url)
        try old.execute("""
            PRAGMA auto_vacuum = INCREMENTAL; PRAGMA journal_mode = WAL;
            PRAGMA application_id = \(StoreImage.applicationID);
            CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
            CREATE TABLE records (id TEXT PRIMARY KEY, launch INTEGER NOT NULL, row BLOB NOT NULL) WITHOUT ROWID;
            CREATE INDEX records_by_launch ON records (launch);
            CREATE TABLE stamps (key TEXT PRIMARY KEY, launch INTEGER NOT NULL,
                fetched_at REAL NOT NULL, invalidated INTEGER NOT NULL) WITHOUT ROWID;
            CREATE TABLE invalidations (id TEXT PRIMARY KEY, launch INTEGER NOT NULL, at REAL NOT NULL) WITHOUT ROWID;
            INSERT INTO meta VALUES ('schema', 'A'), ('launch', '4');
            """)
        let versionTwo = Self.row("two")
        // Version 1: a list of links, each id whole (`1 id`).
        let versionOne: [UInt8] = [1, 0, 1, 1, 0x61, 3, 2, 1, 2, 0x61, 0x62, 1, 2, 0x61, 0x63]
        let links = RecordEncoding.encode(["a": FieldState(value: .links([DataID("ab"), DataID("ac")]))])
        try old.run("INSERT INTO records VALUES ('I1', 4, ?)", [.blob(versionTwo)])
        try old.run("INSERT INTO records VALUES ('I2', 4, ?)", [.blob(versionOne)])
        let reader = try #require(try StoreImage.reader(at: url, schemaDigest: "A"))
        #expect(try reader.row(of: DataID("I1")) == versionTwo)
        #expect(try reader.row(of: DataID("I2")) == links)
        let image = try StoreImage(url: url, schemaDigest: "A")
        #expect(try Self.count(in: old, "SELECT COUNT(*) FROM sqlite_schema WHERE name = 'records_by_launch'") == 0)
        #expect(try image.row(of: DataID("I1")) == versionTwo)
        try image.write([(DataID("I2"), RecordEncoding.encode(["b": FieldState(value: .null)]))])
        #expect(try image.row(of: DataID("I2")) == RecordEncoding.encode(["a": FieldState(value: .links([DataID("ab"), DataID("ac")])),
                                                                          "b": FieldState(value: .null)]))
        var stored: [UInt8] = []
        try old.run("SELECT row FROM records WHERE id = 'I2'") { stored = $0.blob(0) }
        #expect(stored.first == RecordEncoding.namedVersion)
        #expect(try Self.count(in: old, "SELECT COUNT(*) FROM names") == 2)
        // A row of version 2 written again as it was becomes version 3 all the same, and
        // reads back as before.
        try image.write([(DataID("I1"), versionTwo)])
        try old.run("SELECT row FROM records WHERE id = 'I1'") { stored = $0.blob(0) }
        #expect(stored.first == RecordEncoding.namedVersion)
        #expect(try image.row(of: DataID("I1")) == versionTwo)
        #expect(try reader.row(of: DataID("I1")) == versionTwo)
    }

    /// A reader opened before the writer gave names reads the rows naming them: it reads the
    /// names again in the read transaction that finds the file changed (`data_version`), and
    /// the writer, the names another writer gave.
    @Test func aConnectionReadsTheNamesAnotherGaveSinceItLastRead() throws {
        let url = try folder().appendingPathComponent("image.sqlite")
        let first = try StoreImage(url: url, schemaDigest: "A")
        try first.write([(DataID("I1"), Self.row("one"))])
        let reader = try #require(try StoreImage.reader(at: url, schemaDigest: "A"))
        #expect(try reader.row(of: DataID("I1")) == Self.row("one"))
        let state = RecordEncoding.encode(["state": FieldState(value: .scalar(.string("OPEN")))])
        try first.write([(DataID("I2"), state)])
        #expect(try reader.row(of: DataID("I2")) == state)
        // Another writer gives the next number; the first, writing again, numbers after it.
        let second = try StoreImage(url: url, schemaDigest: "A")
        let body = RecordEncoding.encode(["body": FieldState(value: .scalar(.string("text")))])
        try second.write([(DataID("I3"), body)])
        let author = RecordEncoding.encode(["author": FieldState(value: .null)])
        try first.write([(DataID("I4"), author)])
        for (id, row) in [("I1", Self.row("one")), ("I2", state), ("I3", body), ("I4", author)] {
            #expect(try reader.row(of: DataID(id)) == row, "\(id)")
            #expect(try second.row(of: DataID(id)) == row, "\(id)")
        }
        #expect(reader.names == ["title", "state", "body", "author"])
    }

    @Test func aFileThatIsNoDatabaseIsRefusedAsCorrupt() throws {
        let url = try folder().appendingPathComponent("image.sqlite")
        try Data(repeating: 0x5A, count: 8_192).write(to: url)
        #expect { try StoreImage(url: url, schemaDigest: "A") } throws: { error in
            (error as? ImageDatabaseError)?.isCorrupt == true
        }
    }

    /// A child process writes commits of 50 rows, each with the number of the last commit
    /// written; once commit 50 is written, another thread kills the process, while the writer
    /// is in the middle of the next ones: the image opens with commits 1...n whole and
    /// nothing of n + 1.
    @Test func aProcessKilledDuringAWriteLeavesAPrefixOfWholeCommits() async throws {
        let path = try folder().appendingPathComponent("image.sqlite").path
        await #expect(processExitsWith: .signal(SIGKILL)) { [path = path as String] in
            let image = try StoreImage(url: URL(fileURLWithPath: path), schemaDigest: "A")
            let written = CommitsWritten()
            Thread.detachNewThread {
                while written.count.load(ordering: .acquiring) < 50 { sched_yield() }
                kill(getpid(), SIGKILL)
            }
            var commit = 0
            while true {
                defer { written.count.store(commit, ordering: .releasing) }
                commit += 1
                let rows = (0..<50).map { (DataID("C\(commit)-\($0)"), Optional(Self.row(String(repeating: "x", count: 200)))) }
                try image.write(rows + [(DataID("last"), Self.row(String(commit)))])
            }
        }
        let image = try StoreImage(url: URL(fileURLWithPath: path), schemaDigest: "A")
        let last = try #require(try image.row(of: DataID("last")))
        let decoded = try RecordEncoding.decode(last)
        guard case .scalar(.string(let text))? = decoded.fields["title"]?.value, let written = Int(text) else {
            Issue.record("the last commit's number does not read back: \(decoded)")
            return
        }
        #expect(written >= 1)
        for commit in 1...written {
            for row in [0, 49] {
                #expect(try image.row(of: DataID("C\(commit)-\(row)")) != nil, "commit \(commit) of \(written), row \(row)")
            }
        }
        #expect(try image.row(of: DataID("C\(written + 1)-0")) == nil)
    }
}

/// The commits a child process has written, for the thread that kills it.
private final class CommitsWritten: Sendable {
    let count = Atomic(0)
}
