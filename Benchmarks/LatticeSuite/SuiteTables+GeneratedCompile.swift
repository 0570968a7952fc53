import LatticeBench

/// What an app's build pays for generated code: `GeneratedCompile`'s sizes of the union
/// document, generated and compiled in debug.
extension SuiteTables {
    /// The document's sizes, in name order (`full`, `half`), that the run measured.
    /// - Complexity: O(benchmarks).
    var generatedCompileSizes: [String] {
        index.results.benchmarks.compactMap { result -> String? in
            guard case .generatedCompile(let size)? = SuiteBenchmark(name: result.name) else { return nil }
            return size
        }.sorted()
    }

    /// Per size: the whole step's time (median [95% CI], and in paces) and the compiler's peak
    /// resident memory (median [95% CI]).
    /// - Complexity: O(benchmarks).
    func generatedCompile() -> TextTable {
        var table = TextTable(headers: ["document", "generate and compile (median [95% CI])",
                                          "compiler peak memory (median [95% CI])"], numericFrom: 1)
        for size in generatedCompileSizes {
            let result = index[.generatedCompile(size: size)]
            table.append([size, FigureText.figure(result?.metric(named: Metric.wallTime.name)),
                          FigureText.figure(result?.metric(named: SuiteBenchmark.ObservedName.compilerPeakMemory))])
        }
        return table
    }
}
