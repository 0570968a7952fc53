import Foundation
import LabTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LatticeBench
@testable import LatticeLab

/// Benchmark executables that misbehave on purpose, as shell scripts in a fresh folder: each
/// lists `NAME/alpha` and `NAME/beta` (those `--filter` selects by substring), and when run
/// behaves as its kind says. Never part of the package, so never shipped with the suite.
struct FakeSuite {
    /// How a fake executable behaves when run (listing always works, unless `listingFails`).
    enum Kind: String {
        /// Writes results for both benchmarks.
        case fine
        /// Dies by SIGSEGV before writing anything.
        case segfaults
        /// Dies by SIGTRAP, as a Swift trap does.
        case traps
        /// Exits 0 having reported only `alpha`.
        case forgets
        /// Exits 0 having written a results file that is not JSON.
        case corrupts
        /// Exits 1 when asked to list.
        case listingFails
        /// Writes an SVG profile for each benchmark into its --output folder.
        case profiles
    }

    /// The folder of executables (`bin`), and one for the runs' outputs.
    let folder: URL

    /// Makes the executables `kinds` (name → kind) in a fresh temporary folder.
    init(_ kinds: [String: Kind]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("fake-suite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        for (name, kind) in kinds {
            let results = folder.appendingPathComponent("\(name).results.json")
            let names = kind == .forgets ? ["\(name)/alpha"] : ["\(name)/alpha", "\(name)/beta"]
            try LabSamples.file(try names.map { try LabSamples.timed($0, 100) }).encoded().write(to: results)
            try Self.writeExecutable(Self.script(name: name, kind: kind, results: results.path),
                                     to: bin.appendingPathComponent(name).path)
        }
    }

    /// Where the executables are.
    var bin: URL { folder.appendingPathComponent("bin") }

    /// A runner over the fakes, run from the folder.
    var runner: SuiteRunner { SuiteRunner(bin: bin, checkout: folder, environment: [:], log: BenchLog()) }

    /// The suite executables `names`, with a tiny budget.
    static func executables(_ names: [String]) -> [SuiteExecutable] { names.map { SuiteExecutable($0, budget: 0.01) } }

    /// Removes the folder.
    func remove() { try? FileManager.default.removeItem(at: folder) }

    /// Writes an executable file through a descriptor closed on exec: tests run in parallel, and
    /// a child another test starts while this file is open for writing would otherwise inherit
    /// the descriptor and keep it open, and executing the file would then fail ("text file busy").
    private static func writeExecutable(_ text: String, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
    }

    private static func script(name: String, kind: Kind, results: String) -> String {
        let behaviour = switch kind {
        case .fine, .forgets: #"cp "\#(results)" "$out""#
        case .segfaults: "kill -SEGV $$"
        case .traps: "kill -TRAP $$"
        case .corrupts: #"echo 'not json' > "$out""#
        case .listingFails: "exit 0"
        case .profiles: #"mkdir -p "$out" && for n in $selected; do echo '<svg/>' > "$out/$(echo "$n" | tr / .).svg"; done"#
        }
        return """
        #!/bin/sh
        ulimit -c 0
        list=0 out="" filter=""
        while [ $# -gt 0 ]; do
            case "$1" in
                --list) list=1 ;;
                --output) out=$2; shift ;;
                --filter) filter=$2; shift ;;
            esac
            shift
        done
        selected=""
        for n in \(name)/alpha \(name)/beta; do
            case "$n" in *"$filter"*) selected="$selected $n" ;; esac
        done
        if [ $list = 1 ]; then
            \(kind == .listingFails ? "exit 1" : #"for n in $selected; do echo "$n"; done; exit 0"#)
        fi
        \(behaviour)

        """
    }
}
