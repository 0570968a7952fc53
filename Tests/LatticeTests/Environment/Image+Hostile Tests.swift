import Foundation
import Testing
@testable import Lattice
import LatticeTesting

/// Images that would crash, hang or destroy: a launch counter at its end, another application's
/// database at the image's path, an image holding many invalidations, a read-only image. Each
/// launch refuses or reads what it must, logs why, and the app goes on (from memory when the
/// image is refused): never a trap, never a write into a file that is not Lattice's, never a
/// read of a whole table at launch.
@MainActor @Suite(.hangGuard) struct ImageHostileTests {
    /// Runs `sql` on the file at `url` through the image's own database wrapper, then closes it.
    func change(_ url: URL, _ sql: String) throws {
        let database = try SQLiteDatabase(url: url)
        try database.execute(sql)
    }

    /// A launch that loads the dashboard into its image, then closes it.
    func imageOfALaunch(_ launches: ImageLaunches, showing name: String = "Dashboard") async throws {
        let (environment, transport) = launches.launch(.shipped)
        transport.enqueue(name)
        try await launches.attach(name, in: environment).waitForFetch()
        await environment.closeImage()
        #expect(environment.imageLog.isEmpty)
    }

    /// A launch on the file at `launches.url` that must go on from memory: it loads the
    /// dashboard from its transport. - Returns: its image log.
    func launchFromMemory(_ launches: ImageLaunches, _ strategy: PhaseStrategy) async throws -> [String] {
        let (environment, transport) = launches.launch(strategy)
        let gate = RequestBarrier()
        transport.enqueue("Dashboard", after: gate)
        let dashboard = try launches.attach("Dashboard", in: environment)
        // Nothing read from the file: the screen waits for the network.
        #expect(!dashboard.hasData)
        gate.open()
        await dashboard.waitForFetch()
        #expect(dashboard.phase.name == "ready")
        environment.commitUpdate { delta in
            delta.set(FieldState(value: .scalar(.string("a commit"))), for: FieldKey("bio"), on: DataID(viewerID))
        }
        await environment.closeImage()
        return environment.imageLog
    }

    /// A launch counter that cannot count on (at `Int64.max`, the old code's trap on `+ 1`), or
    /// that is no count: the launch refuses the image, at its place, leaves it as it is, and
    /// runs from memory.
    @Test(arguments: ["9223372036854775807", "-1", "many"])
    func aLaunchCounterOutOfRangeIsRefusedAtItsPlaceAndTheAppRunsFromMemory(_ counter: String) async throws {
        let launches = try ImageLaunches()
        try await imageOfALaunch(launches)
        try change(launches.url, "UPDATE meta SET value = '\(counter)' WHERE key = 'launch'")
        let before = try Data(contentsOf: launches.url)
        for strategy in PhaseStrategy.allCases {
            let log = try await launchFromMemory(launches, strategy)
            #expect(log.count == 1, "\(log)")
            #expect(log.first?.hasPrefix("image: meta.launch: the launch counter `\(counter)` is out of range") == true, "\(log)")
            #expect(log.first?.hasSuffix("the store runs from memory") == true, "\(log)")
        }
        #expect(try Data(contentsOf: launches.url) == before)
    }

    /// Another application's database at the image's path, one with a `records` table of its
    /// own, one with its own `application_id`: refused before anything is written (its bytes
    /// stay as they were, no WAL beside it), logged, and the app runs from memory.
    @Test(arguments: ["""
        CREATE TABLE records (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        INSERT INTO records (name) VALUES ('kept'), ('also kept');
        """, """
        PRAGMA application_id = 42;
        CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);
        INSERT INTO notes (body) VALUES ('kept');
        """])
    func anotherApplicationsDatabaseIsRefusedAndLeftAsItIs(_ sql: String) async throws {
        let launches = try ImageLaunches()
        try change(launches.url, sql)
        let before = try Data(contentsOf: launches.url)
        for strategy in PhaseStrategy.allCases {
            let log = try await launchFromMemory(launches, strategy)
            #expect(log.count == 1, "\(log)")
            #expect(log.first?.hasPrefix("image: signature: not a Lattice image") == true, "\(log)")
        }
        #expect(try Data(contentsOf: launches.url) == before)
        #expect(launches.files.dropFirst().allSatisfy { !FileManager.default.fileExists(atPath: $0.path) })
    }

    /// An image Lattice wrote before it signed its files (no `application_id`) is Lattice's:
    /// read at the next launch, and signed.
    @Test func anImageFromBeforeTheSignatureIsReadAndSigned() async throws {
        let launches = try ImageLaunches()
        try await imageOfALaunch(launches)
        try change(launches.url, "PRAGMA application_id = 0")
        let (environment, _) = launches.launch(.shipped)
        #expect(try launches.attach("Dashboard", in: environment, policy: .storeOnly).hasData)
        await environment.closeImage()
        #expect(environment.imageLog.isEmpty)
        var signed: Int64 = 0
        try SQLiteDatabase(url: launches.url).run("PRAGMA application_id") { signed = $0.integer(0) }
        #expect(signed == Int64(StoreImage.applicationID))
    }

    /// An image whose table of names lost a name its rows refer to (a damaged file): those rows
    /// are refused as corrupt at the byte naming it, logged, never read as another name; the
    /// screen then waits for the network.
    @Test func aRowNamingANameTheImageLacksIsRefusedAtItsByte() async throws {
        let launches = try ImageLaunches()
        try await imageOfALaunch(launches)
        try change(launches.url, "DELETE FROM names WHERE number = (SELECT MAX(number) FROM names)")
        let (environment, _) = launches.launch(.shipped)
        #expect(try !launches.attach("Dashboard", in: environment, policy: .storeOnly).hasData)
        await environment.closeImage()
        #expect(!environment.imageLog.isEmpty)
        for line in environment.imageLog {
            #expect(line.hasPrefix("image row "), "\(line)")
            #expect(line.contains(": corrupt record row at byte "), "\(line)")
            #expect(line.contains(", which the image's names do not hold ("), "\(line)")
        }
    }

    /// An image holding 100,000 records invalidated by id opens reading a few rows, not the
    /// table (the old code read every row at open: 1.9 s on the main actor at 2 million), and an
    /// operation that reaches a record invalidated after it was written still reads stale.
    @Test func manyInvalidationsAreNotReadAtOpenAndStillHold() async throws {
        let launches = try ImageLaunches()
        do {
            let clock = ManualScheduler(now: Date(timeIntervalSince1970: 0))
            let (environment, transport) = launches.launch(.shipped, clock: clock)
            transport.enqueue("ViewerSidebar")
            try await launches.attach("ViewerSidebar", in: environment).waitForFetch()
            clock.advance(by: .seconds(1))
            environment.invalidate(DataID(viewerID))
            await environment.closeImage()
        }
        try change(launches.url, """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000)
            INSERT INTO invalidations (id, launch, at) SELECT 'Other:' || i, 1, 0 FROM n;
            """)
        let (environment, _) = launches.launch(.shipped)
        let reader = try #require(environment.image?.reader)
        #expect(reader.rowsRead < 20, "rows read at open: \(reader.rowsRead)")
        let sidebar = try launches.attach("ViewerSidebar", in: environment, policy: .storeOnly)
        #expect(sidebar.hasData)
        #expect(environment.check(try launches.fixtures.artifact("ViewerSidebar")) == .stale)
        #expect(reader.rowsRead < 100, "rows read at open and hydration: \(reader.rowsRead)")
        await environment.closeImage()
    }

    /// A read-only image: the log names the statement that failed, not the first of the batch
    /// it was in (`PRAGMA busy_timeout`). In a child process that makes the file and its folder
    /// read-only and, as root (which writes anywhere), becomes `nobody`; it prints its log.
    @Test func aReadOnlyImagesLogNamesTheStatementThatFailed() async throws {
        let launches = try ImageLaunches()
        try await imageOfALaunch(launches)
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            [path = launches.url.path as String] in
            await HostileImageChild.readOnly(image: path)
        }
        let log = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(!log.contains("busy_timeout"), "\(log)")
        // Here the first read of the file (SQLite cannot make the WAL's index beside it).
        #expect(log.hasPrefix("image: PRAGMA application_id: attempt to write a readonly database"), "\(log)")
        #expect(log.hasSuffix("the store runs from memory\n"), "\(log)")
    }
}

/// The hostile tests' child process.
@MainActor
enum HostileImageChild {
    /// The image and its folder read-only, the process `nobody` when it is root: a launch, its
    /// image log printed on standard error, exit 0 (`_exit`: no exit handlers in a child).
    static func readOnly(image path: String) async -> Never {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard let fixtures = try? SharedFixtures.get(), chmod(path, 0o444) == 0, chmod(folder, 0o555) == 0,
              getuid() != 0 || (setgid(65534) == 0 && setuid(65534) == 0) else { _exit(2) }
        let environment = Environment(program: fixtures.program, transport: fixtures.transport(),
                                      configuration: .init(clock: ManualScheduler(), image: URL(fileURLWithPath: path)))
        await environment.imageWritten()
        FileHandle.standardError.write(Data(environment.imageLog.map { $0 + "\n" }.joined().utf8))
        _exit(0)
    }
}
