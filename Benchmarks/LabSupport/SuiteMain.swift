import Foundation
import LatticeBench
import LatticeTesting

/// The entry point of a suite executable: builds its benchmarks (loading spec/ or generating
/// operations, which can fail), then hands them to `BenchmarkMain`. A failure to build them
/// is reported on stderr with exit status 1, as the harness reports bad arguments. The spec
/// folder a `--spec` run measures (`Spec.environmentVariable`) is passed on to the callgrind
/// child, which builds the same benchmarks from it.
@MainActor
public func runSuite(_ name: String, _ make: @MainActor () throws -> [Benchmark]) -> Never {
    let suite: [Benchmark]
    do {
        suite = try make()
    } catch {
        FileHandle.standardError.write(Data("\(name): cannot build the benchmarks: \(error)\n".utf8))
        exit(ExitStatus.couldNotRun.rawValue)
    }
    BenchmarkMain.run(suite, passedEnvironment: [Spec.environmentVariable])
}
