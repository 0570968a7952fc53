import Foundation
import Lattice
import LatticeTesting

/// Launches of an app on one image file in a fresh folder: each an environment over the
/// fixtures with the image at `url`, its own transport, and a clock at 0.
@MainActor
struct ImageLaunches {
    let fixtures: CompiledSpec
    /// The image's file.
    let url: URL

    init() throws {
        fixtures = try SharedFixtures.get()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lattice-image-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        url = folder.appendingPathComponent("store.sqlite")
    }

    /// The image's file and SQLite's two beside it.
    var files: [URL] { ["", "-wal", "-shm"].map { URL(fileURLWithPath: url.path + $0) } }

    /// One launch under `strategy`, on `clock` (a clock of its own at 0 by default).
    func launch(_ strategy: PhaseStrategy, clock: ManualScheduler = ManualScheduler(now: Date(timeIntervalSince1970: 0)))
        -> (environment: Environment, transport: FixtureTransport) {
        let transport = fixtures.transport()
        return (Environment(program: fixtures.program, transport: transport,
                            configuration: .init(strategy: strategy, clock: clock, image: url)), transport)
    }

    /// Attaches `name` in `environment` with its `ok` fixture's variables.
    func attach(_ name: String, in environment: Environment, policy: FetchPolicy = .storeOrNetwork) throws
        -> OperationHandle {
        environment.attach(try fixtures.artifact(name), variables: try fixtures.response(name).variables, policy: policy)
    }
}
