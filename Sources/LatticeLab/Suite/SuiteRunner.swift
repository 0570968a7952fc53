import Foundation
import LatticeBench

/// Runs the suite's executables from one folder of builds, failing closed: each executable
/// lists what it will report first (`--list`), a selection that lists nothing anywhere fails
/// before anything is measured, and after each run every benchmark listed must have reported.
/// An executable that dies by a signal or exits non-zero ends the run, naming it, how it
/// ended, the benchmarks that did not report and the executables not run.
struct SuiteRunner {
    /// The folder holding the built executables.
    let bin: URL
    /// The checkout the executables run from (they find spec/ there).
    let checkout: URL
    /// Variables added to each executable's environment (`LATTICE_SPEC` for another spec).
    let environment: [String: String]
    /// Where progress goes.
    let log: BenchLog

    /// What one pass wrote: a results file per executable that ran (measure and instruction
    /// passes) or a folder of profiles per executable (profile passes).
    struct Output {
        /// By executable, in suite order.
        var files: [(executable: String, url: URL)] = []
    }

    /// Runs `executables` in `pass`, writing into `folder` (`NAME.json` per executable, or
    /// `NAME/` for profiles).
    /// - Throws: `SuiteFailure` as described for the type.
    /// - Complexity: one listing and one run per executable, blocking until each exits.
    func run(_ executables: [SuiteExecutable], _ pass: SuitePass, into folder: URL) throws(SuiteFailure) -> Output {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var listed: [String: [String]] = [:]
        for executable in executables {
            let path = bin.appendingPathComponent(executable.name)
            guard FileManager.default.isExecutableFile(atPath: path.path) else {
                throw .missingExecutable(name: executable.name, folder: bin.path)
            }
            let (ending, output) = child(executable, ["--list"] + pass.selection).capture()
            guard ending.succeeded else { throw .listingFailed(executable: executable.name, how: ending.description) }
            listed[executable.name] = output.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        }
        guard listed.values.contains(where: { !$0.isEmpty }) else {
            throw .nothingSelected(filter: pass.filter, executables: executables.map(\.name))
        }
        var output = Output()
        for (index, executable) in executables.enumerated() {
            let names = listed[executable.name] ?? []
            let progress = "[\(index + 1)/\(executables.count)] \(executable.name)"
            guard !names.isEmpty else {
                log("\(progress): nothing selected", timed: false)
                continue
            }
            let notRun = executables.dropFirst(index + 1).map(\.name)
            let target = folder.appendingPathComponent(pass.mode == .profile ? executable.name : "\(executable.name).json")
            try? FileManager.default.removeItem(at: target)
            let destination = pass.mode == .profile ? ["--output", target.path]
                : ["--format", "json", "--output", target.path]
            log(progress)
            let ending = child(executable, destination + pass.sampling(executable) + pass.selection)
                .run(discardingOutput: pass.mode == .profile)
            let missing = unreported(names, mode: pass.mode, at: target)
            guard ending.succeeded else {
                throw .executableFailed(executable: executable.name, how: ending.description,
                                        unreported: (try? missing.get()) ?? names, notRun: notRun)
            }
            let absent: [String]
            do {
                absent = try missing.get()
            } catch {
                throw .unreadableResults(executable: executable.name, reason: "\(error)")
            }
            guard absent.isEmpty else { throw .unreported(executable: executable.name, names: absent, notRun: notRun) }
            output.files.append((executable.name, target))
        }
        return output
    }

    private func child(_ executable: SuiteExecutable, _ arguments: [String]) -> ChildProcess {
        ChildProcess(executable: bin.appendingPathComponent(executable.name), arguments: arguments,
                     directory: checkout, environment: environment)
    }

    /// The names among `names` that did not report at `target`: for profiles, those without
    /// a flamegraph in the folder; otherwise those the results file does not hold (all of them
    /// when there is no file: the executable died before writing it).
    private func unreported(_ names: [String], mode: SuitePass.Mode, at target: URL) -> Result<[String], JSONFileError> {
        if mode == .profile {
            return .success(names.filter { name in
                let file = target.appendingPathComponent(ProfileFileName.of(name) + ".svg")
                return ((try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0) == 0
            })
        }
        guard FileManager.default.fileExists(atPath: target.path) else { return .success(names) }
        do {
            let reported = Set(try ResultsFile.read(from: target).benchmarks.map(\.name))
            return .success(names.filter { !reported.contains($0) })
        } catch {
            return .failure(error)
        }
    }
}
