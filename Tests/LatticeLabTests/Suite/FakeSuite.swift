import Foundation
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
            let script = bin.appendingPathComponent(name)
            try Self.script(name: name, kind: kind, results: results.path).write(to: script, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
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
