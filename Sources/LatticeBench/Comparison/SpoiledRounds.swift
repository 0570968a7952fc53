/// Rounds in which a whole benchmark executable ran off the rest of its commit's rounds at
/// the same pace: load the pace does not see (another process filling the shared cache; a
/// build beside a compare made one round 2.6 times slower across 14 benchmarks) spoils a
/// process, not a benchmark. Such a round is left out of every benchmark of that executable
/// on that side, even where it was the benchmark's only round.
enum SpoiledRounds {
    /// How far, in process deviations σ, a round's offset may go before it is spoiled.
    static let beyond = 4.0
    /// Fewest benchmarks of an executable whose rounds say what a round's offset is.
    static let minimumBenchmarks = 3

    /// The (executable, round) pairs spoiled on one side. `side` maps benchmark names
    /// (`Executable/benchmark`) to their log round medians by round index. A round's offset
    /// is the median, over the executable's benchmarks measured in it and in another round,
    /// of its log median minus the median of their other rounds.
    /// - Complexity: O(benchmarks · rounds² log rounds).
    static func find(_ side: [String: [Int: Double]], sigma: Double) -> Set<Key> {
        var differences: [Key: [Double]] = [:]
        for (benchmark, rounds) in side where rounds.count >= 2 {
            let executable = String(benchmark.prefix { $0 != "/" })
            for (round, value) in rounds {
                let others = rounds.filter { $0.key != round }.map(\.value)
                differences[Key(executable: executable, round: round), default: []]
                    .append(value - SortedSamples(others).median)
            }
        }
        return Set(differences.compactMap { key, values in
            guard values.count >= minimumBenchmarks else { return nil }
            return Swift.abs(SortedSamples(values).median) > beyond * sigma ? key : nil
        })
    }

    /// A round of one executable.
    struct Key: Hashable {
        var executable: String
        var round: Int
    }
}
