/// The n₁·n₂ differences `candidate[j] - baseline[i]`, queried by rank without storing them.
///
/// A difference (rounded to Double) is non-decreasing in the candidate value and
/// non-increasing in the baseline value, so with both sides sorted the number of differences
/// at most t is counted in one merge-like pass, and the k-th smallest difference is the
/// smallest Double t whose count reaches k: a binary search over the 64-bit ordering of
/// Doubles, exact in at most 64 passes. Memory stays O(n₁ + n₂) where materializing would
/// take O(n₁·n₂) (80 MB for two sets of 3,000 samples).
struct PairwiseDifferences: Sendable {
    private let baseline: [Double]
    private let candidate: [Double]

    /// Sorts both (non-empty, finite) sample sets. - Complexity: O(n log n).
    init(baseline: [Double], candidate: [Double]) {
        self.baseline = baseline.sorted()
        self.candidate = candidate.sorted()
    }

    /// n₁·n₂.
    var count: Int { baseline.count * candidate.count }

    /// The k-th smallest difference, 1-based, k in 1...count.
    /// - Complexity: O(64 · (n₁ + n₂)).
    func smallest(_ k: Int) -> Double {
        var low = Self.key(candidate[0] - baseline[baseline.count - 1])
        var high = Self.key(candidate[candidate.count - 1] - baseline[0])
        while low < high {
            let mid = low + (high - low) / 2
            if countNotAbove(Self.value(mid)) >= k { high = mid } else { low = mid + 1 }
        }
        return Self.value(low) + 0 // + 0 turns a -0.0 into 0.0
    }

    /// The median of the differences (mean of the middle two when count is even).
    var median: Double {
        count % 2 == 1
            ? smallest((count + 1) / 2)
            : (smallest(count / 2) + smallest(count / 2 + 1)) / 2
    }

    /// How many differences are <= t. - Complexity: O(n₁ + n₂).
    private func countNotAbove(_ t: Double) -> Int {
        var total = 0
        var j = 0
        for b in baseline {
            while j < candidate.count, candidate[j] - b <= t { j += 1 }
            total += j
        }
        return total
    }

    /// Maps a Double to a UInt64 with the same order (negatives reversed below positives).
    private static func key(_ value: Double) -> UInt64 {
        let bits = value.bitPattern
        return bits >> 63 == 1 ? ~bits : bits | (1 << 63)
    }

    /// The inverse of `key`.
    private static func value(_ key: UInt64) -> Double {
        key >> 63 == 1 ? Double(bitPattern: key & ~(1 << 63)) : Double(bitPattern: ~key)
    }
}
