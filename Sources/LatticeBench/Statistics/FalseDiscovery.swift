/// Benjamini-Hochberg control of the false discovery rate over the rows of a comparison: a
/// suite of a hundred benchmarks tested at 5 % each would call about five of them changed
/// when nothing changed. The k smallest of m p-values are discoveries, k the largest rank
/// with p₍ₖ₎ <= alpha·k/m; under no change at all, the chance of any discovery is alpha.
enum FalseDiscovery {
    /// The indices of `pValues` that are discoveries at `alpha`. - Complexity: O(m log m).
    static func discoveries(_ pValues: [Double], alpha: Double) -> Set<Int> {
        let order = pValues.indices.sorted { pValues[$0] < pValues[$1] }
        let m = Double(pValues.count)
        var count = 0
        for (rank, index) in order.enumerated() where pValues[index] <= alpha * Double(rank + 1) / m {
            count = rank + 1
        }
        return Set(order.prefix(count))
    }
}
