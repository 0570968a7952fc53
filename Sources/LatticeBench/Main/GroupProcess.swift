import Foundation

/// The parent half of measuring in isolation: a measuring run of more than one group of
/// benchmarks (one benchmark, or those `--interleave` takes in turn) starts this executable
/// again for each group, with `--measure-group N`, and reads the group's results from the file
/// the child writes.
///
/// Why a process a group: a benchmark measured after others runs in the heap, caches and
/// lazily built state they left, so its figure depended on which benchmarks ran before it.
/// Measured 2026-12-06, one binary, minutes apart: RecordPage/collectOneRoot walked its 50,004
/// records in 1.39 ms run alone and in 1.52 ms after the rest of RecordPage (its records
/// allocated into the holes of the long session's 61,000), and the full run of a21677e read
/// 1.88 ms with a robust CV of 17 %. A resampling round, which runs only the benchmarks it
/// needs, then pooled samples of another heap with the first pass's. In a process of its own a
/// benchmark measures the same whatever the filter; each process costs its start and the
/// harness's overhead measurement, about half a second.
@MainActor
enum GroupProcess {
    /// The internal flag giving a child the index of the group it measures (in the order
    /// `BenchmarkSession.groups` gives for the same selection and `--interleave` patterns).
    nonisolated static let childFlag = "--measure-group"

    /// What a child left: its results (nil when it wrote none) and why it failed, if it did.
    struct Outcome {
        var results: ResultsFile?
        var failure: String?
    }

    /// Starts this executable for group `index` of `command`'s selection, waits for it and reads
    /// what it wrote. Its standard error (errors, the warm-up status on a terminal) is this
    /// process's; its standard output is discarded (its results go to a file).
    /// - Complexity: the child's run, plus decoding its results.
    static func measure(group index: Int, of command: BenchmarkCommandLine) -> Outcome {
        let output = FileManager.default.temporaryDirectory
            .appendingPathComponent("lattice-group-\(getpid())-\(index)-\(UInt32.random(in: 0...UInt32.max)).json")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ThisExecutable.path)
        process.arguments = command.childArguments(group: index, output: output.path)
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return Outcome(results: nil, failure: "cannot start the group's process: \(error)")
        }
        process.waitUntilExit()
        let ending = process.terminationReason == .exit
            ? (process.terminationStatus == 0 ? nil : "its process exited with status \(process.terminationStatus)")
            : "its process was killed by signal \(process.terminationStatus)"
        guard FileManager.default.fileExists(atPath: output.path) else {
            return Outcome(results: nil, failure: (ending ?? "its process exited 0") + " and wrote no results")
        }
        do {
            return Outcome(results: try ResultsFile.read(from: output), failure: ending)
        } catch {
            return Outcome(results: nil, failure: "its results cannot be read: \(error)")
        }
    }
}
