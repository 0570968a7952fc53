import Foundation
import LatticeBench
import LatticeTesting

/// The entry point of a suite executable: builds its benchmarks (loading spec/ or generating
/// operations, which can fail), then hands them to `BenchmarkMain`. A failure to build them
/// is reported on stderr with exit status 1, as the harness reports bad arguments.
///
/// The fixture folders the benchmarks read (spec/, or the one a `--spec` run names, and the
/// record's page) are found once here and named in the environment, which is passed on to the
/// callgrind child: it builds the same benchmarks from the same folders, reached through links
/// of one length, so its counts do not depend on where the checkout is.
@MainActor
public func runSuite(_ name: String, _ make: @MainActor () throws -> [Benchmark]) -> Never {
    let suite: [Benchmark]
    do {
        try nameFixtureFolders()
        suite = try make()
    } catch {
        FileHandle.standardError.write(Data("\(name): cannot build the benchmarks: \(error)\n".utf8))
        exit(ExitStatus.couldNotRun.rawValue)
    }
    BenchmarkMain.run(suite, passedEnvironment: [Spec.environmentVariable, RecordPageFixture.environmentVariable])
}

/// Sets `LATTICE_SPEC` and `LATTICE_RECORD_PAGE` to the folders they would find when unset
/// (the record's page is optional: a checkout without it leaves its variable unset).
/// - Throws: `FixtureLoadError.notFound` when there is no spec folder.
private func nameFixtureFolders() throws {
    if ProcessInfo.processInfo.environment[Spec.environmentVariable] == nil {
        setenv(Spec.environmentVariable, try Spec.locate().root.path, 1)
    }
    if ProcessInfo.processInfo.environment[RecordPageFixture.environmentVariable] == nil,
       let page = try? RecordPageFixture.locate() {
        setenv(RecordPageFixture.environmentVariable, page.path, 1)
    }
}
