import Foundation
import Testing
import Lattice
import LatticeTesting

/// `Environment.closeImage()`: it returns once every commit before it is written and the file
/// is released, so a sign-out can delete the file and the next launch starts fresh.
@MainActor @Suite(.hangGuard) struct ImageCloseTests {
    @Test(arguments: PhaseStrategy.allCases)
    func aClosedImageCanBeDeletedAndTheNextLaunchStartsFresh(_ strategy: PhaseStrategy) async throws {
        let launches = try ImageLaunches()
        let fileManager = FileManager.default
        do {
            let (environment, transport) = launches.launch(strategy)
            transport.enqueue("Dashboard")
            try await launches.attach("Dashboard", in: environment).waitForFetch()
            // No `imageWritten()`: closing writes what was committed before it.
            await environment.closeImage()
            #expect(environment.imageLog.isEmpty)
            // Released: the last connection folded the WAL into the file and removed it.
            #expect(launches.files.map { fileManager.fileExists(atPath: $0.path) } == [true, false, false])
            // The environment goes on from memory; closing again does nothing.
            environment.commitUpdate { delta in
                delta.set(FieldState(value: .scalar(.string("after the close"))), for: FieldKey("bio"),
                          on: DataID(viewerID))
            }
            await environment.imageWritten()
            await environment.closeImage()
            #expect(launches.files.map { fileManager.fileExists(atPath: $0.path) } == [true, false, false])
            // The file holds the dashboard, read by a launch of its own.
            let (reading, _) = launches.launch(strategy)
            #expect(try launches.attach("Dashboard", in: reading, policy: .storeOnly).hasData)
            await reading.closeImage()
            // A sign-out deletes the image.
            for file in launches.files where fileManager.fileExists(atPath: file.path) {
                try fileManager.removeItem(at: file)
            }
        }
        let (fresh, transport) = launches.launch(strategy)
        #expect(try !launches.attach("Dashboard", in: fresh, policy: .storeOnly).hasData)
        // The fresh image is written as any: the launch after it reads the dashboard.
        transport.enqueue("Dashboard")
        try await launches.attach("Dashboard", in: fresh).waitForFetch()
        await fresh.closeImage()
        #expect(fresh.imageLog.isEmpty)
        let (next, _) = launches.launch(strategy)
        #expect(try launches.attach("Dashboard", in: next, policy: .storeOnly).hasData)
    }
}
