extension ResultsFile {
    /// One results file from several (the suite runs one executable per file), losing nothing:
    ///
    /// - benchmarks are concatenated in the order given; a name in two files is an error;
    /// - machine (load average and host name aside), toolchain and commit must agree, since
    ///   figures from different machines or commits do not belong in one table;
    /// - `createdAt` and the machine's load average are the earliest run's; `dirty` is true if
    ///   any tree was dirty;
    /// - the configuration keeps the fields all files agree on (others become nil); each
    ///   file's measured harness overhead moves onto its benchmarks that lack their own.
    ///
    /// - Throws: `JSONFileError.nothingToMerge`, `.duplicateBenchmark`, `.incompatible`.
    /// - Complexity: O(total benchmarks).
    public static func merged(_ files: [ResultsFile]) throws(JSONFileError) -> ResultsFile {
        guard let first = files.first else { throw .nothingToMerge }
        let earliest = files.min { $0.createdAt < $1.createdAt } ?? first
        var toolchain = first.toolchain
        var revision = first.revision
        var configuration = first.configuration
        var benchmarks = [BenchmarkResult]()
        var names = Set<String>()

        for file in files {
            guard file.machine.identity == first.machine.identity else {
                throw .incompatible(field: "machine", first: "\(first.machine.identity)",
                                    other: "\(file.machine.identity)")
            }
            switch (toolchain, file.toolchain) {
            case let (known?, other?) where known != other:
                throw .incompatible(field: "toolchain", first: known.swiftVersion,
                                    other: other.swiftVersion)
            case (nil, let other):
                toolchain = other
            case (.some, _):
                break
            }
            switch (revision, file.revision) {
            case let (known?, other?) where known.commit != other.commit:
                throw .incompatible(field: "revision", first: known.commit, other: other.commit)
            case let (known?, other?):
                revision = SourceRevision(commit: known.commit, dirty: known.dirty || other.dirty)
            case (nil, let other):
                revision = other
            case (.some, nil):
                break
            }
            configuration = configuration.agreeing(with: file.configuration)
            for benchmark in file.benchmarksCarryingOverhead {
                guard names.insert(benchmark.name).inserted else {
                    throw .duplicateBenchmark(name: benchmark.name)
                }
                benchmarks.append(benchmark)
            }
        }
        return ResultsFile(createdAt: earliest.createdAt, machine: earliest.machine,
                           toolchain: toolchain, revision: revision,
                           configuration: configuration, benchmarks: benchmarks)
    }
}

extension ResultsFile {
    /// The benchmarks, each carrying the harness overhead the file's run measured where it has
    /// none of its own: what a benchmark keeps when it leaves its file (a merge, a measuring
    /// group's process). - Complexity: O(benchmarks).
    var benchmarksCarryingOverhead: [BenchmarkResult] {
        benchmarks.map { benchmark in
            var benchmark = benchmark
            benchmark.harnessOverheadNanoseconds = benchmark.harnessOverheadNanoseconds
                ?? configuration.harnessOverheadNanoseconds
            return benchmark
        }
    }
}

extension Machine {
    /// The fields that identify the hardware and kernel, without the moment's load.
    fileprivate var identity: String {
        "\(cpuModel ?? "?"), \(cores) cores, \(architecture ?? "?"), \(kernel ?? "?")"
    }
}

extension RunConfiguration {
    /// The fields on which `self` and `other` agree; the others nil.
    fileprivate func agreeing(with other: RunConfiguration) -> RunConfiguration {
        func agreed<T: Equatable>(_ a: T?, _ b: T?) -> T? { a == b ? a : nil }
        return RunConfiguration(
            quick: agreed(quick, other.quick),
            warmUpNanoseconds: agreed(warmUpNanoseconds, other.warmUpNanoseconds),
            maxSamples: agreed(maxSamples, other.maxSamples),
            timeBudgetNanoseconds: agreed(timeBudgetNanoseconds, other.timeBudgetNanoseconds),
            filter: agreed(filter, other.filter),
            mode: agreed(mode, other.mode),
            harnessOverheadNanoseconds: agreed(harnessOverheadNanoseconds,
                                               other.harnessOverheadNanoseconds))
    }
}
