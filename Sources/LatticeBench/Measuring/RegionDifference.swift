/// Named figures per operation of each benchmark from the function costs of the regions
/// `InstructionCounter` marked: for each name, `(f(2n) − f(n) − (b(2n) − b(n))) / n`, `f` the
/// figure in the benchmark's regions and `b` in the empty baseline's of the same call path, so
/// the fixed cost of a region and the loop's cancel as they do for the instruction count.
enum RegionDifference {
    /// Each benchmark's figures by name (`figures` reads them from one region's costs); a name
    /// missing from a region counts 0 there. Benchmarks lacking a region get none; names whose
    /// figure is 0 are dropped.
    /// - Complexity: O(regions · names).
    static func perOperation(_ regions: [InstructionRegion: CallgrindFunctionCosts],
                             _ figures: (CallgrindFunctionCosts) -> [String: Double]) -> [String: [String: Double]] {
        func difference(_ benchmark: String?, _ path: BenchmarkInstance.CallPath, _ iterations: Int) -> [String: Double]? {
            guard let short = regions[InstructionRegion(benchmark: benchmark, callPath: path, iterations: iterations)],
                  let long = regions[InstructionRegion(benchmark: benchmark, callPath: path, iterations: 2 * iterations)]
            else { return nil }
            return figures(long).merging(figures(short).mapValues { -$0 }, uniquingKeysWith: +)
        }
        var result: [String: [String: Double]] = [:]
        for region in regions.keys {
            guard let benchmark = region.benchmark, result[benchmark] == nil,
                  let measured = difference(benchmark, region.callPath, region.iterations) else { continue }
            let baseline = difference(nil, region.callPath, region.iterations) ?? [:]
            let n = Double(region.iterations)
            result[benchmark] = measured.merging(baseline.mapValues { -$0 }, uniquingKeysWith: +)
                .mapValues { $0 / n }.filter { $0.value != 0 }
        }
        return result
    }
}
