import LatticeBench

/// A results file sorted into the suite's benchmarks (`SuiteBenchmark`), in the file's order,
/// for the reports to query by what a benchmark measures rather than by its name.
struct SuiteIndex {
    /// The results indexed.
    let results: ResultsFile
    /// Recognised benchmarks, in file order.
    let entries: [(benchmark: SuiteBenchmark, result: BenchmarkResult)]
    /// Benchmarks outside the suite's naming scheme, in file order.
    let others: [BenchmarkResult]
    private let byBenchmark: [SuiteBenchmark: BenchmarkResult]

    /// Indexes `results`. - Complexity: O(benchmarks · name length).
    init(_ results: ResultsFile) {
        self.results = results
        var entries: [(benchmark: SuiteBenchmark, result: BenchmarkResult)] = []
        var others: [BenchmarkResult] = []
        for result in results.benchmarks {
            if let benchmark = SuiteBenchmark(name: result.name) {
                entries.append((benchmark, result))
            } else {
                others.append(result)
            }
        }
        self.entries = entries
        self.others = others
        byBenchmark = Dictionary(entries.map { ($0.benchmark, $0.result) }, uniquingKeysWith: { first, _ in first })
    }

    /// The result of `benchmark`, if measured. - Complexity: O(1).
    subscript(_ benchmark: SuiteBenchmark) -> BenchmarkResult? { byBenchmark[benchmark] }

    /// Every strategy any benchmark names, the suite's first (`BenchmarkSuite.ordered`).
    var strategies: [String] { LatticeSuite().ordered(strategies: entries.compactMap(\.benchmark.strategy)) }

    /// Operations with a phase read, in the order first measured (the suite measures the
    /// largest first).
    var phaseReadOperations: [String] {
        unique(entries.compactMap {
            if case .phaseRead(_, let operation, _) = $0.benchmark { operation } else { nil }
        })
    }

    /// Field-read readers in first-measured order, and body sizes ascending.
    var fieldReaders: (readers: [String], sizes: [Int]) {
        var readers: [String] = [], sizes: [Int] = []
        for case (.fieldRead(let reader, let fields), _) in entries {
            readers.append(reader)
            sizes.append(fields)
        }
        return (unique(readers), Set(sizes).sorted())
    }

    /// Operations and commit kinds of the body re-run benchmarks, in first-measured order.
    var bodyRerunCases: (operations: [String], commits: [String]) {
        var operations: [String] = [], commits: [String] = []
        for case (.bodyReruns(_, let operation, let commit), _) in entries {
            operations.append(operation)
            commits.append(commit)
        }
        return (unique(operations), unique(commits))
    }

    /// Field counts of the read-scaling benchmarks, ascending.
    var readScalingSizes: [Int] {
        Set(entries.compactMap { if case .readScaling(_, let fields) = $0.benchmark { fields } else { nil } }).sorted()
    }

    /// Retained-handle counts of the commit-scaling benchmarks, ascending.
    var commitScalingSizes: [Int] {
        Set(entries.compactMap { if case .commitScaling(_, let handles, _) = $0.benchmark { handles } else { nil } })
            .sorted()
    }

    /// The run's benchmarks that `recognize` names as a step at a size (a page, rows,
    /// layers), by step then size: what the per-step sections list and chart.
    /// - Complexity: O(benchmarks log benchmarks).
    func steps(_ recognize: (SuiteBenchmark) -> (step: String, size: Int)?)
        -> [(step: String, size: Int, result: BenchmarkResult)] {
        entries.compactMap { entry -> (step: String, size: Int, result: BenchmarkResult)? in
            recognize(entry.benchmark).map { ($0.step, $0.size, entry.result) }
        }.sorted { ($0.step, $0.size) < ($1.step, $1.size) }
    }

    /// The response-path inputs and steps measured, in first-seen order.
    var responsePathCases: (inputs: [String], steps: [String]) {
        var inputs: [String] = [], steps: [String] = []
        for case (.responsePath(let input, let step), _) in entries {
            inputs.append(input)
            steps.append(step)
        }
        return (unique(inputs), unique(steps))
    }

    /// Settings of the event-log-cost benchmarks, in first-measured order.
    var eventLogSettings: [String] {
        unique(entries.compactMap { if case .eventLogCost(let setting) = $0.benchmark { setting } else { nil } })
    }

    /// Settings of the counters-cost benchmarks, in first-measured order.
    var counterSettings: [String] {
        unique(entries.compactMap { if case .countersCost(let setting) = $0.benchmark { setting } else { nil } })
    }

    private func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }
}
