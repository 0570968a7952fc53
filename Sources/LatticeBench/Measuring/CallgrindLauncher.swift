import Foundation

/// The parent half of `--instructions`: re-launches this executable under
/// `valgrind --tool=callgrind --instr-atstart=no` with `--callgrind-child`, then reads the
/// instruction counts of the regions `InstructionCounter` marked.
///
/// Only the main thread is counted (`--separate-threads=yes`), where benchmarks run: the
/// other threads' share depends on timing. The exact figures' child runs with
/// `SWIFT_DETERMINISTIC_HASHING=1`, so hashing (and with it every dictionary's layout) is the
/// same on every run; valgrind's own address layout is fixed. Hence the same binary and input
/// give the same counts. That fixes a count for one binary, not across builds: a key path's
/// hash mixes in the addresses of its types' metadata (`AnyKeyPath.hash(into:)`), and an
/// object's identity is its address, so a rebuild that moves them changes which entries of
/// Observation's tables collide. Hash-seed children (`--hash-seeds`) run without the fixed
/// seed and sample that placement, so a comparison can judge such counts by their spread.
/// Valgrind's debug-info warnings (`### ...` lines) are dropped from the child's standard
/// error; the rest is passed on.
///
/// The child is a copy of this executable without its DWARF sections (`objcopy
/// --strip-debug`): valgrind 3.19 cannot read the debug information Swift 6.3 writes for some
/// executables ("possibly corrupted debuginfo file", then it gives up), and it needs only the
/// symbol table, which the copy keeps, to name functions.
@MainActor
enum CallgrindLauncher {
    /// The internal flag telling an executable it is the callgrind child.
    static let childFlag = "--callgrind-child"
    /// The internal flag giving a child the number of heap layouts to count under.
    static let layoutsFlag = "--callgrind-layouts"

    /// What the child counted, by benchmark name (as declared).
    struct Counts {
        /// Instructions per operation, one count per heap layout in layout order.
        var instructions: [String: [Double]]
        /// The functions the instructions are attributed to in layout 0 (`InstructionAttribution`).
        var functions: [String: (functions: [FunctionCost], omittedBelow: Double)]
        /// Retains and releases per operation in layout 0 (`ReferenceCounting`), by metric name.
        var referenceCounts: [String: [String: Double]]
        /// The sites that allocate most per operation in layout 0 (`AllocationSites`).
        var allocationSites: [String: [AllocationSite]]
    }

    /// Runs the child with `arguments` (after the executable) and returns what it counted.
    /// With `deterministicHashing` (the exact figures) the child hashes with Swift's fixed
    /// seed; without it, with a seed of its own, so runs sample how hashing places addresses.
    /// The variables named in `passedEnvironment` are passed on from this process when set
    /// (`childEnvironment`).
    /// - Throws: `CallgrindLauncherError`.
    /// - Complexity: the child's run, at callgrind's speed (tens of times slower than native),
    ///   plus reading its dumps: O(dump size) each.
    static func countInstructions(arguments: [String], deterministicHashing: Bool = true,
                                  passedEnvironment: [String] = []) throws(CallgrindLauncherError) -> Counts {
        guard let valgrind = executableInPath("valgrind") else { throw .valgrindNotFound }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent(Self.directoryName(process: getpid(), nonce: UInt32.random(in: 0...UInt32.max)))
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .launchFailed(reason: "cannot create \(directory.path): \(error)")
        }
        defer { try? FileManager.default.removeItem(at: directory) }

        let child = try copyWithoutDebugInfo(ThisExecutable.path, into: directory)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: valgrind)
        process.arguments = ["--tool=callgrind", "--instr-atstart=no", "--separate-threads=yes", "-q",
                             "--callgrind-out-file=\(directory.path)/callgrind.out",
                             child, childFlag] + arguments
        process.environment = childEnvironment(deterministicHashing: deterministicHashing, passing: passedEnvironment,
                                               linkingPathsInto: directory)
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw .launchFailed(reason: "\(valgrind): \(error)")
        }
        forwardFilteringValgrindNoise(errors.fileHandleForReading)
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw .childFailed(status: process.terminationStatus)
        }
        let regions = try readRegions(in: directory)
        return Counts(instructions: instructionsPerOperation(regions.totals),
                      functions: InstructionAttribution.perOperation(regions.functions),
                      referenceCounts: RegionDifference.perOperation(regions.functions, ReferenceCounting.figures),
                      allocationSites: RegionDifference.perOperation(regions.functions, AllocationSites.figures)
                          .mapValues(AllocationSites.largest))
    }

    /// The child's whole environment, the same on every run and machine, not the parent's:
    /// the process copies its environment to the heap as it starts, so an inherited variable
    /// of another length moves every later allocation, and with it the count of any path that
    /// hashes addresses (measured: one variable of 90 bytes instead of 1 moved
    /// ResponsePath/Dashboard/commit by 1,900 instructions). jemalloc purges unused pages on a
    /// clock (its decay): off, the allocator runs the same instructions whenever the run is.
    /// The variables named in `passing` are taken from `parent` when set: the caller's, which
    /// the benchmarks need to build themselves (the executable's `BenchmarkMain.run` names them).
    /// A passed value that is an absolute path to something that exists (a fixture folder)
    /// reaches the child as a link in `links` (the child's folder, whose name has one length):
    /// the child keeps the paths it reads from (a document's name, a file's URL), so a checkout
    /// at a path of another length moved every later allocation and with it the counts of
    /// address-hashing paths (measured: PhaseRead/stored/IssueAuthorCard/tracked's hash-seed
    /// counts 20,575 to 21,231 in /work/main, 21,582 to 22,800 in /check/work/main, the same
    /// binary and commit, 2026-12-05; the counts followed the spec folder's path, not the
    /// binary). A link that cannot be made leaves the value as it is.
    static func childEnvironment(deterministicHashing: Bool, passing: [String] = [],
                                 from parent: [String: String] = ProcessInfo.processInfo.environment,
                                 linkingPathsInto links: URL? = nil) -> [String: String] {
        var environment = ["PATH": "/usr/bin:/bin", "MALLOC_CONF": "dirty_decay_ms:-1,muzzy_decay_ms:-1"]
        if deterministicHashing { environment["SWIFT_DETERMINISTIC_HASHING"] = "1" }
        for (index, name) in passing.enumerated() {
            guard let value = parent[name] else { continue }
            environment[name] = links.flatMap { linkedPath(value, as: "path-\(index)", in: $0) } ?? value
        }
        return environment
    }

    /// `value`, when it is an absolute path to something that exists, linked as `name` in
    /// `folder`; the link's path, or nil when `value` is not such a path or the link fails.
    private static func linkedPath(_ value: String, as name: String, in folder: URL) -> String? {
        guard value.hasPrefix("/"), FileManager.default.fileExists(atPath: value) else { return nil }
        let link = folder.appendingPathComponent(name)
        do {
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: value)
            return link.path
        } catch {
            return nil
        }
    }

    /// The child's folder name, `lattice-callgrind-` and two fixed-width hexadecimal fields. The
    /// child runs from a path inside it, which its arguments carry: a name whose length varied
    /// with the process id or the nonce would move every allocation the child makes after
    /// reading its arguments, and with them the addresses its tables hash.
    nonisolated static func directoryName(process: Int32, nonce: UInt32) -> String {
        func hex(_ value: UInt32) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 8 - digits.count) + digits
        }
        return "lattice-callgrind-\(hex(UInt32(bitPattern: process)))-\(hex(nonce))"
    }

    /// Instructions per operation of every benchmark, one per layout with both regions, in
    /// layout order: `(I(2n) − I(n) − (B(2n) − B(n))) / n`, `B` the empty baseline of the same
    /// call path (layout 0; 0 when missing), clamped at 0.
    /// - Complexity: O(regions log regions).
    nonisolated static func instructionsPerOperation(_ regions: [InstructionRegion: UInt64]) -> [String: [Double]] {
        func difference(_ name: String?, _ path: BenchmarkInstance.CallPath, _ layout: Int, _ iterations: Int) -> Double? {
            guard let short = regions[InstructionRegion(benchmark: name, callPath: path, layout: layout,
                                                        iterations: iterations)],
                  let long = regions[InstructionRegion(benchmark: name, callPath: path, layout: layout,
                                                       iterations: 2 * iterations)]
            else { return nil }
            return Double(long) - Double(short)
        }
        var byLayout: [String: [(layout: Int, count: Double)]] = [:]
        for region in regions.keys {
            guard let name = region.benchmark,
                  let measured = difference(name, region.callPath, region.layout, region.iterations) else { continue }
            let baseline = difference(nil, region.callPath, 0, region.iterations) ?? 0
            byLayout[name, default: []].append((region.layout, max(0, (measured - baseline) / Double(region.iterations))))
        }
        return byLayout.mapValues { $0.sorted { $0.layout < $1.layout }.map(\.count) }
    }

    /// Reads every labelled dump in `directory`: region → `Ir`, and region → `Ir` by function.
    private static func readRegions(in directory: URL) throws(CallgrindLauncherError)
        -> (totals: [InstructionRegion: UInt64], functions: [InstructionRegion: CallgrindFunctionCosts]) {
        let files: [String]
        do {
            files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw .output(.unreadable(file: directory.path, reason: FileErrorReason.describe(error)))
        }
        var regions: [InstructionRegion: UInt64] = [:]
        var functions: [InstructionRegion: CallgrindFunctionCosts] = [:]
        var readableNames: [String: String] = [:]
        /// `FunctionName.readable`, each symbol demangled once for all dumps.
        func readable(_ symbol: String) -> String {
            if let known = readableNames[symbol] { return known }
            let name = FunctionName.readable(symbol)
            readableNames[symbol] = name
            return name
        }
        for name in files where name.hasPrefix("callgrind.out") {
            let path = directory.appendingPathComponent(name).path
            let text: String
            do {
                text = try String(contentsOfFile: path, encoding: .utf8)
            } catch {
                throw .output(.unreadable(file: path, reason: FileErrorReason.describe(error)))
            }
            // Only the harness's labelled dumps are read: under `--separate-threads=yes` the
            // final dump at exit writes a header-only file for the process as well.
            guard text.contains("desc: Trigger: Client Request: ") else { continue }
            let output: CallgrindOutput
            do {
                output = try CallgrindOutput(parsing: text, file: path)
            } catch {
                throw .output(error)
            }
            // Benchmarks run on the main thread; what other threads do meanwhile (the transport's
            // task, the thread pool's idle spinning) depends on timing and is not counted.
            guard let label = output.clientRequestLabel, let region = InstructionRegion(label: label),
                  output.thread ?? 1 == 1 else { continue }
            guard let instructions = output.total(of: "Ir", summingCostLines: region.switchesInstrumentation) else {
                throw .noInstructionEvent(file: path)
            }
            regions[region] = instructions
            // Attribution comes from layout 0: the other layouts move where objects are, not
            // where the instructions go, and parsing them would triple the cost.
            guard region.layout == 0 else { continue }
            do {
                functions[region] = try CallgrindFunctionCosts(parsing: text, file: path, readable: readable)
            } catch {
                throw .output(error)
            }
        }
        return (regions, functions)
    }

    private static func forwardFilteringValgrindNoise(_ handle: FileHandle) {
        var pending = Data()
        while true {
            let chunk = handle.availableData
            pending.append(chunk)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = pending[pending.startIndex...newline]
                pending = Data(pending[pending.index(after: newline)...])
                if !line.starts(with: Array("### ".utf8)) {
                    FileHandle.standardError.write(Data(line))
                }
            }
            if chunk.isEmpty { break }
        }
        if !pending.isEmpty { FileHandle.standardError.write(pending) }
    }

    /// A copy of `executable` in `directory`, under the same name, without DWARF sections.
    private static func copyWithoutDebugInfo(_ executable: String, into directory: URL) throws(CallgrindLauncherError) -> String {
        guard let objcopy = executableInPath("objcopy") else { throw .objcopyNotFound }
        let copy = directory.appendingPathComponent(URL(fileURLWithPath: executable).lastPathComponent).path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: objcopy)
        process.arguments = ["--strip-debug", executable, copy]
        do {
            try process.run()
        } catch {
            throw .launchFailed(reason: "\(objcopy): \(error)")
        }
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw .launchFailed(reason: "objcopy --strip-debug \(executable) failed with status \(process.terminationStatus)")
        }
        return copy
    }

    private static func executableInPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":")
            .map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// Why instructions could not be counted.
enum CallgrindLauncherError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `valgrind` is not in `PATH`.
    case valgrindNotFound
    /// `objcopy` (binutils) is not in `PATH`.
    case objcopyNotFound
    /// The child could not be started.
    case launchFailed(reason: String)
    /// The child exited with a non-zero status (or was killed by a signal).
    case childFailed(status: Int32)
    /// A dump file could not be read.
    case output(CallgrindOutputError)
    /// A labelled dump does not count `Ir`.
    case noInstructionEvent(file: String)

    var description: String {
        switch self {
        case .valgrindNotFound: "valgrind not found in PATH (apt-get install valgrind)"
        case .objcopyNotFound: "objcopy not found in PATH (apt-get install binutils)"
        case .launchFailed(let reason): "cannot start callgrind: \(reason)"
        case .childFailed(let status): "the run under callgrind failed with status \(status)"
        case .output(let error): error.description
        case .noInstructionEvent(let file): "\(file): no 'Ir' event (or no 'totals:' in a region switching instrumentation)"
        }
    }
}
